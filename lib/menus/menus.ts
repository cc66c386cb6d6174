import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { menus, sections } from "@/lib/db/schema";
import { notFound } from "@/lib/api/errors";
import type { Location } from "@/lib/locations/locations";
import { applyPositions, closeGap, lockParent, nextPosition, type PositionEntry } from "@/lib/positions";
import { recordMenuView } from "@/lib/analytics/menu-views";
import { findCustomMenu, listCustomMenus } from "@/lib/custom-menus/records";
import { legacyMenuJson } from "@/lib/custom-menus/legacy-json";
import { customMenuTree } from "@/lib/custom-menus/legacy-tree";
import { findMenuOrSuccessor, getMenu } from "./access";
import { menuList } from "./lists";
import { menuJson } from "./serialize";
import { menuTree } from "./tree";

type Scope = { businessId: number; id: number };

/** A location's menus in position order; with include_legacy, then its custom menus not yet migrated. */
export async function listMenus(db: Db, { location, includeLegacy }: { location: Location; includeLegacy: boolean }) {
  const rows = await db.select().from(menus).where(eq(menus.locationId, location.id)).orderBy(asc(menus.position));
  const listed: object[] = rows.map(menuJson);
  if (includeLegacy) listed.push(...(await listCustomMenus(db, { locationId: location.id, unmigrated: true })).map(legacyMenuJson));
  return listed;
}

/**
 * GET /menus/:id. With include_legacy the lookup goes: menu by id, menu replacing custom menu `id`,
 * custom menu `id` (answered in the consolidated shape, `legacy: true`). `full` returns the tree and
 * counts a menu view for `sourceName` (null: not a view, e.g. the venue's own dashboard).
 */
export async function readMenu(
  db: Db,
  { businessId, id, full, includeLegacy, sourceName }: Scope & { full: boolean; includeLegacy: boolean; sourceName: string | null },
) {
  const found = includeLegacy ? await findMenuOrSuccessor(db, { businessId, id }) : await getMenu(db, { businessId, id });
  if (found) {
    if (!full) return menuJson(found.menu);
    if (sourceName !== null) await recordMenuView(db, { locationId: found.location.id, source: sourceName });
    return menuTree(db, { menu: found.menu, currency: found.location.currency });
  }
  const legacy = await findCustomMenu(db, { businessId, id });
  if (!legacy) throw notFound("menu");
  if (!full) return legacyMenuJson(legacy.menu);
  if (sourceName !== null) await recordMenuView(db, { locationId: legacy.location.id, source: sourceName });
  return customMenuTree(db, { menu: legacy.menu, currency: legacy.location.currency });
}

type MenuFields = { name?: string; description?: string | null; footer?: string | null };

/** A new menu is unpublished, last in the location's order, and has its on-deck section. */
export async function createMenu(db: Db, { location, fields }: { location: Location; fields: MenuFields & { name: string } }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, menuList, location.id);
    const position = await nextPosition(tx, menuList, location.id);
    const [menu] = await tx
      .insert(menus)
      .values({ locationId: location.id, name: fields.name, description: fields.description, footer: fields.footer, position })
      .returning();
    await tx.insert(sections).values({ menuId: menu!.id, type: "OnDeckSection", position: 0, name: "On Deck", public: false });
    return menu!;
  });
}

export async function updateMenu(db: Db, { businessId, id, fields }: Scope & { fields: MenuFields }) {
  const { menu } = await getMenu(db, { businessId, id });
  const [updated] = await db
    .update(menus)
    .set({ name: fields.name, description: fields.description, footer: fields.footer, updatedAt: new Date() })
    .where(eq(menus.id, menu.id))
    .returning();
  return updated!;
}

/** Unpublishes, then deletes with everything in it, and closes the gap in the location's order. */
export async function deleteMenu(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getMenu(tx, scope);
    await lockParent(tx, menuList, location.id);
    const [unpublished] = await tx.update(menus).set({ unpublished: true, updatedAt: new Date() }).where(eq(menus.id, menu.id)).returning();
    const [current] = await tx.delete(menus).where(eq(menus.id, menu.id)).returning();
    await closeGap(tx, menuList, location.id, current!.position);
    return unpublished!;
  });
}

/** publish / unpublish: setting the state it already has changes nothing. */
export async function setPublished(db: Db, { businessId, id, published }: Scope & { published: boolean }) {
  const { menu } = await getMenu(db, { businessId, id });
  if (menu.unpublished === !published) return menu;
  const [updated] = await db.update(menus).set({ unpublished: !published, updatedAt: new Date() }).where(eq(menus.id, menu.id)).returning();
  return updated!;
}

/** Publishes every unpublished menu of the location; answers all its menus. */
export async function publishAllMenus(db: Db, { location }: { location: Location }) {
  await db
    .update(menus)
    .set({ unpublished: false, updatedAt: new Date() })
    .where(and(eq(menus.locationId, location.id), eq(menus.unpublished, true)));
  return db.select().from(menus).where(eq(menus.locationId, location.id)).orderBy(asc(menus.position));
}

export async function reorderMenus(db: Db, { location, batch }: { location: Location; batch: PositionEntry[] }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, menuList, location.id);
    return applyPositions(tx, menuList, location.id, batch);
  });
}
