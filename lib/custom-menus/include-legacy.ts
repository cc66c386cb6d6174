import { and, eq, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, menus } from "@/lib/db/schema";
import { notFound } from "@/lib/server/errors";
import type { Location } from "@/lib/locations/locations";
import type { Scope } from "@/lib/server/scope";
import { countMenuView } from "@/lib/insights/menu-views";
import { answerMenu, listMenus } from "@/lib/menus/menus";
import { menuSections, readSection } from "@/lib/menus/sections";
import { listItems, readItem } from "@/lib/menus/items";
import { listContainers, readContainer } from "@/lib/menus/containers";
import { blankContainerJson } from "@/lib/menus/serialize";
import { legacyContainerJson, legacyItemJson, legacyMenuJson, legacySectionJson } from "./legacy-json";
import { customMenuTreeJson, legacyMenuTreeJson, loadCustomTree } from "./legacy-tree";
import { customContainerJson, customItemJson, customMenuJson, customSectionJson } from "./serialize";
import {
  findCustomContainer,
  findCustomItem,
  findCustomMenu,
  findCustomSection,
  listCustomContainers,
  listCustomItems,
  listCustomMenus,
  listCustomSections,
} from "./records";

// include_legacy=true on the consolidated GET routes (contract §4), in one place: the consolidated read,
// else the custom record with the same id (which of the two, the request wrapper decides by the
// caller's sight), answered in the consolidated shape with `legacy: true` and, beside it, in the custom
// family's own shape under its own key (clients written against that family read `custom_menu` there).
// lib/menus knows nothing of custom menus; the routes pick these functions when the query asks. The
// single-record reads answer the whole envelope, the lists the records.

/**
 * A section's, item's or container's id under include_legacy: `legacy` when the request wrapper found the
 * custom record in the caller's sight and the consolidated one with that id absent or out of it
 * (lib/auth/location-of.ts `legacyInSight`): the two families number apart, so one id may name both.
 */
type Legacy = Scope & { legacy: boolean };

/** Steps 1 and 2 of the menu lookup, in one query: the menu with this id, else the menu that replaced custom menu `id`. */
async function findMenuOrSuccessor(db: Db, { businessId, id }: Scope) {
  const rows = await db
    .select({ menu: menus, location: locations })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(or(eq(menus.id, id), eq(menus.legacyMenuId, id)), eq(locations.businessId, businessId)))
    .limit(2);
  return rows.find((row) => row.menu.id === id) ?? rows[0] ?? null;
}

/** GET /locations/:id/menus: the menus, then the custom menus no menu has replaced yet. */
export async function listMenusIncludingLegacy(db: Db, { location }: { location: Location }) {
  const legacy = await listCustomMenus(db, { locationId: location.id, unmigrated: true });
  return [...(await listMenus(db, { location })), ...legacy.map(legacyMenuJson)];
}

/** GET /menus/:id: the menu by id, the menu replacing custom menu `id`, then custom menu `id` (step 3, its tree with `full`). */
export async function readMenuIncludingLegacy(
  db: Db,
  { businessId, id, full, sourceName }: Scope & { full: boolean; sourceName: string | null },
) {
  const found = await findMenuOrSuccessor(db, { businessId, id });
  if (found) return { menu: await answerMenu(db, { ...found, full, sourceName }) };
  const legacy = await findCustomMenu(db, { businessId, id });
  if (!legacy) throw notFound("menu");
  if (!full) return { menu: legacyMenuJson(legacy.menu), custom_menu: customMenuJson(legacy.menu) };
  const tree = await loadCustomTree(db, legacy.menu.id);
  if (sourceName !== null) countMenuView(db, { locationId: legacy.location.id, source: sourceName });
  return { menu: legacyMenuTreeJson(legacy.menu, tree, legacy.location.currency), custom_menu: customMenuTreeJson(legacy.menu, tree) };
}

/** GET /menus/:id/sections: the menu's (or its successor's) sections, else the custom menu's. */
export async function listSectionsIncludingLegacy(db: Db, scope: Scope) {
  const found = await findMenuOrSuccessor(db, scope);
  if (found) return menuSections(db, found.menu.id);
  const legacy = await findCustomMenu(db, scope);
  if (!legacy) throw notFound("menu");
  return (await listCustomSections(db, { customMenuId: legacy.menu.id })).map(legacySectionJson);
}

export async function readSectionIncludingLegacy(db: Db, { legacy, ...scope }: Legacy) {
  if (!legacy) return { section: await readSection(db, scope) };
  const found = await findCustomSection(db, scope);
  if (!found) throw notFound("section");
  return { section: legacySectionJson(found.section), custom_section: customSectionJson(found.section) };
}

export async function listItemsIncludingLegacy(db: Db, { legacy, ...scope }: Legacy) {
  if (!legacy) return listItems(db, scope);
  const found = await findCustomSection(db, scope);
  if (!found) throw notFound("section");
  return (await listCustomItems(db, { customSectionId: found.section.id })).map(({ item, type }) => legacyItemJson(item, type));
}

export async function readItemIncludingLegacy(db: Db, { legacy, ...scope }: Legacy) {
  if (!legacy) return { item: await readItem(db, scope) };
  const found = await findCustomItem(db, scope);
  if (!found) throw notFound("item");
  return { item: legacyItemJson(found.item, found.type), custom_item: customItemJson(found.item, found.type) };
}

/** GET /items/:id/containers; `build` appends the blank container, marked legacy too. */
export async function listContainersIncludingLegacy(db: Db, { legacy, build, ...scope }: Legacy & { build: boolean }) {
  if (!legacy) return listContainers(db, { ...scope, build });
  const found = await findCustomItem(db, scope);
  if (!found) throw notFound("item");
  const { currency } = found.location;
  const rows = await listCustomContainers(db, { customItemId: found.item.id });
  const listed = rows.map((row) => legacyContainerJson(row, currency));
  return build ? [...listed, { ...blankContainerJson(found.item.id, rows.length, currency), legacy: true }] : listed;
}

export async function readContainerIncludingLegacy(db: Db, { legacy, ...scope }: Legacy) {
  if (!legacy) return { container: await readContainer(db, scope) };
  const found = await findCustomContainer(db, scope);
  if (!found) throw notFound("container");
  return {
    container: legacyContainerJson(found.container, found.location.currency),
    custom_container: customContainerJson(found.container),
  };
}
