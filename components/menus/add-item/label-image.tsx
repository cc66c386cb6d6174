"use client";

import { useState } from "react";
import styles from "./add-item.module.css";

/** A beer's label, or its initial on a tile when there is none or it fails to load (offline catalogues). */
export function LabelImage({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className={styles.labelPlaceholder} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || "?"}
      </span>
    );
  }
  return (
    // biome-ignore lint/performance/noImgElement: catalogue labels come from any host, and a 48 px thumbnail needs no optimiser
    <img
      className={styles.labelImage}
      src={src}
      alt={`${name} label`}
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
    />
  );
}
