"use client";

import { useRef } from "react";
import type { useCopy } from "./use-copy";
import styles from "./account.module.css";

type Copier = ReturnType<typeof useCopy>;

/** Monospace text with a Copy button; the result ("Copied", or how to copy by hand) is announced. */
export function CopyBlock({
  id,
  label,
  text,
  copier,
  block = false,
}: {
  id: string;
  label: string;
  text: string;
  copier: Copier;
  block?: boolean;
}) {
  const textRef = useRef<HTMLElement>(null);
  const message = copier.messageFor(id);
  return (
    <div className={styles.copyBlock}>
      {block ? (
        // biome-ignore lint/a11y/useSemanticElements: the focusable scroll area stays the <pre> (preformatted commands), named as a region like the other scroll areas
        <pre className={styles.code} tabIndex={0} role="region" aria-label={label}>
          <code ref={textRef}>{text}</code>
        </pre>
      ) : (
        <code ref={textRef} className={styles.token}>
          {text}
        </code>
      )}
      <div className={styles.copyActions}>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void copier.copy(id, text, textRef.current)}
          aria-label={`Copy ${label}`}
        >
          Copy
        </button>
        <span className={styles.copyStatus} role="status" aria-live="polite">
          {message}
        </span>
      </div>
    </div>
  );
}
