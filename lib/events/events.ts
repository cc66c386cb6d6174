import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { events, locations } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import { found, required, type Scope } from "@/lib/server/scope";
import type { EventInput, EventPatch, EventResponse } from "@/lib/events/schemas";
import { instantInZone, wallClockToInstant } from "@/lib/shared/zoned-time";
import { sourceOwnId } from "@/lib/shared/source-id";
import { recordActivity } from "@/lib/activity/activity";

type EventRow = typeof events.$inferSelect;
export type VenueEvent = EventRow & { timeZone: string };

const withZone = { event: events, timeZone: locations.timeZone };

/** The location an event belongs to, as these functions need it. */
type EventLocation = { id: number; businessId: number; timeZone: string };

export async function listEvents(db: Db, { location }: { location: EventLocation }) {
  const rows = await db.select().from(events).where(eq(events.locationId, location.id)).orderBy(asc(events.startTime), asc(events.id));
  return rows.map((row) => eventJson({ ...row, timeZone: location.timeZone }));
}

async function findEvent(db: Db, { businessId, id }: Scope): Promise<(VenueEvent & { businessId: number }) | null> {
  const [row] = await db
    .select({ ...withZone, businessId: locations.businessId })
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .where(and(eq(events.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ? { ...row.event, timeZone: row.timeZone, businessId: row.businessId } : null;
}

/** The activity entry of an event's write (lib/activity), in the write's transaction. */
function recordEvent(db: Db, businessId: number, event: EventRow, verb: "created" | "updated" | "deleted", summary: string) {
  return recordActivity(db, {
    businessId,
    locationId: event.locationId,
    kind: `event.${verb}`,
    summary,
    target: { type: "event", id: event.id },
  });
}

const EVENT_FIELDS: [keyof EventRow, string][] = [
  ["startTime", "start"],
  ["endTime", "end"],
  ["description", "description"],
  ["link", "link"],
  ["placeJson", "place"],
];
const ADDRESS: (keyof EventRow)[] = ["locationName", "street", "city", "state", "zip", "country", "latitude", "longitude"];

/** What an update changed, in words ("Event “Trivia” renamed to “Quiz”; start changed"); "" when nothing did. */
function changeSummary(before: EventRow, after: EventRow): string {
  const differs = (key: keyof EventRow) => JSON.stringify(before[key]) !== JSON.stringify(after[key]);
  const parts = EVENT_FIELDS.filter(([key]) => differs(key)).map(([, words]) => words);
  if (ADDRESS.some(differs)) parts.push("address");
  const changed = parts.length > 0 ? ` changed: ${parts.join(", ")}` : "";
  if (before.name !== after.name) return `Event “${before.name}” renamed to “${after.name}”${changed ? `;${changed}` : ""}`;
  return changed ? `Event “${after.name}”${changed}` : "";
}

const getEvent = required(findEvent, "event");

export async function readEvent(db: Db, scope: Scope) {
  return eventJson(await getEvent(db, scope));
}

function instant(date: string, time: string, zone: string, field: string): Date {
  const at = wallClockToInstant(date, time, zone);
  if (!at) throw invalid([{ path: `event.${field}`, message: `${date} ${time} does not exist in ${zone} (the clocks skip it)` }]);
  return at;
}

function checkOrder(start: Date, end: Date | null) {
  if (end && end < start) throw invalid([{ path: "event.end_time_date", message: "must not be before the start" }]);
}

function detailColumns(input: EventPatch) {
  return {
    name: input.name,
    description: input.description,
    link: input.link,
    locationName: input.location_name,
    street: input.street,
    city: input.city,
    state: input.state,
    zip: input.zip,
    country: input.country,
    latitude: input.latitude,
    longitude: input.longitude,
    placeJson: input.place_json,
  };
}

export async function createEvent(db: Db, { location, input }: { location: EventLocation; input: EventInput }) {
  const zone = location.timeZone;
  const startTime = instant(input.start_time_date, input.start_time_time, zone, "start_time_time");
  const endTime =
    input.end_time_date && input.end_time_time ? instant(input.end_time_date, input.end_time_time, zone, "end_time_time") : null;
  checkOrder(startTime, endTime);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(events)
      .values({ ...detailColumns(input), name: input.name, description: input.description, locationId: location.id, startTime, endTime })
      .returning();
    await recordEvent(tx, location.businessId, row!, "created", `Event “${row!.name}” created`);
    return eventJson({ ...row!, timeZone: zone });
  });
}

/**
 * Changes only what the body names; a date/time pair set to null clears the end. An event deleted
 * since it was read is 404: the UPDATE matches nothing.
 */
export async function updateEvent(db: Db, { businessId, id, patch }: Scope & { patch: EventPatch }) {
  const current = await getEvent(db, { businessId, id });
  const zone = current.timeZone;
  const startTime =
    patch.start_time_date && patch.start_time_time
      ? instant(patch.start_time_date, patch.start_time_time, zone, "start_time_time")
      : current.startTime;
  let endTime = current.endTime;
  if (patch.end_time_date === null) endTime = null;
  else if (patch.end_time_date && patch.end_time_time) endTime = instant(patch.end_time_date, patch.end_time_time, zone, "end_time_time");
  checkOrder(startTime, endTime);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(events)
      .set({ ...detailColumns(patch), startTime, endTime, updatedAt: new Date() })
      .where(eq(events.id, current.id))
      .returning();
    const updated = found(row, "event");
    const summary = changeSummary(current, updated);
    if (summary) await recordEvent(tx, current.businessId, updated, "updated", summary);
    return eventJson({ ...updated, timeZone: zone });
  });
}

/** Answers the deleted event; one deleted meanwhile by another request is 404. */
export async function deleteEvent(db: Db, scope: Scope) {
  const current = await getEvent(db, scope);
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(events).where(eq(events.id, current.id)).returning();
    const deleted = found(row, "event");
    await recordEvent(tx, current.businessId, deleted, "deleted", `Event “${deleted.name}” deleted`);
    return eventJson({ ...deleted, timeZone: current.timeZone });
  });
}

export function eventJson(event: VenueEvent): EventResponse {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    place_json: event.placeJson ?? null,
    start_time: event.startTime.toISOString(),
    start_time_in_zone: instantInZone(event.startTime, event.timeZone),
    end_time: event.endTime?.toISOString() ?? null,
    end_time_in_zone: event.endTime ? instantInZone(event.endTime, event.timeZone) : null,
    location_id: event.locationId,
    location_name: event.locationName,
    street: event.street,
    city: event.city,
    state: event.state,
    zip: event.zip,
    country: event.country,
    latitude: event.latitude,
    longitude: event.longitude,
    from_facebook: event.fromFacebook,
    link: event.link,
    source_id: sourceOwnId(event.sourceId),
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}
