import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sections } from "@/lib/db/schema";
import { ApiError, notFound } from "@/lib/api/errors";
import { applyPositions, closeGap, lockParent, makeRoomAtHead, nextPosition, type PositionEntry } from "@/lib/positions";
import { findCustomMenu, findCustomSection, listCustomSections } from "@/lib/custom-menus/records";
import { legacySectionJson } from "@/lib/custom-menus/legacy-json";
import { findMenuOrSuccessor, findSection, getMenu, getSection } from "./access";
import { sectionList } from "./lists";
import { sectionJson } from "./serialize";

type Scope = { businessId: number; id: number };
type SectionFields = { name?: string; description?: string | null; public?: boolean };

/** A menu's sections in position order (the on-deck section is the menu's, not in this list). */
export async function listSections(db: Db, { businessId, id, includeLegacy }: Scope & { includeLegacy: boolean }) {
  const found = includeLegacy ? await findMenuOrSuccessor(db, { businessId, id }) : await getMenu(db, { businessId, id });
  if (found) {
    const rows = await db
      .select()
      .from(sections)
      .where(and(eq(sections.menuId, found.menu.id), eq(sections.type, "Section")))
      .orderBy(asc(sections.position));
    return rows.map(sectionJson);
  }
  const legacy = await findCustomMenu(db, { businessId, id });
  if (!legacy) throw notFound("menu");
  return (await listCustomSections(db, { customMenuId: legacy.menu.id })).map(legacySectionJson);
}

export async function readSection(db: Db, { businessId, id, includeLegacy }: Scope & { includeLegacy: boolean }) {
  const found = await findSection(db, { businessId, id });
  if (found) return sectionJson(found.section);
  const legacy = includeLegacy ? await findCustomSection(db, { businessId, id }) : null;
  if (!legacy) throw notFound("section");
  return legacySectionJson(legacy.section);
}

/** Appends a section, or puts it first with `head`. */
export async function createSection(db: Db, { businessId, menuId, head, fields }: { businessId: number; menuId: number; head: boolean; fields: SectionFields }) {
  return db.transaction(async (tx) => {
    const { menu } = await getMenu(tx, { businessId, id: menuId });
    await lockParent(tx, sectionList, menu.id);
    let position = 0;
    if (head) await makeRoomAtHead(tx, sectionList, menu.id);
    else position = await nextPosition(tx, sectionList, menu.id);
    const [section] = await tx
      .insert(sections)
      .values({ menuId: menu.id, position, name: fields.name ?? "", description: fields.description, public: fields.public })
      .returning();
    return section!;
  });
}

export async function updateSection(db: Db, { businessId, id, fields }: Scope & { fields: SectionFields }) {
  const { section } = await getSection(db, { businessId, id });
  const [updated] = await db
    .update(sections)
    .set({ name: fields.name, description: fields.description, public: fields.public, updatedAt: new Date() })
    .where(eq(sections.id, section.id))
    .returning();
  return updated!;
}

/** Deletes a section with its items and closes the gap. The on-deck section goes only with its menu. */
export async function deleteSection(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { section } = await getSection(tx, scope);
    if (section.type === "OnDeckSection") {
      throw new ApiError("conflict", "The on-deck section belongs to its menu and is deleted with it.");
    }
    await lockParent(tx, sectionList, section.menuId);
    const [deleted] = await tx.delete(sections).where(eq(sections.id, section.id)).returning();
    await closeGap(tx, sectionList, section.menuId, deleted!.position);
    return deleted!;
  });
}

export async function reorderSections(db: Db, { businessId, menuId, batch }: { businessId: number; menuId: number; batch: PositionEntry[] }) {
  return db.transaction(async (tx) => {
    const { menu } = await getMenu(tx, { businessId, id: menuId });
    await lockParent(tx, sectionList, menu.id);
    return applyPositions(tx, sectionList, menu.id, batch);
  });
}
