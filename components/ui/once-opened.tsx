"use client";

import { type ReactNode, useState } from "react";

/**
 * Its children, from the first time `open` is true: a lazy dialog's code then loads when it is first
 * opened, not right after the page (whose phone would parse it while the person starts to use the
 * page). Once in, it stays mounted, so closing it returns focus to its button as a native dialog does.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? children : null;
}
