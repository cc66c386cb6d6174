import type { Db } from "@/lib/db/client";
import { listHours } from "@/lib/hours/hours";
import { openStatus } from "@/lib/hours/open-now";
import { listSpecialHours } from "@/lib/hours/special";

// Whether a location is open at an instant, by its week and its special dates (venue-operations §11):
// what tells a board that is "offline" from one "offline_expected", and when board.offline is told.

/** Whether `location` is open at `now` on its own clock. */
export async function openAt(db: Db, location: { id: number; timeZone: string }, now: Date): Promise<boolean> {
  const [week, special] = await Promise.all([listHours(db, { locationId: location.id }), listSpecialHours(db, location, now)]);
  return openStatus(week, now, location.timeZone, special).open;
}
