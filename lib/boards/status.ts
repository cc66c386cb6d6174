// A board's status (venue-operations §10), pure and isomorphic: the list, the watch job and the
// dashboard's banner decide it by the same rule. A board is online while its heartbeat (its open event
// stream, written every 30 s) is younger than 90 s; offline after that; "offline_expected" when it is
// offline while the location is closed (its weekly and special hours, lib/hours/open-now.ts).

/** No heartbeat for this long: the board is offline. */
export const OFFLINE_AFTER_MS = 90_000;
/** Offline this long in opening hours: `board.offline` is recorded (once, lib/boards/watch.ts). */
export const TELL_OFFLINE_AFTER_MS = 120_000;

export const BOARD_STATUSES = ["online", "offline", "offline_expected"] as const;
export type BoardStatus = (typeof BOARD_STATUSES)[number];

/** When the board was last heard of: its heartbeat, or (never heard since pairing) its pairing. */
export const lastHeard = (board: { lastSeenAt: Date | null; createdAt: Date }) => board.lastSeenAt ?? board.createdAt;

/** How long the board has been silent at `now`, in milliseconds (0 when heard just now). */
export const silentFor = (lastHeardAt: Date, now: Date) => Math.max(0, now.getTime() - lastHeardAt.getTime());

/** The status at `now` of a board last heard at `lastHeardAt`, with the location `open` or not at `now`. */
export function boardStatus(lastHeardAt: Date, now: Date, open: boolean): BoardStatus {
  if (silentFor(lastHeardAt, now) <= OFFLINE_AFTER_MS) return "online";
  return open ? "offline" : "offline_expected";
}

/** A board is dark when it is offline while the location is open: the dashboard's banner names it. */
export const isDark = (status: BoardStatus) => status === "offline";
