import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations } from "@/lib/db/schema";
import { recordActivity } from "@/lib/activity/activity";
import { createWeek } from "@/lib/hours/hours";
import { ensureCountrySizes } from "@/lib/container-sizes/container-sizes";
import { sizesCountry } from "@/lib/shared/size-defaults";
import { ApiError, notFound } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { countryName, type LocationInput, type LocationPatch, RESTORE_DAYS, restorableUntil } from "./schemas";
import { type Location, locationJson } from "./locations";

// Creating, changing, archiving and restoring a location (venue-operations §2). Each write and its
// activity entry (lib/activity) commit together. Archiving keeps every row: the location leaves every
// list, and every read of it or its records answers 404 (the request wrapper's `at:` check, the public
// board's own check in lib/menus), until it is restored within RESTORE_DAYS.

type Columns = Partial<typeof locations.$inferInsert>;

/** The table's columns for the fields a body named (undefined: left as they are). */
function columnsOf(input: LocationPatch): Columns {
  return {
    name: input.name,
    timeZone: input.time_zone,
    currency: input.currency,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    region: input.region,
    postcode: input.postcode,
    country: input.country,
    // The answer's country_name follows the code (the demo's rows were written the same way).
    countryName: input.country === undefined ? undefined : input.country === null ? null : countryName(input.country),
    phone: input.phone,
    website: input.website,
    contactEmail: input.contact_email,
    embedOrigins: input.embed_origins,
    kegLowPercent: input.keg_low_percent,
    labelling: input.labelling,
    languages: input.languages,
    maxTemperatureC: input.max_temperature_c === undefined ? undefined : input.max_temperature_c.toFixed(1),
    lineCleaningDays: input.line_cleaning_days,
  };
}

/** POST /locations: the location with its week of hours (every day closed until the owner sets them). */
export async function createLocation(db: Db, { businessId, input }: { businessId: number; input: LocationInput }) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(locations)
      .values({ ...columnsOf(input), name: input.name, timeZone: input.time_zone, currency: input.currency, businessId })
      .returning();
    const location = row!;
    await createWeek(tx, location.id);
    // Its country's sizes (a pint of 568 ml in the UK, 0.3–0.5 l in the euro area) are offered from now
    // on; without a country, its time zone's country's (decision 088).
    await ensureCountrySizes(tx, sizesCountry(location));
    await recordActivity(tx, {
      businessId,
      locationId: location.id,
      kind: "location.created",
      summary: `Location “${location.name}” created`,
      target: { type: "location", id: location.id },
    });
    return locationJson(location);
  });
}

/** The caller's location, locked for a write; an archived one only when `withArchived`. */
async function lockLocation(db: Db, { businessId, id }: Scope, withArchived: boolean): Promise<Location> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.businessId, businessId), withArchived ? undefined : isNull(locations.archivedAt)))
    .for("update")
    .limit(1);
  if (!row) throw notFound("location");
  return row;
}

const ADDRESS: (keyof Location)[] = ["address1", "address2", "city", "region", "postcode", "country"];

/** What a change did, in words: "Location renamed to “Harbor”; phone changed", or "" for no change. */
function changeSummary(before: Location, after: Location): string {
  const changed = (key: keyof Location) => before[key] !== after[key];
  const parts: string[] = [];
  if (changed("timeZone")) parts.push(`time zone set to ${after.timeZone}`);
  if (changed("currency")) parts.push(`currency set to ${after.currency}`);
  if (ADDRESS.some(changed)) parts.push("address changed");
  if (changed("phone")) parts.push("phone changed");
  if (changed("website")) parts.push("website changed");
  if (changed("contactEmail")) parts.push("contact email changed");
  if (before.embedOrigins.join(" ") !== after.embedOrigins.join(" ")) parts.push("embedding sites changed");
  if (changed("labelling")) parts.push(`labelling set to ${after.labelling}`);
  if (JSON.stringify(before.languages) !== JSON.stringify(after.languages)) parts.push(`languages set to ${after.languages.join(", ")}`);
  if (changed("kegLowPercent")) parts.push(`kegs told low at ${after.kegLowPercent}%`);
  if (changed("maxTemperatureC")) parts.push(`lines too warm above ${after.maxTemperatureC} °C`);
  if (changed("lineCleaningDays")) parts.push(`lines cleaned every ${after.lineCleaningDays} days`);
  if (changed("name")) return [`Location renamed to “${after.name}”`, ...parts].join("; ");
  return parts.length > 0 ? `Location “${after.name}”: ${parts.join("; ")}` : "";
}

/** PATCH /locations/:id: changes only the fields the body names; an archived location is 404. */
export async function updateLocation(db: Db, { businessId, id, patch }: Scope & { patch: LocationPatch }) {
  return db.transaction(async (tx) => {
    const current = await lockLocation(tx, { businessId, id }, false);
    const [row] = await tx
      .update(locations)
      .set({ ...columnsOf(patch), updatedAt: new Date() })
      .where(eq(locations.id, current.id))
      .returning();
    const updated = row!;
    if (sizesCountry(updated) !== sizesCountry(current)) await ensureCountrySizes(tx, sizesCountry(updated));
    const summary = changeSummary(current, updated);
    if (summary) {
      await recordActivity(tx, {
        businessId,
        locationId: updated.id,
        kind: "location.updated",
        summary,
        target: { type: "location", id: updated.id },
      });
    }
    return locationJson(updated);
  });
}

/** DELETE /locations/:id: archives it (its rows stay); answers it with its archived_at. */
export async function archiveLocation(db: Db, { businessId, id, now = new Date() }: Scope & { now?: Date }) {
  return db.transaction(async (tx) => {
    const current = await lockLocation(tx, { businessId, id }, false);
    const [row] = await tx.update(locations).set({ archivedAt: now, updatedAt: now }).where(eq(locations.id, current.id)).returning();
    await recordActivity(tx, {
      businessId,
      locationId: current.id,
      kind: "location.archived",
      summary: `Location “${current.name}” archived`,
      target: { type: "location", id: current.id },
    });
    return locationJson(row!);
  });
}

const day = (at: Date) => at.toISOString().slice(0, 10);

/**
 * POST /locations/:id/restore: brings an archived location back within RESTORE_DAYS of its archiving
 * (409 after); a location that is not archived is answered as it is. Another business's is 404.
 */
export async function restoreLocation(db: Db, { businessId, id, now = new Date() }: Scope & { now?: Date }) {
  return db.transaction(async (tx) => {
    const current = await lockLocation(tx, { businessId, id }, true);
    if (!current.archivedAt) return locationJson(current);
    if (now > restorableUntil(current.archivedAt)) {
      throw new ApiError(
        "conflict",
        `This location was archived on ${day(current.archivedAt)}, more than ${RESTORE_DAYS} days ago, and can no longer be restored.`,
      );
    }
    const [row] = await tx.update(locations).set({ archivedAt: null, updatedAt: now }).where(eq(locations.id, current.id)).returning();
    await recordActivity(tx, {
      businessId,
      locationId: current.id,
      kind: "location.restored",
      summary: `Location “${current.name}” restored`,
      target: { type: "location", id: current.id },
    });
    return locationJson(row!);
  });
}

/** GET /locations?archived=true: the business's archived locations, the latest archived first. */
export async function listArchivedLocations(db: Db, { businessId }: { businessId: number }) {
  const rows = await db
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, businessId), isNotNull(locations.archivedAt)))
    .orderBy(desc(locations.archivedAt), desc(locations.id));
  return rows.map((row) => locationJson(row));
}
