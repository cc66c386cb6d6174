import { z } from "zod";
import { dateString, decimalInput, decimalString, envelope, optionalText, recordId, timeString, timestamp } from "../shared/schemas";
import { sourceIdResponse } from "../shared/source-id";

const addressComponent = z.object({
  types: z.array(z.string()).optional(),
  long_name: z.string().optional(),
  short_name: z.string().optional(),
});

/** The documented place_json fields; anything else is dropped. */
export const placeJson = z.object(
  {
    id: z.string().optional(),
    url: z.string().optional(),
    icon: z.string().optional(),
    name: z.string().optional(),
    scope: z.string().optional(),
    types: z.array(z.string()).optional(),
    geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }).optional(),
    place_id: z.string().optional(),
    vicinity: z.string().optional(),
    reference: z.string().optional(),
    adr_address: z.string().optional(),
    formatted_address: z.string().optional(),
    utc_offset: z.number().int().optional(),
    html_attributions: z.array(z.unknown()).optional(),
    address_components: z.array(addressComponent).optional(),
  },
  { error: "must be an object" },
);

const link = z
  .string({ error: "must be a string" })
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "must be an http or https URL")
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

const eventFields = {
  name: z.string({ error: "is required" }).trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
  description: z.string({ error: "is required" }).max(10_000, "must be at most 10000 characters"),
  start_time_date: dateString,
  start_time_time: timeString,
  end_time_date: dateString.nullable(),
  end_time_time: timeString.nullable(),
  link,
  location_name: optionalText(255),
  street: optionalText(255),
  city: optionalText(255),
  state: optionalText(255),
  zip: optionalText(32),
  country: optionalText(255),
  latitude: decimalInput(-90, 90).nullable().optional(),
  longitude: decimalInput(-180, 180).nullable().optional(),
  place_json: placeJson.nullable().optional(),
};

type PairInput = {
  start_time_date?: string;
  start_time_time?: string;
  end_time_date?: string | null;
  end_time_time?: string | null;
};

/** Spec rule 1: each date/time pair is set together; an end before the start is refused. */
function checkPairs(value: PairInput, ctx: z.RefinementCtx) {
  const pairs = [
    ["start_time_date", "start_time_time"],
    ["end_time_date", "end_time_time"],
  ] as const;
  for (const [date, time] of pairs) {
    const hasDate = value[date] !== undefined;
    const hasTime = value[time] !== undefined;
    if (hasDate !== hasTime) {
      const missing = hasDate ? time : date;
      ctx.addIssue({ code: "custom", path: [missing], message: `must be set together with ${hasDate ? date : time}` });
    } else if ((value[date] === null) !== (value[time] === null)) {
      ctx.addIssue({
        code: "custom",
        path: [value[date] === null ? time : date],
        message: `must be null when ${value[date] === null ? date : time} is null`,
      });
    }
  }
  if (value.start_time_date && value.start_time_time && value.end_time_date && value.end_time_time) {
    const start = `${value.start_time_date}T${value.start_time_time}`;
    const end = `${value.end_time_date}T${value.end_time_time}`;
    if (end < start) ctx.addIssue({ code: "custom", path: ["end_time_date"], message: "must not be before the start" });
  }
}

export const eventInput = z
  .object({
    ...eventFields,
    end_time_date: eventFields.end_time_date.optional(),
    end_time_time: eventFields.end_time_time.optional(),
  })
  .superRefine(checkPairs);

export const eventPatch = z.object(eventFields).partial().superRefine(checkPairs);

export const createEventBody = z.object({ event: eventInput }, { error: "must be a JSON object with an event" });
export const updateEventBody = z.object({ event: eventPatch }, { error: "must be a JSON object with an event" });

export type EventInput = z.infer<typeof eventInput>;
export type EventPatch = z.infer<typeof eventPatch>;

// ---- answers (lib/events/events.ts) ----

const text = z.string().nullable();

export const eventResponse = z.strictObject({
  id: recordId,
  name: z.string(),
  description: z.string(),
  /** As stored: the documented fields placeJson kept. */
  place_json: z.strictObject(placeJson.shape).nullable(),
  start_time: timestamp,
  /** The same instant with the zone's offset at that date. */
  start_time_in_zone: z.iso.datetime({ offset: true }),
  end_time: timestamp.nullable(),
  end_time_in_zone: z.iso.datetime({ offset: true }).nullable(),
  location_id: recordId,
  location_name: text,
  street: text,
  city: text,
  state: text,
  zip: text,
  country: text,
  latitude: decimalString.nullable(),
  longitude: decimalString.nullable(),
  from_facebook: z.boolean(),
  link: text,
  source_id: sourceIdResponse,
  created_at: timestamp,
  updated_at: timestamp,
});

export const eventEnvelope = envelope("event", eventResponse);
export const eventsEnvelope = envelope("events", z.array(eventResponse));

export type EventResponse = z.infer<typeof eventResponse>;
