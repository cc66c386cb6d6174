import { and, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Database, Db } from "@/lib/db/client";
import { boards, locations } from "@/lib/db/schema";
import type { Job } from "@/lib/server/jobs";
import { recordChange } from "@/lib/live/changes";
import { openAt } from "./open";
import { OFFLINE_AFTER_MS, TELL_OFFLINE_AFTER_MS } from "./status";

// The board watch (venue-operations §10): a board offline for 2 minutes while its location is open is
// told once as `board.offline`, and as `board.online` when its heartbeat is back; outside opening hours
// nothing is told (the board is "offline_expected"). Each is a conditional UPDATE of the board's
// offline_told_at that repeats its test, with the change in the same transaction: of two instances
// reaching one board at once, the second waits for the first's row lock, finds the test false and tells
// nothing, so each is told exactly once. A board whose menu was deleted is told nothing (the feed is
// the menus'); its status still shows it.

/** How often the job looks: board.offline is told between 2 minutes and 2 minutes plus this. */
export const BOARD_WATCH_EVERY_MS = 15_000;

const heard = sql`coalesce(${boards.lastSeenAt}, ${boards.createdAt})`;

/** One pass at `now`: what it told, as counts. */
export async function watchBoards(db: Db, now: Date = new Date()): Promise<{ offline: number; online: number }> {
  const silentSince = new Date(now.getTime() - TELL_OFFLINE_AFTER_MS);
  const heardSince = new Date(now.getTime() - OFFLINE_AFTER_MS);
  const dark = and(isNull(boards.offlineToldAt), isNotNull(boards.menuId), sql`${heard} < ${silentSince.toISOString()}::timestamptz`);
  const back = and(isNotNull(boards.offlineToldAt), sql`${heard} >= ${heardSince.toISOString()}::timestamptz`);
  const candidates = await db
    .select({ id: boards.id, dark: sql<boolean>`(${dark})`, location: { id: locations.id, timeZone: locations.timeZone } })
    .from(boards)
    .innerJoin(locations, eq(locations.id, boards.locationId))
    .where(and(isNull(locations.archivedAt), or(dark, back)));
  const told = { offline: 0, online: 0 };
  const open = new Map<number, Promise<boolean>>();
  const isOpen = (location: { id: number; timeZone: string }) => {
    if (!open.has(location.id)) open.set(location.id, openAt(db, location, now));
    return open.get(location.id)!;
  };
  for (const candidate of candidates) {
    if (candidate.dark) {
      if (!(await isOpen(candidate.location))) continue;
      if (await tell(db, candidate.id, dark!, now, "board.offline")) told.offline += 1;
    } else if (await tell(db, candidate.id, back!, null, "board.online")) {
      told.online += 1;
    }
  }
  return told;
}

/** The conditional UPDATE and its change, in one transaction; true when this pass told it. */
/** A board's news in the change feed, under the menu it shows (decision 085). */
type BoardChangeType = "board.offline" | "board.online";

async function tell(db: Db, id: number, test: SQL, toldAt: Date | null, type: BoardChangeType) {
  return db.transaction(async (tx) => {
    const [board] = await tx
      .update(boards)
      .set({ offlineToldAt: toldAt })
      .where(and(eq(boards.id, id), test))
      .returning({ name: boards.name, menuId: boards.menuId });
    if (!board) return false;
    if (board.menuId !== null) {
      const summary =
        type === "board.offline"
          ? `Board “${board.name}” went dark: no signal for 2 minutes during opening hours`
          : `Board “${board.name}” is back on`;
      await recordChange(tx, { menuId: board.menuId, type, summary });
    }
    return true;
  });
}

/** The watch as a background job (lib/server/jobs.ts): safe on every instance. */
export const boardWatchJob: Job<Database> = {
  name: "board-watch",
  everyMs: BOARD_WATCH_EVERY_MS,
  run: (database) => watchBoards(database.db),
};
