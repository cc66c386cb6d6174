"use client";

import type { ReactNode } from "react";
import { CopyBlock } from "@/components/account/copy-block";
import { useCopy } from "@/components/account/use-copy";
import styles from "./team.module.css";

/** A one-time link, shown this once, with a Copy button and what to do with it. */
export function LinkNotice({ url, label, children, onDone }: { url: string; label: string; children: ReactNode; onDone: () => void }) {
  const copier = useCopy();
  return (
    <div>
      <div className={styles.notice}>{children}</div>
      <CopyBlock id="link" label={label} text={url} copier={copier} />
      <div className={styles.formActions}>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
