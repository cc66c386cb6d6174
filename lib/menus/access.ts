import { and, eq, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, locations, menus, sections } from "@/lib/db/schema";
import { notFound } from "@/lib/api/errors";

// Business-scoped lookups: the caller's business is in every WHERE, so another business's id finds
// nothing and is answered 404, exactly like an id that does not exist.

type Scope = { businessId: number; id: number };

export async function findMenu(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ menu: menus, location: locations })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(menus.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

/** Steps 1 and 2 of the include_legacy lookup: the menu with this id, else the one that replaced custom menu `id`. */
export async function findMenuOrSuccessor(db: Db, { businessId, id }: Scope) {
  const rows = await db
    .select({ menu: menus, location: locations })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(or(eq(menus.id, id), eq(menus.legacyMenuId, id)), eq(locations.businessId, businessId)))
    .limit(2);
  return rows.find((row) => row.menu.id === id) ?? rows[0] ?? null;
}

export async function getMenu(db: Db, scope: Scope) {
  const row = await findMenu(db, scope);
  if (!row) throw notFound("menu");
  return row;
}

export async function findSection(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ section: sections, menu: menus, location: locations })
    .from(sections)
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(sections.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function getSection(db: Db, scope: Scope) {
  const row = await findSection(db, scope);
  if (!row) throw notFound("section");
  return row;
}

export async function findItem(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ item: items, section: sections, location: locations })
    .from(items)
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(items.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function getItem(db: Db, scope: Scope) {
  const row = await findItem(db, scope);
  if (!row) throw notFound("item");
  return row;
}

export async function findContainer(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ container: containers, size: containerSizes, item: items, location: locations })
    .from(containers)
    .innerJoin(items, eq(items.id, containers.itemId))
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(and(eq(containers.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function getContainer(db: Db, scope: Scope) {
  const row = await findContainer(db, scope);
  if (!row) throw notFound("container");
  return row;
}
