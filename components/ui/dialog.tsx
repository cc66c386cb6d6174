"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./ui.module.css";

/**
 * A modal on the native <dialog>: the browser traps focus, Escape closes it and focus returns to
 * the button that opened it.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  wide = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  wide?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={wide ? `${styles.dialog} ${styles.dialogWide}` : styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {open && (
        <>
          <header className={styles.dialogHeader}>
            <h2 id={titleId}>{title}</h2>
            <button type="button" className={styles.dialogClose} aria-label="Close" onClick={onClose}>
              ×
            </button>
          </header>
          <div className={styles.dialogBody}>{children}</div>
        </>
      )}
    </dialog>
  );
}

/** Asks before something that cannot be undone. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <ConfirmBody message={message} confirmLabel={confirmLabel} busy={busy} onConfirm={onConfirm} onCancel={onClose} />
    </Dialog>
  );
}

/**
 * A confirmation's message and its two buttons, Cancel first and focused: for a dialog whose message is
 * read when it opens (its body mounts with it). `tone` "primary" for a step that can be undone;
 * `disabled` while what the message says is not known yet.
 */
export function ConfirmBody({
  message,
  confirmLabel,
  busy = false,
  disabled = false,
  tone = "danger",
  onConfirm,
  onCancel,
}: {
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  disabled?: boolean;
  tone?: "danger" | "primary";
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      <div className={styles.confirmMessage}>{message}</div>
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={`btn btn--${tone}`} onClick={onConfirm} disabled={busy || disabled}>
          {busy ? "Working…" : confirmLabel}
        </button>
      </div>
    </>
  );
}
