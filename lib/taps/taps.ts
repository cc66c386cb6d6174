import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { containers, items, kegs, locations, menus, sections, tapSensors, taps } from "@/lib/db/schema";
import { inForce } from "@/lib/menus/in-force";
import { ApiError, invalid } from "@/lib/server/errors";
import { found, type Scope } from "@/lib/server/scope";
import { followTaps } from "./numbers";
import type { KegResponse, TapInput, TapPatch, TapResponse } from "./schemas";

// Taps (venue-operations §8): numbered lines at a location, each pouring one item's container, with the
// keg in service and the items on deck. Every read and write names the business in its WHERE.

type Tap = typeof taps.$inferSelect;
type Keg = typeof kegs.$inferSelect;
type Location = typeof locations.$inferSelect;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export function kegJson(keg: Keg): KegResponse {
  const size = Number(keg.sizeMl);
  const remaining = Number(keg.remainingMl);
  return {
    id: keg.id,
    tap_id: keg.tapId,
    item_id: keg.itemId,
    size_ml: size,
    remaining_ml: remaining,
    percent_remaining: round((remaining / size) * 100, 1),
    tapped_at: keg.tappedAt.toISOString(),
    forecast_empty_at: keg.forecastEmptyAt?.toISOString() ?? null,
    kicked_at: keg.kickedAt?.toISOString() ?? null,
  };
}

const sensorBrief = (sensor: typeof tapSensors.$inferSelect) => ({
  id: sensor.id,
  kind: sensor.kind as "mqtt" | "kegtron",
  device_id: sensor.deviceId,
  last_reading_at: sensor.lastReadingAt?.toISOString() ?? null,
});

/** The tap's record where the caller's business owns its location (null: no such tap for them). */
export async function findTap(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ tap: taps, location: locations })
    .from(taps)
    .innerJoin(locations, eq(locations.id, taps.locationId))
    .where(and(eq(taps.id, id), eq(locations.businessId, businessId), isNull(locations.archivedAt)))
    .limit(1);
  return row ?? null;
}

export async function getTap(db: Db, scope: Scope) {
  return found(await findTap(db, scope), "tap");
}

type ItemInfo = { id: number; name: string; eightySixed: boolean };

/** The location's items among `ids`, with their names and 86 state. */
async function itemsAt(db: Db, locationId: number, ids: number[], now: Date): Promise<Map<number, ItemInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: items.id,
      name: sql<string>`coalesce(${items.customName}, ${items.originalName})`,
      at: items.eightySixedAt,
      until: items.eightySixedUntil,
    })
    .from(items)
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .where(and(inArray(items.id, [...new Set(ids)]), eq(menus.locationId, locationId)));
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: row.name, eightySixed: inForce({ set: row.at !== null, until: row.until }, now) }]),
  );
}

