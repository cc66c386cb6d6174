"use client";

// Whether a drag on the board is under way: the live refresh (use-live-menus.ts) waits for its end,
// so a change from elsewhere never redraws the lists under a manager's hand mid-gesture.
let dragging = 0;
const ended = new Set<() => void>();

export const boardDrag = {
  start() {
    dragging++;
  },
  end() {
    dragging = Math.max(0, dragging - 1);
    if (dragging === 0) for (const listener of ended) listener();
  },
  active: () => dragging > 0,
  onEnd(listener: () => void) {
    ended.add(listener);
    return () => {
      ended.delete(listener);
    };
  },
};
