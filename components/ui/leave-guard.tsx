"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "./dialog";

/**
 * Keeps unsaved edits from being dropped without a word while `when` holds: a reload or a closed tab
 * gets the browser's own warning, and a link inside the app (the navigation's tabs, any <a>) asks first,
 * in a dialog, whether to leave without saving.
 */
export function LeaveGuard({ when, what = "your changes" }: { when: boolean; what?: string }) {
  const router = useRouter();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    // Before React sees the click (the document's capture phase comes first), so Next's Link never starts.
    const intercept = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const to = new URL(link.href, window.location.href);
      if (to.origin !== window.location.origin) return; // another site: the browser's beforeunload warning asks
      if (to.pathname === window.location.pathname && to.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(`${to.pathname}${to.search}${to.hash}`);
    };
    window.addEventListener("beforeunload", warn);
    document.addEventListener("click", intercept, true);
    return () => {
      window.removeEventListener("beforeunload", warn);
      document.removeEventListener("click", intercept, true);
    };
  }, [when]);

  return (
    <ConfirmDialog
      open={leavingTo !== null}
      title="Leave without saving?"
      message={<p>You have not saved {what}. If you leave this page now, they are lost.</p>}
      confirmLabel="Leave without saving"
      onClose={() => setLeavingTo(null)}
      onConfirm={() => {
        const to = leavingTo;
        setLeavingTo(null);
        if (to) router.push(to);
      }}
    />
  );
}
