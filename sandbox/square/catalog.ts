import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { badRequest, notFound, versionMismatch } from "./errors";
import { SANDBOX_LOCATIONS } from "./seed";
import { getRecord, getRecords, type Json, page, putRecord, squareId } from "./store";

// The catalog as Square answers it: an ITEM carries its ITEM_VARIATIONs; a variation's
// `location_overrides[].sold_out` is read-only, true where it tracks inventory and its count is 0 or less.

type Tx = Parameters<typeof getRecord>[0];

export async function quantityAt(db: Tx, variationId: string, locationId: string): Promise<number> {
  const count = await getRecord(db, `inv:${variationId}:${locationId}`, "inventory");
  return count ? Number(count.quantity) : 0;
}

/** A stored variation as Square answers it, its sold-out overrides computed from inventory. */
export async function presentVariation(db: Tx, variation: Json): Promise<Json> {
  const data = variation.item_variation_data as Json;
  const stored = ((data.location_overrides as Json[] | undefined) ?? []).map(({ sold_out: _ignored, ...rest }) => rest);
  const overrides: Json[] = [];
  for (const location of SANDBOX_LOCATIONS) {
    const own = stored.find((override) => override.location_id === location.id);
    const tracks = (own?.track_inventory as boolean | undefined) ?? (data.track_inventory as boolean | undefined) ?? false;
    const soldOut = tracks && (await quantityAt(db, variation.id, location.id)) <= 0;
    if (own || soldOut) overrides.push({ ...(own ?? { location_id: location.id }), ...(soldOut ? { sold_out: true } : {}) });
  }
  const { location_overrides: _drop, ...rest } = data;
  return { ...variation, item_variation_data: { ...rest, ...(overrides.length ? { location_overrides: overrides } : {}) } };
}

/** A stored object as Square answers it (an ITEM with its variations inside). */
export async function present(db: Tx, object: Json): Promise<Json> {
  if (object.type === "ITEM_VARIATION") return presentVariation(db, object);
  if (object.type !== "ITEM") return object;
  const data = object.item_data as Json;
  const variations = await getRecords(db, (data.variations as string[]) ?? [], "catalog");
  const presented = [];
  for (const variation of variations) if (!variation.is_deleted) presented.push(await presentVariation(db, variation));
  return { ...object, item_data: { ...data, variations: presented } };
}

const TYPES = new Set(["ITEM", "ITEM_VARIATION", "CATEGORY", "TAX", "DISCOUNT", "MODIFIER_LIST", "IMAGE"]);

export function parseTypes(value: string | null | undefined | string[]): string[] {
  const list = Array.isArray(value)
    ? value
    : (value ?? "")
        .split(",")
        .map((type) => type.trim())
        .filter(Boolean);
  for (const type of list) if (!TYPES.has(type)) throw badRequest(`Unknown object type \`${type}\`.`, "types");
  return list;
}

/** Lists catalog objects of `types` (default every type), 100 a page, in creation order. */
export async function listCatalog(
  db: Db,
  merchantId: string,
  { types, cursor, keywords }: { types: string[]; cursor?: string; keywords?: string[] },
) {
  const where = sql.join(
    [
      sql`coalesce((data->>'is_deleted')::boolean, false) = false`,
      ...(types.length
        ? [
            sql`data->>'type' in (${sql.join(
              types.map((type) => sql`${type}`),
              sql`, `,
            )})`,
          ]
        : []),
      ...(keywords ?? []).map((word) => sql`(data->'item_data'->>'name') ilike ${`%${word.replace(/[%_\\]/g, "\\$&")}%`}`),
    ],
    sql` and `,
  );
  const found = await page(db, { kind: "catalog", merchantId, cursor, limit: 100, where: sql`(${where})` });
  const objects = [];
  for (const row of found.rows) objects.push(await present(db, row));
  return { objects, ...(found.cursor ? { cursor: found.cursor } : {}) };
}

/**
 * Upserts one object as Square does. A `#temp` id creates it (answered in id_mappings); an existing id
 * needs its current `version` (missing or stale: 400 VERSION_MISMATCH), and what is sent replaces the
 * stored object whole: a field left out is gone, and an ITEM's variations left out are deleted. Every
 * write raises the version. An ITEM's variations come inside it, each with its own version.
 */