/** Tap JSON for rows of one location, with their kegs in service and their items' names. */
export async function tapsJson(db: Db, locationId: number, rows: Tap[], now = new Date()): Promise<TapResponse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const inService = await db
    .select()
    .from(kegs)
    .where(and(inArray(kegs.tapId, ids), isNull(kegs.endedAt)));
  const kegOf = new Map(inService.map((keg) => [keg.tapId, keg]));
  // The line (venue-operations §14): its sensor, temperature and cleaning.
  const [sensors, [place]] = await Promise.all([
    db.select().from(tapSensors).where(inArray(tapSensors.tapId, ids)),
    db.select({ days: locations.lineCleaningDays }).from(locations).where(eq(locations.id, locationId)),
  ]);
  const sensorOf = new Map(sensors.map((sensor) => [sensor.tapId, sensor]));
  const named = await itemsAt(
    db,
    locationId,
    rows.flatMap((row) => [...(row.itemId ? [row.itemId] : []), ...row.onDeck]),
    now,
  );
  return rows.map((row) => {
    const item = row.itemId ? named.get(row.itemId) : undefined;
    const keg = kegOf.get(row.id);
    const onDeck = row.onDeck.filter((id) => named.has(id));
    return {
      id: row.id,
      location_id: row.locationId,
      number: row.number,
      name: row.name,
      item_id: row.itemId,
      item_name: item?.name ?? null,
      item_eighty_sixed: item?.eightySixed ?? false,
      container_id: row.containerId,
      keg: keg ? kegJson(keg) : null,
      on_deck: onDeck,
      on_deck_names: onDeck.map((id) => named.get(id)!.name),
      sensor: sensorOf.has(row.id) ? sensorBrief(sensorOf.get(row.id)!) : null,
      temperature_c: row.temperatureC === null ? null : Number(row.temperatureC),
      temperature_at: row.temperatureAt?.toISOString() ?? null,
      too_warm: row.tooWarmToldAt !== null,
      line_cleaned_at: row.lineCleanedAt?.toISOString() ?? null,
      line_cleaning_due_at: new Date((row.lineCleanedAt ?? row.createdAt).getTime() + (place?.days ?? 14) * 86_400_000).toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}

export async function tapJson(db: Db, tap: Tap, now = new Date()) {
  return (await tapsJson(db, tap.locationId, [tap], now))[0]!;
}

/** GET /locations/:id/taps: the location's taps by number. */
export async function listTaps(db: Db, { location, now = new Date() }: { location: Location; now?: Date }) {
  const rows = await db.select().from(taps).where(eq(taps.locationId, location.id)).orderBy(asc(taps.number));
  return { taps: await tapsJson(db, location.id, rows, now), keg_low_percent: location.kegLowPercent };
}

export async function readTap(db: Db, scope: Scope) {
  return tapJson(db, (await getTap(db, scope)).tap);
}

/** Refuses items that are not the location's and a container that is not the item's (422, nothing written). */
async function checkRefs(db: Db, locationId: number, input: TapPatch, current?: Tap) {
  const itemId = input.item_id === undefined ? (current?.itemId ?? null) : input.item_id;
  const wanted = [...(input.item_id ? [input.item_id] : []), ...(input.on_deck ?? [])];
  const known = await itemsAt(db, locationId, wanted, new Date());
  const errors = [
    ...(input.item_id && !known.has(input.item_id) ? [{ path: "tap.item_id", message: "must be an item of this location's menus" }] : []),
    ...(input.on_deck ?? []).flatMap((id, index) =>
      known.has(id) ? [] : [{ path: `tap.on_deck.${index}`, message: `item ${id} is not on this location's menus` }],
    ),
    ...(itemId !== null && (input.on_deck ?? []).includes(itemId)
      ? [{ path: "tap.on_deck", message: "must not hold the item on the tap" }]
      : []),
  ];
  if (input.container_id) {
    const [container] = await db.select({ itemId: containers.itemId }).from(containers).where(eq(containers.id, input.container_id));
    if (!container || container.itemId !== itemId)
      errors.push({ path: "tap.container_id", message: "must be a container of the tap's item" });
  }
  if (errors.length > 0) throw invalid(errors);
}

/** The item's first container (the one a pour is sold in unless the tap says otherwise). */
export async function firstContainer(db: Db, itemId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: containers.id })
    .from(containers)
    .where(eq(containers.itemId, itemId))
    .orderBy(asc(containers.position))
    .limit(1);
  return row?.id ?? null;
}

const numberTaken = (number: number) => new ApiError("conflict", `Tap ${number} already exists at this location.`);

/** POST /locations/:id/taps: the item on it takes its number, in the same transaction. */
export async function createTap(db: Db, { location, input }: { location: Location; input: TapInput }) {
  await checkRefs(db, location.id, input);
  const containerId = input.container_id ?? (input.item_id ? await firstContainer(db, input.item_id) : null);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(taps)
        .values({
          locationId: location.id,
          number: input.number,
          name: input.name ?? null,
          itemId: input.item_id ?? null,
          containerId,
          onDeck: input.on_deck ?? [],
        })
        .returning();
      await followTaps(tx, [inserted!.itemId]);
      return inserted!;
    });
    return tapJson(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.number);
    throw error;
  }
}

/** PATCH /taps/:id: number, name, item, container, the on-deck order; the items on and off it follow its number. */
export async function updateTap(db: Db, { businessId, id, input }: Scope & { input: TapPatch }) {
  const { tap } = await getTap(db, { businessId, id });
  await checkRefs(db, tap.locationId, input, tap);
  const itemChanged = input.item_id !== undefined && input.item_id !== tap.itemId;
  const containerId =
    input.container_id !== undefined
      ? input.container_id
      : itemChanged
        ? input.item_id
          ? await firstContainer(db, input.item_id)
          : null
        : undefined;
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(taps)
        .set({
          ...(input.number !== undefined && { number: input.number }),
          ...(input.name !== undefined && { name: input.name }),
          ...(input.item_id !== undefined && { itemId: input.item_id }),
          ...(containerId !== undefined && { containerId }),
          ...(input.on_deck !== undefined && { onDeck: input.on_deck }),
          updatedAt: new Date(),
        })
        .where(and(eq(taps.id, tap.id), eq(taps.locationId, tap.locationId)))
        .returning();
      if (updated) await followTaps(tx, [tap.itemId, updated.itemId]);
      return updated;
    });
    return tapJson(db, found(row, "tap"));
  } catch (error) {
    if (isUniqueViolation(error) && input.number !== undefined) throw numberTaken(input.number);
    throw error;
  }
}

/** DELETE /taps/:id: the tap, its kegs and pours; the items stay on the menus, without the tap's number. */
export async function deleteTap(db: Db, scope: Scope) {
  const { tap } = await getTap(db, scope);
  const answer = await tapJson(db, tap);
  await db.transaction(async (tx) => {
    await tx.delete(taps).where(and(eq(taps.id, tap.id), eq(taps.locationId, tap.locationId)));
    await followTaps(tx, [tap.itemId]);
  });
  return answer;
}
