import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, locations, menus, sections } from "@/lib/db/schema";
import { required, type Scope } from "@/lib/server/scope";

// Business-scoped lookups: the caller's business is in every WHERE, so another business's id finds
// nothing and is answered 404, exactly like an id that does not exist.

export async function findMenu(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ menu: menus, location: locations })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(menus.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export const getMenu = required(findMenu, "menu");

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

export const getSection = required(findSection, "section");

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

export const getItem = required(findItem, "item");

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

export const getContainer = required(findContainer, "container");

// The same scope as a WHERE condition, for writes that must not touch a record the caller cannot see
// (or one deleted since it was read): the write matches nothing and the caller gets 404.

const locationIdsOf = (db: Db, businessId: number) =>
  db.select({ id: locations.id }).from(locations).where(eq(locations.businessId, businessId));
const menuIdsOf = (db: Db, businessId: number) =>
  db
    .select({ id: menus.id })
    .from(menus)
    .where(inArray(menus.locationId, locationIdsOf(db, businessId)));
const sectionIdsOf = (db: Db, businessId: number) =>
  db
    .select({ id: sections.id })
    .from(sections)
    .where(inArray(sections.menuId, menuIdsOf(db, businessId)));

export const ownMenu = (db: Db, { businessId, id }: Scope) =>
  and(eq(menus.id, id), inArray(menus.locationId, locationIdsOf(db, businessId)));
export const ownSection = (db: Db, { businessId, id }: Scope) =>
  and(eq(sections.id, id), inArray(sections.menuId, menuIdsOf(db, businessId)));
export const ownItem = (db: Db, { businessId, id }: Scope) => and(eq(items.id, id), inArray(items.sectionId, sectionIdsOf(db, businessId)));
