import { DateTime } from "luxon";
import type { VenueEvent } from "@/lib/client/queries/events";
import { zoneAbbreviation } from "@/lib/shared/zoned-time";

// Every time on the events page is the venue's wall clock: the event's instants are read in the
// location's IANA zone, never the browser's.

function inZone(instant: string, zone: string) {
  return DateTime.fromISO(instant, { zone }).setLocale("en-GB");
}

function dayLabel(at: DateTime, now: DateTime) {
  return at.toFormat(at.year === now.year ? "ccc d LLL" : "ccc d LLL yyyy");
}

/** "Fri 27 Nov, 19:00–22:00 EST", "Fri 5 Jun, 18:00 – Sat 6 Jun, 01:00 CEST", or a start alone. */
export function formatEventWhen(event: Pick<VenueEvent, "start_time" | "end_time">, zone: string, now: Date): string {
  const today = DateTime.fromJSDate(now, { zone });
  const start = inZone(event.start_time, zone);
  const startZone = zoneAbbreviation(zone, start);
  const opening = `${dayLabel(start, today)}, ${start.toFormat("HH:mm")}`;
  if (!event.end_time) return `${opening} ${startZone}`;
  const end = inZone(event.end_time, zone);
  const endZone = zoneAbbreviation(zone, end);
  // An event across a DST change names the zone on both ends (EDT … EST).
  const head = startZone === endZone ? opening : `${opening} ${startZone}`;
  const sameDay = start.hasSame(end, "day");
  const closing = sameDay ? end.toFormat("HH:mm") : `${dayLabel(end, today)}, ${end.toFormat("HH:mm")}`;
  return `${head}${sameDay ? "–" : " – "}${closing} ${endZone}`;
}

/** Over once it has ended; an event without an end counts as on until its local day is over. */
export function isPast(event: Pick<VenueEvent, "start_time" | "end_time">, zone: string, now: Date): boolean {
  const over = event.end_time ? DateTime.fromISO(event.end_time) : inZone(event.start_time, zone).endOf("day");
  return over.toMillis() < now.getTime();
}

/** The form's date and time fields for an instant, on the venue's wall clock. */
export function wallClockFields(instant: string | null, zone: string): { date: string | null; time: string | null } {
  if (!instant) return { date: null, time: null };
  const local = inZone(instant, zone);
  return { date: local.toFormat("yyyy-MM-dd"), time: local.toFormat("HH:mm") };
}

/** The address parts an event carries, as one line ("" when it has none). */
export function eventPlace(event: VenueEvent): string {
  const region = [event.state, event.zip].filter(Boolean).join(" ");
  const address = [event.location_name, event.street, event.city, region, event.country].filter(Boolean).join(", ");
  return address || event.place_json?.formatted_address || event.place_json?.name || "";
}
