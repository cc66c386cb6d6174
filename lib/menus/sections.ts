import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { type StoredSchedule, sections } from "@/lib/db/schema";
import type { TranslationsPatch } from "@/lib/menus/schemas/translations";
import { newTranslations, patchTranslations } from "@/lib/menus/translations/write";
import { answerIn } from "@/lib/menus/translations/translate";
import { ApiError } from "@/lib/server/errors";
import { applyPositions, closeGap, lockParent, makeRoomAtHead, nextPosition, type PositionEntry } from "@/lib/menus/positions";
import { found, type Scope } from "@/lib/server/scope";
import { getMenu, getSection, ownSection } from "./access";
import { sectionList } from "./lists";
import { sectionJson } from "./serialize";

type SectionFields = {
  name?: string;
  description?: string | null;
  public?: boolean;
  schedule?: StoredSchedule | null;
  translations?: TranslationsPatch;
};

/** A menu's sections in position order (the on-deck section is the menu's, not in this list). */
export async function listSections(db: Db, { lang, ...scope }: Scope & { lang?: string }) {
  const { menu, location } = await getMenu(db, scope);
  return menuSections(db, menu.id, { lang, languages: location.languages });
}

/** The sections of a menu the caller may see, however it was found; `lang`: in that language (decision 100). */
export async function menuSections(db: Db, menuId: number, ask: { lang?: string; languages: string[] } = { languages: [] }) {
  const rows = await db
    .select()
    .from(sections)
    .where(and(eq(sections.menuId, menuId), eq(sections.type, "Section")))
    .orderBy(asc(sections.position));
  return rows.map((row) => answerIn("section", sectionJson(row), row.translations, ask));
}

export async function readSection(db: Db, { lang, ...scope }: Scope & { lang?: string }) {
  const { section, location } = await getSection(db, scope);
  return answerIn("section", sectionJson(section), section.translations, { lang, languages: location.languages });
}

/** Appends a section, or puts it first with `head`. */
export async function createSection(
  db: Db,
  { businessId, menuId, head, fields }: { businessId: number; menuId: number; head: boolean; fields: SectionFields },
) {
  return db.transaction(async (tx) => {
    const { menu } = await getMenu(tx, { businessId, id: menuId });
    await lockParent(tx, sectionList, menu.id);
    let position = 0;
    if (head) await makeRoomAtHead(tx, sectionList, menu.id);
    else position = await nextPosition(tx, sectionList, menu.id);
    const [section] = await tx
      .insert(sections)
      .values({
        menuId: menu.id,
        position,
        name: fields.name ?? "",
        description: fields.description,
        public: fields.public,
        schedule: fields.schedule,
        translations: newTranslations(fields.translations),
      })
      .returning();
    return sectionJson(section!);
  });
}

/** One UPDATE with the business in its WHERE: a section deleted meanwhile is 404, like a missing one. */
export async function updateSection(db: Db, { businessId, id, fields }: Scope & { fields: SectionFields }) {
  // In a transaction, like every write to a menu's tree, so the change names its actor (lib/db/actor.ts).
  const [updated] = await db.transaction((tx) =>
    tx
      .update(sections)
      .set({
        name: fields.name,
        description: fields.description,
        public: fields.public,
        schedule: fields.schedule,
        translations: patchTranslations(sections.translations, fields.translations),
        updatedAt: new Date(),
      })
      .where(ownSection(tx, { businessId, id }))
      .returning(),
  );
  return sectionJson(found(updated, "section"));
}

/** Deletes a section with its items and closes the gap. The on-deck section goes only with its menu. */
export async function deleteSection(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { section } = await getSection(tx, scope);
    if (section.type === "OnDeckSection") {
      throw new ApiError("conflict", "The on-deck section belongs to its menu and is deleted with it.");
    }
    await lockParent(tx, sectionList, section.menuId);
    const [row] = await tx.delete(sections).where(eq(sections.id, section.id)).returning();
    const deleted = found(row, "section");
    await closeGap(tx, sectionList, section.menuId, deleted.position);
    return sectionJson(deleted);
  });
}

export async function reorderSections(
  db: Db,
  { businessId, menuId, batch }: { businessId: number; menuId: number; batch: PositionEntry[] },
) {
  return db.transaction(async (tx) => {
    const { menu } = await getMenu(tx, { businessId, id: menuId });
    await lockParent(tx, sectionList, menu.id);
    return applyPositions(tx, sectionList, menu.id, batch);
  });
}
