"use client";

import { useMemo, useSyncExternalStore } from "react";

// One clock for the page, moving every 15 s. The server renders without a clock (null), so nothing
// time-dependent is baked into the HTML and hydration matches.
const STEP = 15_000;

function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, STEP);
  return () => clearInterval(timer);
}

// Rounded so that every read between two ticks returns the same value, as useSyncExternalStore needs.
const snapshot = () => Math.floor(Date.now() / STEP) * STEP;
const serverSnapshot = () => null;

/** The current instant (to 15 s); null while rendering on the server. */
export function useNow(): Date | null {
  const now = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  return useMemo(() => (now === null ? null : new Date(now)), [now]);
}
