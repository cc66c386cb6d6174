import type { DefaultValues, FieldError } from "react-hook-form";
import type { z } from "zod";
import type { VenueEvent } from "@/lib/client/queries/events";
import type { eventInput } from "@/lib/events/schemas";
import { DateTime } from "luxon";
import { wallClockFields } from "./event-time";

type EventFormValues = z.input<typeof eventInput>;

/** The venue's own address, which a new event starts from (most events happen at the venue). */
export type VenuePlace = { location_name: string; street: string; city: string; state: string; zip: string; country: string };

/** What the form starts from: an event's stored values on the venue's wall clock, or a blank one at the venue. */
export function toFormValues(event: VenueEvent | null, zone: string, venue?: VenuePlace): DefaultValues<EventFormValues> {
  if (!event && venue) return { ...toFormValues(null, zone), ...venue };
  const start = wallClockFields(event?.start_time ?? null, zone);
  const end = wallClockFields(event?.end_time ?? null, zone);
  return {
    name: event?.name ?? "",
    description: event?.description ?? "",
    // An empty required input is `undefined` (the schema says "is required"); an empty end is null.
    start_time_date: start.date ?? undefined,
    start_time_time: start.time ?? undefined,
    end_time_date: end.date,
    end_time_time: end.time,
    link: event?.link ?? "",
    location_name: event?.location_name ?? "",
    street: event?.street ?? "",
    city: event?.city ?? "",
    state: event?.state ?? "",
    zip: event?.zip ?? "",
    country: event?.country ?? "",
  };
}

const FIELD_NAMES: Record<string, string> = {
  start_time_date: "a start date",
  start_time_time: "a start time",
  end_time_date: "an end date",
  end_time_time: "an end time",
};

/**
 * The shared schema names fields the way the API does ("must be null when end_time_time is null");
 * the form says the same rule in the words of its labels. Field prefixes the label.
 */
export function formMessage(error: FieldError | undefined): string | undefined {
  if (!error?.message) return undefined;
  // A blank required date or time arrives as undefined: the schema's type check fires.
  if (error.type === "invalid_type") return "is required";
  return error.message
    .replace(
      /^must be null when (\w+) is null$/,
      (_, other: string) => `needs ${FIELD_NAMES[other] ?? other} as well (or leave both empty)`,
    )
    .replace(/^must be set together with (\w+)$/, (_, other: string) => `needs ${FIELD_NAMES[other] ?? other} as well`);
}

/** The calendar day after `date` (yyyy-MM-dd). */
export const nextDay = (date: string) => DateTime.fromISO(date).plus({ days: 1 }).toISODate();

/**
 * Across midnight as calendars do: an end time before the start time on the start's day (or with no
 * end date yet) ends the next day; an end time with no end date ends the same day. An end date the
 * manager chose otherwise stays as chosen.
 */
export function endDateFor({
  start_time_date: startDate,
  start_time_time: startTime,
  end_time_date: endDate,
  end_time_time: endTime,
}: {
  start_time_date?: string | null;
  start_time_time?: string | null;
  end_time_date?: string | null;
  end_time_time?: string | null;
}): string | null {
  if (!startDate || !startTime || !endTime || (endDate && endDate !== startDate)) return null;
  return endTime < startTime ? nextDay(startDate) : endDate ? null : startDate;
}
