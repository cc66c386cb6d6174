"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./actions-menu.module.css";

export type Action = { label: string; run: () => void; danger?: boolean; disabled?: boolean };

/**
 * A menu button (WAI-ARIA pattern): opens below its button, arrow keys move between the actions,
 * Escape or a click elsewhere closes it and focus returns to the button. The button shows three dots
 * unless `trigger` gives it visible content (then `label` should begin with that text, WCAG 2.5.3).
 */
export function ActionsMenu({
  label,
  actions,
  trigger,
  triggerClassName,
}: {
  label: string;
  actions: Action[];
  trigger?: ReactNode;
  triggerClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function close(refocus: boolean) {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const items = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? [])];
    const current = items.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (index: number) => items[(index + items.length) % items.length]?.focus();
    if (event.key === "ArrowDown") focus(current + 1);
    else if (event.key === "ArrowUp") focus(current - 1);
    else if (event.key === "Home") focus(0);
    else if (event.key === "End") focus(items.length - 1);
    else if (event.key === "Escape") close(true);
    else if (event.key === "Tab") close(false);
    else return;
    if (event.key !== "Tab") event.preventDefault();
  }

  return (
    <div className={styles.wrap}>
      <button
        ref={buttonRef}
        type="button"
        className={trigger ? `btn btn--small ${triggerClassName ?? ""}` : `btn btn--ghost ${styles.trigger}`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger ?? (
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden focusable="false">
            <circle cx="4" cy="10" r="1.8" />
            <circle cx="10" cy="10" r="1.8" />
            <circle cx="16" cy="10" r="1.8" />
          </svg>
        )}
      </button>
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA menu button pattern; the list becomes a menu and its items role="none" around menuitems
        <ul ref={menuRef} id={id} role="menu" aria-label={label} className={styles.menu} onKeyDown={onKeyDown}>
          {actions.map((action) => (
            <li key={action.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                disabled={action.disabled}
                className={action.danger ? `${styles.item} ${styles.danger}` : styles.item}
                onClick={() => {
                  close(true);
                  action.run();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
