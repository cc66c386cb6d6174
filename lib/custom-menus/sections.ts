import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customSections } from "@/lib/db/schema";
import { found, type Scope } from "@/lib/server/scope";
import { customSectionList } from "./lists";
import { applyPositions, closeGap, lockParent, makeRoomAtHead, nextPosition, type PositionEntry } from "@/lib/menus/positions";
import type { CustomSectionFields } from "@/lib/custom-menus/schemas/custom-menus";
import { getCustomMenu, getCustomSection, listCustomSections } from "./records";
import { customSectionJson } from "./serialize";
import { assertNotMigrated } from "./write-guard";

export async function listMenuCustomSections(db: Db, { businessId, customMenuId }: { businessId: number; customMenuId: number }) {
  const { menu } = await getCustomMenu(db, { businessId, id: customMenuId });
  return (await listCustomSections(db, { customMenuId: menu.id })).map(customSectionJson);
}

/** Appended, or first with `head` (the others move down one place). */
export async function createCustomSection(
  db: Db,
  { businessId, customMenuId, head, fields }: { businessId: number; customMenuId: number; head: boolean; fields: CustomSectionFields },
) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getCustomMenu(tx, { businessId, id: customMenuId });
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customSectionList, menu.id);
    let position = 0;
    if (head) await makeRoomAtHead(tx, customSectionList, menu.id);
    else position = await nextPosition(tx, customSectionList, menu.id);
    const [section] = await tx
      .insert(customSections)
      .values({ customMenuId: menu.id, position, name: fields.name, description: fields.description })
      .returning();
    return customSectionJson(section!);
  });
}

export async function readCustomSection(db: Db, scope: Scope) {
  return customSectionJson((await getCustomSection(db, scope)).section);
}

/** Only the fields passed change. */
export async function updateCustomSection(db: Db, { businessId, id, fields }: Scope & { fields: CustomSectionFields }) {
  return db.transaction(async (tx) => {
    const { section, location } = await getCustomSection(tx, { businessId, id });
    await assertNotMigrated(tx, location.id);
    const [updated] = await tx
      .update(customSections)
      .set({ name: fields.name, description: fields.description, updatedAt: new Date() })
      .where(eq(customSections.id, section.id))
      .returning();
    return customSectionJson(found(updated, "custom section"));
  });
}

/** Deletes the section with its items and containers, and closes the gap. */
export async function deleteCustomSection(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { section, location } = await getCustomSection(tx, scope);
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customSectionList, section.customMenuId);
    const [row] = await tx.delete(customSections).where(eq(customSections.id, section.id)).returning();
    const deleted = found(row, "custom section");
    await closeGap(tx, customSectionList, section.customMenuId, deleted.position);
    return customSectionJson(deleted);
  });
}

export async function reorderCustomSections(
  db: Db,
  { businessId, customMenuId, batch }: { businessId: number; customMenuId: number; batch: PositionEntry[] },
) {
  return db.transaction(async (tx) => {
    const { menu, location } = await getCustomMenu(tx, { businessId, id: customMenuId });
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customSectionList, menu.id);
    return applyPositions(tx, customSectionList, menu.id, batch);
  });
}
