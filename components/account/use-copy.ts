"use client";

import { useCallback, useEffect, useRef, useState } from "react";

type CopyState = { id: string; outcome: "copied" | "blocked" } | null;

/**
 * Copies text to the clipboard and says what happened. Where the clipboard is unavailable (an
 * insecure origin, a refused permission), the text is selected on the page instead so the person
 * can copy it with the keyboard.
 */
export function useCopy() {
  const [state, setState] = useState<CopyState>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (id: string, text: string, selectable: HTMLElement | null) => {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(text);
      setState({ id, outcome: "copied" });
      timer.current = setTimeout(() => setState(null), 4000);
    } catch {
      if (selectable) {
        const range = document.createRange();
        range.selectNodeContents(selectable);
        const selection = window.getSelection();
        selection?.removeAllRanges();
        selection?.addRange(range);
      }
      setState({ id, outcome: "blocked" });
    }
  }, []);

  /** The message for one copy button, for its aria-live region. */
  const messageFor = (id: string) =>
    state?.id !== id
      ? ""
      : state.outcome === "copied"
        ? "Copied"
        : "Copying is blocked here: the text is selected, press Ctrl+C (⌘C on a Mac).";

  return { copy, messageFor };
}
