import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { distributors, items, locations, menus, parLevels, sections } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import { found, type Scope } from "@/lib/server/scope";
import type { ParLevelInput, ParLevelResponse } from "./schemas";

// A beer's par level (venue-operations §15, decision 096): per item of the location's menus, as kegs
// name their beer (kegs.item_id): the kegs wanted on hand, the full kegs in the cellar and the
// distributor it is ordered from. One row per item, written whole by PUT.

type ParLevel = typeof parLevels.$inferSelect;

const parJson = (row: ParLevel, locationId: number): ParLevelResponse => ({
  item_id: row.itemId,
  location_id: locationId,
  par_kegs: row.parKegs,
  full_kegs: row.fullKegs,
  distributor_id: row.distributorId,
  updated_at: row.updatedAt.toISOString(),
});

/** The item's location, where the caller's business owns it (404 otherwise). */
async function itemLocation(db: Db, { businessId, id }: Scope): Promise<number> {
  const [row] = await db
    .select({ locationId: menus.locationId })
    .from(items)
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(items.id, id), eq(locations.businessId, businessId), isNull(locations.archivedAt)))
    .limit(1);
  return found(row, "item").locationId;
}

/** GET /items/:id/par_level: 404 when the item has none. */
export async function readParLevel(db: Db, scope: Scope) {
  const locationId = await itemLocation(db, scope);
  const [row] = await db.select().from(parLevels).where(eq(parLevels.itemId, scope.id));
  return parJson(found(row, "par level"), locationId);
}

/** PUT /items/:id/par_level: sets it whole (full_kegs and distributor_id unset: 0 and none). */
export async function putParLevel(db: Db, { businessId, id, input }: Scope & { input: ParLevelInput }) {
  const locationId = await itemLocation(db, { businessId, id });
  const distributorId = input.distributor_id ?? null;
  if (distributorId !== null) {
    const [known] = await db
      .select({ id: distributors.id })
      .from(distributors)
      .where(and(eq(distributors.id, distributorId), eq(distributors.locationId, locationId)));
    if (!known) throw invalid([{ path: "distributor_id", message: "must be a distributor of this item's location" }]);
  }
  const now = new Date();
  const values = { parKegs: input.par_kegs, fullKegs: input.full_kegs ?? 0, distributorId, locationId, updatedAt: now };
  const [row] = await db
    .insert(parLevels)
    .values({ itemId: id, ...values })
    .onConflictDoUpdate({ target: parLevels.itemId, set: values })
    .returning();
  return parJson(row!, locationId);
}

/** DELETE /items/:id/par_level: the beer goes back to no par (404 when it had none). */
export async function deleteParLevel(db: Db, scope: Scope) {
  const locationId = await itemLocation(db, scope);
  const [row] = await db.delete(parLevels).where(eq(parLevels.itemId, scope.id)).returning();
  return parJson(found(row, "par level"), locationId);
}
