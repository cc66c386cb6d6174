import { and, asc, eq, notExists } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customContainers, customItems, customItemTypes, customMenus, customSections, locations, menus } from "@/lib/db/schema";
import { required, type Scope } from "@/lib/server/scope";

// Lookups of the deprecated custom-menu records, always scoped to the caller's business: another
// business's id finds nothing. Each returns the record with its location (zone, currency, migration).

export type CustomMenu = typeof customMenus.$inferSelect;
export type CustomSection = typeof customSections.$inferSelect;
export type CustomItem = typeof customItems.$inferSelect;
export type CustomItemType = typeof customItemTypes.$inferSelect;
export type CustomContainer = typeof customContainers.$inferSelect;
export type Location = typeof locations.$inferSelect;

export async function findCustomMenu(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ menu: customMenus, location: locations })
    .from(customMenus)
    .innerJoin(locations, eq(locations.id, customMenus.locationId))
    .where(and(eq(customMenus.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function findCustomSection(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ section: customSections, menu: customMenus, location: locations })
    .from(customSections)
    .innerJoin(customMenus, eq(customMenus.id, customSections.customMenuId))
    .innerJoin(locations, eq(locations.id, customMenus.locationId))
    .where(and(eq(customSections.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function findCustomItem(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ item: customItems, type: customItemTypes, section: customSections, location: locations })
    .from(customItems)
    .innerJoin(customItemTypes, eq(customItemTypes.id, customItems.customItemTypeId))
    .innerJoin(customSections, eq(customSections.id, customItems.customSectionId))
    .innerJoin(customMenus, eq(customMenus.id, customSections.customMenuId))
    .innerJoin(locations, eq(locations.id, customMenus.locationId))
    .where(and(eq(customItems.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

export async function findCustomContainer(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ container: customContainers, item: customItems, location: locations })
    .from(customContainers)
    .innerJoin(customItems, eq(customItems.id, customContainers.customItemId))
    .innerJoin(customSections, eq(customSections.id, customItems.customSectionId))
    .innerJoin(customMenus, eq(customMenus.id, customSections.customMenuId))
    .innerJoin(locations, eq(locations.id, customMenus.locationId))
    .where(and(eq(customContainers.id, id), eq(locations.businessId, businessId)))
    .limit(1);
  return row ?? null;
}

/** A location's custom menus in position order; `unmigrated` leaves out those a menu replaced. */
export function listCustomMenus(db: Db, { locationId, unmigrated = false }: { locationId: number; unmigrated?: boolean }) {
  const replaced = db.select({ id: menus.id }).from(menus).where(eq(menus.legacyMenuId, customMenus.id));
  return db
    .select()
    .from(customMenus)
    .where(and(eq(customMenus.locationId, locationId), unmigrated ? notExists(replaced) : undefined))
    .orderBy(asc(customMenus.position));
}

export function listCustomSections(db: Db, { customMenuId }: { customMenuId: number }) {
  return db.select().from(customSections).where(eq(customSections.customMenuId, customMenuId)).orderBy(asc(customSections.position));
}

export function listCustomItems(db: Db, { customSectionId }: { customSectionId: number }) {
  return db
    .select({ item: customItems, type: customItemTypes })
    .from(customItems)
    .innerJoin(customItemTypes, eq(customItemTypes.id, customItems.customItemTypeId))
    .where(eq(customItems.customSectionId, customSectionId))
    .orderBy(asc(customItems.position));
}

export function listCustomContainers(db: Db, { customItemId }: { customItemId: number }) {
  return db.select().from(customContainers).where(eq(customContainers.customItemId, customItemId)).orderBy(asc(customContainers.position));
}

// The same lookups for handlers: a record the caller cannot see is 404.

export const getCustomMenu = required(findCustomMenu, "custom menu");
export const getCustomSection = required(findCustomSection, "custom section");
export const getCustomItem = required(findCustomItem, "custom item");
export const getCustomContainer = required(findCustomContainer, "custom container");
