import { z } from "zod";
import { decimalString, envelope, optionalEmail, optionalText, queryFlag, recordId, requiredText, timestamp } from "../shared/schemas";
import { LABELLING } from "@/lib/shared/labels";
import { canonicalLanguage, MAX_LANGUAGES } from "@/lib/shared/language";

// What POST /locations and PATCH /locations/:id take (venue-operations §2), and the answers of the
// location routes (lib/locations/locations.ts, writes.ts). Isomorphic: the dashboard's location form
// checks with these same schemas; the server's answer is the one that counts.

export { RESTORE_DAYS, restorableUntil } from "./restore-window";

// A zone name as the tz database writes them (America/New_York, Etc/GMT+5, UTC): not an offset like
// "+01:00", which Intl also takes but which follows no daylight-saving rules.
const ZONE_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

/** The zone as Intl (and luxon, which asks Intl) knows it, in its own spelling; null when it is not a zone. */
function knownZone(value: string): string | null {
  if (!ZONE_SHAPE.test(value)) return null;
  try {
    const resolved = new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
    // "america/new_york" is stored as America/New_York; an alias (Asia/Calcutta) is kept as written.
    return resolved.toLowerCase() === value.toLowerCase() ? resolved : value;
  } catch {
    return null;
  }
}

export const timeZoneInput = z
  .string({ error: "must be an IANA time zone such as America/New_York" })
  .trim()
  .refine((value) => knownZone(value) !== null, "must be an IANA time zone such as America/New_York or Europe/Amsterdam")
  .transform((value) => knownZone(value)!);

export const currencyInput = z
  .string({ error: "must be an ISO 4217 currency code such as USD" })
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(
    (value) => /^[A-Z]{3}$/.test(value) && Intl.supportedValuesOf("currency").includes(value),
    "must be an ISO 4217 currency code such as USD or EUR",
  );

const regionNames = () => new Intl.DisplayNames(["en"], { type: "region" });

/** The English name of an ISO 3166-1 alpha-2 code (US → United States); null for a code that names no country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  const name = regionNames().of(code);
  return name && name !== code && name !== "Unknown Region" ? name : null;
}

const countryInput = z
  .string({ error: "must be a two-letter country code such as US" })
  .trim()
  .max(2, "must be a two-letter country code (ISO 3166-1) such as US or NL")
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? value.toUpperCase() : null))
  .refine((value) => !value || countryName(value) !== null, "must be a two-letter country code (ISO 3166-1) such as US or NL");

const websiteInput = z
  .string({ error: "must be a string" })
  .trim()
  .max(2048, "must be at most 2048 characters")
  .refine((value) => value === "" || /^https?:\/\/[^\s]+$/i.test(value), "must be an http or https URL")
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

/** At most this many origins may frame a location's embedded menus. */
export const MAX_EMBED_ORIGINS = 20;

/** "https://pub.example" (a trailing slash taken): scheme, host and port only, as a browser names an origin. */
export function originOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  return (url.protocol === "https:" || url.protocol === "http:") && bare ? url.origin : null;
}

const embedOriginsInput = z
  .array(
    z
      .string({ error: "must be a string" })
      .max(255, "must be at most 255 characters")
      .refine((value) => originOf(value) !== null, "must be an origin such as https://pub.example (scheme, host and port; no path)")
      .transform((value) => originOf(value)!),
    { error: "must be a list of origins such as https://pub.example" },
  )
  .max(MAX_EMBED_ORIGINS, `lists at most ${MAX_EMBED_ORIGINS} origins`)
  .optional()
  .transform((list) => (list === undefined ? undefined : [...new Set(list)]));

/** The fields a person may set; anything else in the body is ignored. Optional text cleared by null or "". */
/** A location's `languages`: tags, the default first, each once, at most MAX_LANGUAGES. */
export const languagesInput = z
  .array(z.string({ error: "must be a language tag" }), { error: "must be a list of language tags, the default first" })
  .min(1, "needs at least the default language")
  .max(MAX_LANGUAGES, `lists at most ${MAX_LANGUAGES} languages`)
  .superRefine((tags, ctx) => {
    const seen = new Set<string>();
    tags.forEach((tag, index) => {
      const canonical = canonicalLanguage(tag);
      if (!canonical) ctx.addIssue({ code: "custom", path: [index], message: "must be a language tag such as de or pt-BR" });
      else if (seen.has(canonical)) ctx.addIssue({ code: "custom", path: [index], message: "is listed twice" });
      else seen.add(canonical);
    });
  })
  .transform((tags) => tags.map((tag) => canonicalLanguage(tag)!));

