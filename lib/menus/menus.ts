import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { menus, sections, type StoredSchedule } from "@/lib/db/schema";
import type { TranslationsPatch } from "@/lib/menus/schemas/translations";
import { newTranslations, patchTranslations } from "@/lib/menus/translations/write";
import { answerIn } from "@/lib/menus/translations/translate";
import type { Location } from "@/lib/locations/locations";
import { applyPositions, closeGap, lockParent, nextPosition, type PositionEntry } from "@/lib/menus/positions";
import { countMenuView } from "@/lib/insights/menu-views";
import { setPublishedState } from "@/lib/menus/publishing";
import { found, type Scope } from "@/lib/server/scope";
import { getMenu, ownMenu } from "./access";
import { menuList } from "./lists";
import { menuJson, type Menu } from "./serialize";
import { menuTree } from "./tree";

/** A location's menus in position order; `lang`: their texts in that language (decision 100). */
export async function listMenus(db: Db, { location, lang }: { location: Location; lang?: string }) {
  const rows = await db.select().from(menus).where(eq(menus.locationId, location.id)).orderBy(asc(menus.position));
  return rows.map((row) => answerIn("menu", menuJson(row), row.translations, { lang, languages: location.languages }));
}

/**
 * GET /menus/:id. `full` returns the tree and counts a menu view for `sourceName` (null: not a view,
 * e.g. the venue's own dashboard).
 */
export async function readMenu(db: Db, { businessId, id, full, sourceName }: Scope & { full: boolean; sourceName: string | null }) {
  return answerMenu(db, { ...(await getMenu(db, { businessId, id })), full, sourceName });
}

/** A menu the caller may see, answered as GET /menus/:id answers it (whichever lookup found it). */
export async function answerMenu(
  db: Db,
  { menu, location, full, sourceName }: { menu: Menu; location: Location; full: boolean; sourceName: string | null },
) {
  if (!full) return menuJson(menu);
  if (sourceName !== null) countMenuView(db, { locationId: location.id, source: sourceName });
  const now = new Date();
  return menuTree(db, { menu, currency: location.currency, now, live: { at: now, zone: location.timeZone, includeUnavailable: false } });
}

type MenuFields = {
  name?: string;
  description?: string | null;
  footer?: string | null;
  schedule?: StoredSchedule | null;
  translations?: TranslationsPatch;
};

/** A new menu is unpublished, last in the location's order, and has its on-deck section. */
export async function createMenu(db: Db, { location, fields }: { location: Location; fields: MenuFields & { name: string } }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, menuList, location.id);
    const position = await nextPosition(tx, menuList, location.id);
    const [menu] = await tx
      .insert(menus)
      .values({
        locationId: location.id,
        name: fields.name,
        description: fields.description,
        footer: fields.footer,
        schedule: fields.schedule,
        translations: newTranslations(fields.translations),
        position,
      })
      .returning();
    await tx.insert(sections).values({ menuId: menu!.id, type: "OnDeckSection", position: 0, name: "On Deck", public: false });
    return menuJson(menu!);
  });
}

/** One UPDATE with the business in its WHERE: a menu deleted meanwhile is 404, like a missing one. */
export async function updateMenu(db: Db, { businessId, id, fields }: Scope & { fields: MenuFields }) {
  const [updated] = await db.transaction((tx) =>
    tx
      .update(menus)
      .set({
        name: fields.name,
        description: fields.description,
        footer: fields.footer,
        schedule: fields.schedule,
        translations: patchTranslations(menus.translations, fields.translations),
        updatedAt: new Date(),
      })
      .where(ownMenu(tx, { businessId, id }))
      .returning(),
  );
  return menuJson(found(updated, "menu"));
}

/** Unpublishes, then deletes with everything in it, and closes the gap in the location's order. */
export async function deleteMenu(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getMenu(tx, scope);
    await lockParent(tx, menuList, location.id);
    // A concurrent delete of the same menu held the location lock first: this one finds nothing (404).
    const [row] = await tx.update(menus).set({ unpublished: true, updatedAt: new Date() }).where(eq(menus.id, menu.id)).returning();
    const unpublished = found(row, "menu");
    await tx.delete(menus).where(eq(menus.id, menu.id));
    await closeGap(tx, menuList, location.id, unpublished.position);
    return menuJson(unpublished);
  });
}

/** publish / unpublish: setting the state it already has changes nothing (lib/menus/publishing.ts). */
export async function setPublished(db: Db, { businessId, id, published }: Scope & { published: boolean }) {
  const menu = await setPublishedState(db, { table: menus, where: ownMenu(db, { businessId, id }), published });
  return menuJson(found(menu, "menu"));
}

/** Publishes every unpublished menu of the location; answers all its menus. */
export async function publishAllMenus(db: Db, { location }: { location: Location }) {
  await db.transaction((tx) =>
    tx
      .update(menus)
      .set({ unpublished: false, updatedAt: new Date() })
      .where(and(eq(menus.locationId, location.id), eq(menus.unpublished, true))),
  );
  return listMenus(db, { location });
}

export async function reorderMenus(db: Db, { location, batch }: { location: Location; batch: PositionEntry[] }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, menuList, location.id);
    return applyPositions(tx, menuList, location.id, batch);
  });
}
