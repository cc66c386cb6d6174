import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customMenus } from "@/lib/db/schema";
import { ApiError, notFound } from "@/lib/server/errors";
import type { Location } from "@/lib/locations/locations";
import { countMenuView } from "@/lib/insights/menu-views";
import { setPublishedState } from "@/lib/menus/publishing";
import { found, type Scope } from "@/lib/server/scope";
import { customMenuList } from "./lists";
import { applyPositions, closeGap, lockParent, nextPosition, type PositionEntry } from "@/lib/menus/positions";
import type { CustomMenuFields } from "@/lib/custom-menus/schemas/custom-menus";
import { customMenuTreeJson, loadCustomTree } from "./legacy-tree";
import { getCustomMenu, listCustomMenus } from "./records";
import { customMenuJson } from "./serialize";
import { assertNotMigrated } from "./write-guard";

/** GET /custom_menus/:id. `full` answers the whole tree (four queries at any size) and counts a view (unless `sourceName` is null). */
export async function readCustomMenu(db: Db, { businessId, id, full, sourceName }: Scope & { full: boolean; sourceName: string | null }) {
  const { menu, location } = await getCustomMenu(db, { businessId, id });
  if (!full) return customMenuJson(menu);
  const tree = await loadCustomTree(db, menu.id);
  if (sourceName !== null) countMenuView(db, { locationId: location.id, source: sourceName });
  return customMenuTreeJson(menu, tree);
}

/** GET /locations/:id/custom_menus: the location's custom menus in position order. */
export async function listLocationCustomMenus(db: Db, { location }: { location: Location }) {
  return (await listCustomMenus(db, { locationId: location.id })).map(customMenuJson);
}

/** A new custom menu is unpublished and last in the location's order. */
export async function createCustomMenu(
  db: Db,
  { location, fields }: { location: Location; fields: { name: string; description?: string | null } },
) {
  return db.transaction(async (tx) => {
    await lockParent(tx, customMenuList, location.id);
    await assertNotMigrated(tx, location.id);
    const position = await nextPosition(tx, customMenuList, location.id);
    const [menu] = await tx
      .insert(customMenus)
      .values({ locationId: location.id, name: fields.name, description: fields.description, position })
      .returning();
    return customMenuJson(menu!);
  });
}

/** Only the fields passed change. */
export async function updateCustomMenu(db: Db, { businessId, id, fields }: Scope & { fields: CustomMenuFields }) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getCustomMenu(tx, { businessId, id });
    await assertNotMigrated(tx, location.id);
    const [updated] = await tx
      .update(customMenus)
      .set({ name: fields.name, description: fields.description, footer: fields.footer, updatedAt: new Date() })
      .where(eq(customMenus.id, menu.id))
      .returning();
    return customMenuJson(found(updated, "custom menu"));
  });
}

/** Unpublishes, then deletes with everything in it, and closes the gap. Answers the unpublished record. */
export async function deleteCustomMenu(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getCustomMenu(tx, scope);
    await lockParent(tx, customMenuList, location.id);
    await assertNotMigrated(tx, location.id);
    const [unpublished] = await tx
      .update(customMenus)
      .set({ unpublished: true, updatedAt: new Date() })
      .where(eq(customMenus.id, menu.id))
      .returning();
    if (!unpublished) throw notFound("custom menu");
    await tx.delete(customMenus).where(eq(customMenus.id, menu.id));
    await closeGap(tx, customMenuList, location.id, unpublished.position);
    return customMenuJson(unpublished);
  });
}

/**
 * DELETE /locations/:id/custom_menus: every id must be one of the location's custom menus (else 404
 * and nothing is deleted). Each is unpublished, then deleted; the rest keep their order at 0..n-1.
 */
export async function deleteCustomMenus(db: Db, { location, ids }: { location: Location; ids: number[] }) {
  await db.transaction(async (tx) => {
    await lockParent(tx, customMenuList, location.id);
    await assertNotMigrated(tx, location.id);
    const mine = and(eq(customMenus.locationId, location.id), inArray(customMenus.id, ids));
    const found = await tx
      .update(customMenus)
      .set({ unpublished: true, updatedAt: new Date() })
      .where(mine)
      .returning({ id: customMenus.id });
    if (found.length !== ids.length) {
      const known = new Set(found.map((row) => row.id));
      throw new ApiError("not_found", `No such custom menu: ${ids.filter((id) => !known.has(id)).join(", ")}.`);
    }
    await tx.delete(customMenus).where(mine);
    const rest = await tx
      .select({ id: customMenus.id })
      .from(customMenus)
      .where(eq(customMenus.locationId, location.id))
      .orderBy(asc(customMenus.position));
    await applyPositions(
      tx,
      customMenuList,
      location.id,
      rest.map((row, position) => ({ id: row.id, position })),
    );
  });
}

/** publish / unpublish: setting the state a menu already has changes nothing (lib/menus/publishing.ts). */
export async function setCustomMenuPublished(db: Db, { businessId, id, published }: Scope & { published: boolean }) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getCustomMenu(tx, { businessId, id });
    await assertNotMigrated(tx, location.id);
    const current = await setPublishedState(tx, { table: customMenus, where: eq(customMenus.id, menu.id), published });
    return customMenuJson(found(current, "custom menu"));
  });
}

/** Publishes every unpublished custom menu of the location; answers all of them in order. */
export async function publishAllCustomMenus(db: Db, { location }: { location: Location }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, customMenuList, location.id);
    await assertNotMigrated(tx, location.id);
    await tx
      .update(customMenus)
      .set({ unpublished: false, updatedAt: new Date() })
      .where(and(eq(customMenus.locationId, location.id), eq(customMenus.unpublished, true)));
    return listLocationCustomMenus(tx, { location });
  });
}

export async function reorderCustomMenus(db: Db, { location, batch }: { location: Location; batch: PositionEntry[] }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, customMenuList, location.id);
    await assertNotMigrated(tx, location.id);
    return applyPositions(tx, customMenuList, location.id, batch);
  });
}