export async function upsertObject(db: Tx, merchantId: string, object: Json, now: string, mappings: Json[]): Promise<Json> {
  if (!object || typeof object !== "object") throw badRequest("An object is required.", "object");
  if (object.type !== "ITEM" && object.type !== "ITEM_VARIATION")
    throw badRequest("The sandbox keeps ITEM and ITEM_VARIATION objects.", "object.type");
  /** The object's id (a new one for a `#temp` id) and what is stored under it, its version checked. */
  const idOf = async (given: Json, type: string, field: string) => {
    if (typeof given.id !== "string" || !given.id) throw badRequest("An id is required.", `${field}.id`);
    if (given.id.startsWith("#")) {
      const id = squareId();
      mappings.push({ client_object_id: given.id, object_id: id });
      return { id, existing: null as Json | null };
    }
    const existing = await getRecord(db, given.id, "catalog");
    if (!existing || existing.is_deleted || existing.type !== type) throw notFound(`Object \`${given.id}\` not found.`);
    if (given.version === undefined || given.version === null || Number(given.version) !== Number(existing.version)) {
      throw versionMismatch(`${field}.version`);
    }
    return { id: given.id, existing };
  };
  // Square's versions are its clock in milliseconds; two writes in one millisecond still go up.
  const versionAfter = (existing: Json | null) => Math.max(Date.parse(now), Number(existing?.version ?? 0) + 1);
  const stamps = (id: string, existing: Json | null) => ({
    id,
    updated_at: now,
    version: versionAfter(existing),
    is_deleted: false,
  });
  const saveVariation = async (variation: Json, itemId: string, field: string) => {
    const { id, existing } = await idOf(variation, "ITEM_VARIATION", field);
    const data = (variation.item_variation_data ?? {}) as Json;
    const price = data.price_money as Json | undefined;
    if (price && (!Number.isSafeInteger(Number(price.amount)) || Number(price.amount) < 0)) {
      throw badRequest(
        "Money amounts are whole numbers of the currency's smallest unit.",
        `${field}.item_variation_data.price_money.amount`,
      );
    }
    // sold_out is read-only: what a client sends back of it is not kept.
    const overrides = (data.location_overrides as Json[] | undefined)?.map(({ sold_out: _ignored, ...rest }) => rest);
    const saved = {
      ...variation,
      type: "ITEM_VARIATION",
      ...stamps(id, existing),
      present_at_all_locations: variation.present_at_all_locations ?? true,
      item_variation_data: {
        ...data,
        ...(overrides ? { location_overrides: overrides } : {}),
        ...(price ? { price_money: { amount: Number(price.amount), currency: String(price.currency ?? "USD") } } : {}),
        item_id: itemId,
      },
    };
    await putRecord(db, { id, kind: "catalog", merchantId, data: saved });
    return saved;
  };
  if (object.type === "ITEM_VARIATION") {
    const itemId = (object.item_variation_data as Json | undefined)?.item_id;
    const item = typeof itemId === "string" ? await getRecord(db, itemId, "catalog") : null;
    if (!item || item.is_deleted)
      throw badRequest("A variation names its item (item_variation_data.item_id).", "object.item_variation_data.item_id");
    const saved = await saveVariation(object, item.id, "object");
    const ids = (item.item_data as Json).variations as string[];
    if (!ids.includes(saved.id))
      await putRecord(db, {
        id: item.id,
        kind: "catalog",
        merchantId,
        data: { ...item, item_data: { ...item.item_data, variations: [...ids, saved.id] }, version: versionAfter(item), updated_at: now },
      });
    return present(db, saved);
  }
  const { id, existing } = await idOf(object, "ITEM", "object");
  const data = (object.item_data ?? {}) as Json;
  if (typeof data.name !== "string" || !data.name.trim()) throw badRequest("An item needs a name.", "object.item_data.name");
  const variationIds: string[] = [];
  for (const [index, variation] of ((data.variations as Json[] | undefined) ?? []).entries()) {
    variationIds.push((await saveVariation(variation, id, `object.item_data.variations[${index}]`)).id);
  }
  // The item's variations are what was sent: those left out are deleted, as at Square.
  const before = ((existing?.item_data as Json | undefined)?.variations as string[] | undefined) ?? [];
  for (const gone of await getRecords(
    db,
    before.filter((each) => !variationIds.includes(each)),
    "catalog",
  )) {
    await putRecord(db, {
      id: gone.id,
      kind: "catalog",
      merchantId,
      data: { ...gone, is_deleted: true, updated_at: now, version: versionAfter(gone) },
    });
  }
  const saved = {
    ...object,
    type: "ITEM",
    ...stamps(id, existing),
    present_at_all_locations: object.present_at_all_locations ?? true,
    item_data: { ...data, variations: variationIds },
  };
  await putRecord(db, { id, kind: "catalog", merchantId, data: saved });
  return present(db, saved);
}

export async function deleteObject(db: Tx, merchantId: string, id: string, now: string): Promise<string[]> {
  const object = await getRecord(db, id, "catalog");
  if (!object || object.is_deleted) throw notFound(`Object \`${id}\` not found.`);
  const deleted = [id];
  if (object.type === "ITEM") deleted.push(...(((object.item_data as Json).variations as string[]) ?? []));
  for (const each of deleted) {
    const row = await getRecord(db, each, "catalog");
    if (row) await putRecord(db, { id: each, kind: "catalog", merchantId, data: { ...row, is_deleted: true, updated_at: now } });
  }
  return deleted;
}
