import styles from "./form-parts.module.css";

/** The form-level problem (one no field took), announced when it appears. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className={styles.error} role="alert">
      {message}
    </p>
  );
}

export function FormActions({
  onCancel,
  busy,
  label,
  busyLabel = "Saving…",
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  busyLabel?: string;
}) {
  return (
    <div className={styles.actions}>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
