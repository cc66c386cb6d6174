import { z } from "zod";
import { decimalString, envelope, recordId, timestamp } from "../shared/schemas";

// Answers of GET /locations and GET /locations/:id (lib/locations/locations.ts).

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
  /** Raised by 1 with every change to any of the location's menus (live-menus §1). */
  menus_version: z.number().int().min(1),
  created_at: timestamp,
  updated_at: timestamp,
});

export const locationEnvelope = envelope("location", locationResponse);
export const locationsEnvelope = envelope("locations", z.array(locationResponse));

export type LocationResponse = z.infer<typeof locationResponse>;