const locationFields = {
  name: requiredText(255),
  time_zone: timeZoneInput,
  currency: currencyInput,
  address1: optionalText(255),
  address2: optionalText(255),
  city: optionalText(255),
  region: optionalText(255),
  postcode: optionalText(32),
  country: countryInput,
  phone: optionalText(64),
  website: websiteInput,
  contact_email: optionalEmail,
  /** Who may frame the location's embedded menus (GET /embed/menus/:id), venue-operations §9. */
  embed_origins: embedOriginsInput,
  /** Which food-information rule guests' menus follow (venue-operations §13): eu, uk, us or none. */
  labelling: z.enum(LABELLING, { error: `must be one of ${LABELLING.join(", ")}` }).optional(),
  /** The languages guests may read the menus in (venue-operations §13): BCP 47 tags, the default first. */
  languages: languagesInput.optional(),
  /** A keg at or under this share left is told low (`tap.keg_low`, venue-operations §8). */
  keg_low_percent: z
    .number({ error: "must be a whole number from 0 to 100" })
    .int("must be a whole number from 0 to 100")
    .min(0, "must be a whole number from 0 to 100")
    .max(100, "must be a whole number from 0 to 100")
    .optional(),
  /** A tap's line above this (°C) for 10 minutes is told `tap.too_warm` (venue-operations §14). */
  max_temperature_c: z
    .number({ error: "must be a temperature in °C from -10 to 30" })
    .min(-10, "must be a temperature in °C from -10 to 30")
    .max(30, "must be a temperature in °C from -10 to 30")
    .multipleOf(0.1, "must have at most one decimal")
    .optional(),
  /** A line not cleaned for this many days is told `tap.line_cleaning_due`. */
  line_cleaning_days: z
    .number({ error: "must be a whole number of days from 1 to 365" })
    .int("must be a whole number of days from 1 to 365")
    .min(1, "must be a whole number of days from 1 to 365")
    .max(365, "must be a whole number of days from 1 to 365")
    .optional(),
};

export const locationInput = z.object(locationFields);
export const locationPatch = z.object(locationFields).partial();

export const createLocationBody = z.object({ location: locationInput }, { error: "must be a JSON object with a location" });
export const updateLocationBody = z.object({ location: locationPatch }, { error: "must be a JSON object with a location" });

export type LocationInput = z.infer<typeof locationInput>;
export type LocationPatch = z.infer<typeof locationPatch>;

/** GET /locations?archived=true: the business's archived locations (owners), for the dashboard's restore. */
export const locationsQuery = z.object({ archived: queryFlag });

// ---- answers ----

const text = z.string().nullable();

export const locationResponse = z.strictObject({
  id: recordId,
  business_id: recordId,
  name: z.string(),
  address1: text,
  address2: text,
  city: text,
  region: text,
  postcode: text,
  country: text,
  country_name: text,
  formatted_address: text,
  latitude: decimalString.nullable(),
  longitude: decimalString.nullable(),
  phone: text,
  website: text,
  contact_email: text,
  untappd_venue_id: recordId.nullable(),
  time_zone: z.string(),
  /** The zone's current offset in hours (5.5 for India). */
  tz_offset: z.number(),
  currency: z.string().length(3),
  currency_symbol: z.string(),
  number_of_taps: z.number().int().min(0),
  /** The share of a keg left at which it is told low (`tap.keg_low`, once per keg); default 15. */
  keg_low_percent: z.number().int().min(0).max(100),
  /** A line above this (°C) for 10 minutes is told `tap.too_warm`; default 7. */
  max_temperature_c: z.number(),
  /** A line not cleaned for this many days is told `tap.line_cleaning_due`; default 14. */
  line_cleaning_days: z.number().int(),
  /** Raised by 1 with every change to any of the location's menus (live-menus §1). */
  menus_version: z.number().int().min(1),
  /** The origins whose pages may frame the location's embedded menus; empty: none. */
  embed_origins: z.array(z.string()),
  /** What guests' menus must show (venue-operations §13): eu, uk, us or none (default). */
  labelling: z.enum(LABELLING),
  /** The languages guests may read the menus in, the default (the texts' own) first; default ["en"]. */
  languages: z.array(z.string()).min(1),
  /** Set while the location is archived (only the archive and restore answers and the archived list show one). */
  archived_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const locationEnvelope = envelope("location", locationResponse);
export const locationsEnvelope = envelope("locations", z.array(locationResponse));

export type LocationResponse = z.infer<typeof locationResponse>;
