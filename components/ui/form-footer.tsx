import styles from "./ui.module.css";

/**
 * The end of a dialog's form that saves through the API (lib/client/use-zod-form.ts): the failure no
 * field took, then Cancel and the submit button, which says what it is doing while the form submits.
 */
export function FormFooter({
  failure,
  busy,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className={styles.formFailure}>
          {failure}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}
