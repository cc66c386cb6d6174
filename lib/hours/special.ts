import { and, asc, eq, gte } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "@/lib/db/client";
import { specialHours } from "@/lib/db/schema";
import { recordActivity } from "@/lib/activity/activity";
import type { SpecialDayInput, SpecialDayResponse } from "@/lib/hours/schemas";

// Special hours (venue-operations §11): a date's hours in the location's zone, replacing its weekday's
// wherever hours count ("open now", an 86 until the next opening, boards). Dates more than 30 days past
// are dropped: never answered, and not kept when the list is saved.

const KEEP_PAST_DAYS = 30;
type Row = typeof specialHours.$inferSelect;

const json = (row: Row): SpecialDayResponse => ({
  date: row.date,
  closed: row.closed,
  open: row.openAt?.slice(0, 5) ?? null,
  close: row.closeAt?.slice(0, 5) ?? null,
  note: row.note,
});

/** The first date still kept: 30 days before today on the location's calendar. */
const keptFrom = (zone: string, now: Date) => DateTime.fromJSDate(now, { zone }).minus({ days: KEEP_PAST_DAYS }).toISODate()!;

/** GET /locations/:id/special_hours: the dates kept, oldest first. */
export async function listSpecialHours(db: Db, location: { id: number; timeZone: string }, now = new Date()) {
  const rows = await db
    .select()
    .from(specialHours)
    .where(and(eq(specialHours.locationId, location.id), gte(specialHours.date, keptFrom(location.timeZone, now))))
    .orderBy(asc(specialHours.date));
  return rows.map(json);
}

const inWords = (entry: SpecialDayInput) =>
  `${entry.date} ${entry.closed ? "closed" : `${entry.open}–${entry.close}`}${entry.note ? ` (${entry.note})` : ""}`;

/** PUT /locations/:id/special_hours: the whole list at once, in one transaction (an empty list clears it). */
export async function replaceSpecialHours(
  db: Db,
  location: { id: number; businessId: number; timeZone: string },
  entries: SpecialDayInput[],
  now = new Date(),
) {
  const from = keptFrom(location.timeZone, now);
  const kept = entries.filter((entry) => entry.date >= from).sort((a, b) => a.date.localeCompare(b.date));
  await db.transaction(async (tx) => {
    await tx.delete(specialHours).where(eq(specialHours.locationId, location.id));
    if (kept.length > 0) {
      await tx.insert(specialHours).values(
        kept.map((entry) => ({
          locationId: location.id,
          date: entry.date,
          closed: entry.closed,
          openAt: entry.closed ? null : entry.open!,
          closeAt: entry.closed ? null : entry.close!,
          note: entry.note || null,
        })),
      );
    }
    await recordActivity(tx, {
      businessId: location.businessId,
      locationId: location.id,
      kind: "special_hours.updated",
      summary:
        kept.length === 0
          ? "Cleared the special hours"
          : `Special hours: ${kept.slice(0, 5).map(inWords).join("; ")}${kept.length > 5 ? `; and ${kept.length - 5} more` : ""}`,
      target: { type: "location", id: location.id },
    });
  });
  return listSpecialHours(db, location, now);
}
