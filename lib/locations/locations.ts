import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "@/lib/db/client";
import { locations } from "@/lib/db/schema";
import { notFound } from "@/lib/server/errors";
import type { LocationResponse } from "@/lib/locations/schemas";
import type { Scope } from "@/lib/server/scope";

export type Location = typeof locations.$inferSelect;

/** Who is asking: the business, and the member's locations (null: every one, as an owner). */
export type Member = { businessId: number; locationIds: number[] | null };

/**
 * The locations a member sees, as GET /locations answers them (the dashboard's shell and home use them
 * too): their business's, only their own unless they see every one, never an archived one.
 */
export async function listLocations(db: Db, { businessId, locationIds }: Member) {
  const rows = await db
    .select()
    .from(locations)
    .where(
      and(
        eq(locations.businessId, businessId),
        isNull(locations.archivedAt),
        locationIds === null ? undefined : inArray(locations.id, locationIds.length > 0 ? locationIds : [-1]),
      ),
    )
    .orderBy(asc(locations.id));
  return rows.map((location) => locationJson(location));
}

/**
 * The caller's location, or 404: another business's location, or an archived one, is answered as if it
 * did not exist (which member may see it is the request wrapper's check, lib/http/handler.ts).
 */
export async function getLocation(db: Db, { businessId, id }: Scope): Promise<Location> {
  const [location] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.businessId, businessId), isNull(locations.archivedAt)))
    .limit(1);
  if (!location) throw notFound("location");
  return location;
}

/** GET /locations/:id, and the dashboard's location pages. */
export async function readLocation(db: Db, scope: Scope) {
  return locationJson(await getLocation(db, scope));
}

export function currencySymbol(currency: string): string {
  const part = new Intl.NumberFormat("en", { style: "currency", currency, currencyDisplay: "narrowSymbol" })
    .formatToParts(0)
    .find((p) => p.type === "currency");
  return part?.value ?? currency;
}

/** The zone's offset from UTC now, in hours (5.5 for India). */
export function currentOffsetHours(timeZone: string, at: Date = new Date()): number {
  return DateTime.fromJSDate(at, { zone: timeZone }).offset / 60;
}

export function locationJson(location: Location, at: Date = new Date()): LocationResponse {
  const cityLine = [location.city, [location.region, location.postcode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const formatted = [location.address1, location.address2, cityLine, location.countryName].filter(Boolean).join(", ");
  return {
    id: location.id,
    business_id: location.businessId,
    name: location.name,
    address1: location.address1,
    address2: location.address2,
    city: location.city,
    region: location.region,
    postcode: location.postcode,
    country: location.country,
    country_name: location.countryName,
    formatted_address: formatted || null,
    latitude: location.latitude,
    longitude: location.longitude,
    phone: location.phone,
    website: location.website,
    contact_email: location.contactEmail,
    untappd_venue_id: location.untappdVenueId,
    time_zone: location.timeZone,
    tz_offset: currentOffsetHours(location.timeZone, at),
    currency: location.currency,
    currency_symbol: currencySymbol(location.currency),
    number_of_taps: location.numberOfTaps,
    keg_low_percent: location.kegLowPercent,
    max_temperature_c: Number(location.maxTemperatureC),
    line_cleaning_days: location.lineCleaningDays,
    menus_version: location.menusVersion,
    embed_origins: location.embedOrigins,
    labelling: location.labelling,
    languages: location.languages,
    archived_at: location.archivedAt?.toISOString() ?? null,
    created_at: location.createdAt.toISOString(),
    updated_at: location.updatedAt.toISOString(),
  };
}
