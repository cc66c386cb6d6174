import styles from "./editor-skeleton.module.css";

/** A section-shaped placeholder: a header line and item rows of the real rows' height. */
function SectionSkeleton({ rows }: { rows: number }) {
  return (
    <div className={styles.section} aria-hidden>
      <div className={styles.head} />
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical empty placeholders that never reorder; the index is their only identity
        <div key={index} className={styles.row} />
      ))}
    </div>
  );
}

/** The selected menu's tree while it loads. */
export function TreeSkeleton() {
  return (
    <div role="status" aria-label="Loading the menu" className={styles.tree}>
      <SectionSkeleton rows={3} />
      <SectionSkeleton rows={2} />
    </div>
  );
}

/** The whole board while the menus load: the menus column and the selected menu. */
export function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading menus" className={styles.board}>
      <div className={styles.side} aria-hidden>
        <div className={styles.line} />
        {Array.from({ length: 3 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical empty placeholders that never reorder; the index is their only identity
          <div key={index} className={styles.menuRow} />
        ))}
      </div>
      <div className={styles.main} aria-hidden>
        <div className={styles.header} />
        <SectionSkeleton rows={3} />
        <SectionSkeleton rows={2} />
      </div>
    </div>
  );
}
