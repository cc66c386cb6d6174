import type { ReactNode } from "react";
import styles from "./ui.module.css";

/** Grey blocks of the size the content will take, so nothing jumps when data arrives. */
export function Skeleton({ lines = 3, height = "2.75rem", label = "Loading" }: { lines?: number; height?: string; label?: string }) {
  return (
    <div role="status" aria-label={label} className={styles.skeletonList}>
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical empty placeholders that never reorder; the index is their only identity
        <div key={index} className={styles.skeleton} style={{ height }} />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      {onRetry && (
        <button type="button" className="btn" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
