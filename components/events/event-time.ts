import { DateTime } from "luxon";
import type { VenueEvent } from "@/lib/client/queries/events";
import { instantToWallClock } from "@/lib/shared/zoned-time";

// Every time on the events page is the venue's wall clock: the event's instants are read in the
// location's IANA zone, never the browser's (and written by lib/shared/time-format.ts).

/** Over once it has ended; an event without an end counts as on until its local day is over. */
export function isPast(event: Pick<VenueEvent, "start_time" | "end_time">, zone: string, now: Date): boolean {
  const over = event.end_time ? DateTime.fromISO(event.end_time) : DateTime.fromISO(event.start_time, { zone }).endOf("day");
  return over.toMillis() < now.getTime();
}

/** The form's date and time fields for an instant, on the venue's wall clock. */
export function wallClockFields(instant: string | null, zone: string): { date: string | null; time: string | null } {
  return instant ? instantToWallClock(new Date(instant), zone) : { date: null, time: null };
}

/** The address parts an event carries, as one line ("" when it has none). */
export function eventPlace(event: VenueEvent): string {
  const region = [event.state, event.zip].filter(Boolean).join(" ");
  const address = [event.location_name, event.street, event.city, region, event.country].filter(Boolean).join(", ");
  return address || event.place_json?.formatted_address || event.place_json?.name || "";
}
