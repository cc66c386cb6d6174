import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { events, locations } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import { found, required, type Scope } from "@/lib/server/scope";
import type { EventInput, EventPatch, EventResponse } from "@/lib/events/schemas";
import { instantInZone, wallClockToInstant } from "@/lib/shared/zoned-time";
import type { Location } from "@/lib/locations/locations";

type EventRow = typeof events.$inferSelect;
export type VenueEvent = EventRow & { timeZone: string };

const withZone = { event: events, timeZone: locations.timeZone };

export async function listEvents(db: Db, { location }: { location: Location }) {
  const rows = await db.select().from(events).where(eq(events.locationId, location.id)).orderBy(asc(events.startTime), asc(events.id));
  return rows.map((row) => eventJson({ ...row, timeZone: location.timeZone }));
}

async function findEvent(db: Db, { businessId, id }: Scope): Promise<VenueEvent | null> {
  const [row] = await db
    .select(withZone)
    .from(events)
    .innerJoin(locations, eq(locations.id, events.locationId))
    .where(and(eq(events.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ? { ...row.event, timeZone: row.timeZone } : null;
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

export async function createEvent(db: Db, { location, input }: { location: Location; input: EventInput }) {
  const zone = location.timeZone;
  const startTime = instant(input.start_time_date, input.start_time_time, zone, "start_time_time");
  const endTime =
    input.end_time_date && input.end_time_time ? instant(input.end_time_date, input.end_time_time, zone, "end_time_time") : null;
  checkOrder(startTime, endTime);
  const [row] = await db
    .insert(events)
    .values({ ...detailColumns(input), name: input.name, description: input.description, locationId: location.id, startTime, endTime })
    .returning();
  return eventJson({ ...row!, timeZone: zone });
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
  const [row] = await db
    .update(events)
    .set({ ...detailColumns(patch), startTime, endTime, updatedAt: new Date() })
    .where(eq(events.id, current.id))
    .returning();
  return eventJson({ ...found(row, "event"), timeZone: zone });
}

/** Answers the deleted event; one deleted meanwhile by another request is 404. */
export async function deleteEvent(db: Db, scope: Scope) {
  const current = await getEvent(db, scope);
  const [row] = await db.delete(events).where(eq(events.id, current.id)).returning();
  return eventJson({ ...found(row, "event"), timeZone: current.timeZone });
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
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}
