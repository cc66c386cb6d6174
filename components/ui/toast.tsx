"use client";

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import styles from "./ui.module.css";

type Toast = { id: number; message: string; tone: "info" | "error"; action?: { label: string; run: () => void } };
type Notify = (message: string, options?: { tone?: Toast["tone"]; action?: Toast["action"] }) => void;

const ToastContext = createContext<Notify | null>(null);

/** Messages in one polite live region; errors stay until dismissed, others fade after 6 s. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const notify = useCallback<Notify>(
    (message, options = {}) => {
      const toast: Toast = { id: next.current++, message, tone: options.tone ?? "info", action: options.action };
      setToasts((all) => [...all.slice(-3), toast]);
      if (toast.tone !== "error") setTimeout(() => dismiss(toast.id), toast.action ? 8000 : 6000);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className={styles.toasts} role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={toast.tone === "error" ? `${styles.toast} ${styles.toastError}` : styles.toast}
            data-testid="toast"
          >
            <span>{toast.message}</span>
            {toast.action && (
              <button
                type="button"
                className="btn btn--small"
                onClick={() => {
                  toast.action!.run();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label}
              </button>
            )}
            <button type="button" className={styles.toastClose} aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error("useToast needs <ToastProvider> (app/providers.tsx)");
  return notify;
}
