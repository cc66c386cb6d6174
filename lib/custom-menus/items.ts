import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customItems } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import { found, type Scope } from "@/lib/server/scope";
import { customItemList } from "./lists";
import {
  applyPositions,
  closeGap,
  lockParent,
  lockParents,
  lockedPlace,
  moveToPlace,
  nextPosition,
  retryMoves,
  type PositionEntry,
} from "@/lib/menus/positions";
import type { CustomItemFields } from "@/lib/custom-menus/schemas/custom-menus";
import { resolveCustomItemType } from "./item-types";
import { getCustomItem, getCustomSection, listCustomItems } from "./records";
import { customItemJson } from "./serialize";
import { assertNotMigrated } from "./write-guard";

const moved = () => new ApiError("conflict", "The custom item moved to another section meanwhile; try again.");

export async function listSectionCustomItems(db: Db, { businessId, customSectionId }: { businessId: number; customSectionId: number }) {
  const { section } = await getCustomSection(db, { businessId, id: customSectionId });
  return (await listCustomItems(db, { customSectionId: section.id })).map(({ item, type }) => customItemJson(item, type));
}

/** Appended to the section. The body names its type by id, by name, or both (which must agree). */
export async function createCustomItem(
  db: Db,
  { businessId, customSectionId, fields }: { businessId: number; customSectionId: number; fields: CustomItemFields },
) {
  return db.transaction(async (tx) => {
    const { section, location } = await getCustomSection(tx, { businessId, id: customSectionId });
    await assertNotMigrated(tx, location.id);
    const type = (await resolveCustomItemType(tx, { id: fields.custom_item_type_id, name: fields.type }))!;
    await lockParent(tx, customItemList, section.id);
    const position = await nextPosition(tx, customItemList, section.id);
    const [item] = await tx
      .insert(customItems)
      .values({ customSectionId: section.id, position, name: fields.name, description: fields.description, customItemTypeId: type.id })
      .returning();
    return customItemJson(item!, type);
  });
}

export async function readCustomItem(db: Db, scope: Scope) {
  const { item, type } = await getCustomItem(db, scope);
  return customItemJson(item, type);
}

/** Only the fields passed change; the type by id or name as on create. */
export async function updateCustomItem(db: Db, { businessId, id, fields }: Scope & { fields: CustomItemFields }) {
  return db.transaction(async (tx) => {
    const current = await getCustomItem(tx, { businessId, id });
    await assertNotMigrated(tx, current.location.id);
    const type = (await resolveCustomItemType(tx, { id: fields.custom_item_type_id, name: fields.type })) ?? current.type;
    const [item] = await tx
      .update(customItems)
      .set({ name: fields.name, description: fields.description, customItemTypeId: type.id, updatedAt: new Date() })
      .where(eq(customItems.id, current.item.id))
      .returning();
    return customItemJson(found(item, "custom item"), type);
  });
}

/** Deletes the item with its containers and closes the gap in its section. */
export async function deleteCustomItem(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { item, type, location } = await getCustomItem(tx, scope);
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customItemList, item.customSectionId);
    const [deleted] = await tx
      .delete(customItems)
      .where(and(eq(customItems.id, item.id), eq(customItems.customSectionId, item.customSectionId)))
      .returning();
    if (!deleted) throw moved();
    await closeGap(tx, customItemList, item.customSectionId, deleted.position);
    return customItemJson(deleted, type);
  });
}

export async function reorderCustomItems(
  db: Db,
  { businessId, customSectionId, batch }: { businessId: number; customSectionId: number; batch: PositionEntry[] },
) {
  return db.transaction(async (tx) => {
    const { section, location } = await getCustomSection(tx, { businessId, id: customSectionId });
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customItemList, section.id);
    return applyPositions(tx, customItemList, section.id, batch);
  });
}

/**
 * PATCH /custom_items/:id/move: to `position` of a section of the caller's business, exactly as
 * `PATCH /items/:id/move` (unset: position 0 of another section, the spec's example, or no change in
 * its own). Both sections stay at 0..n-1, locked in ascending id order; past the end is 422.
 */
export async function moveCustomItem(
  db: Db,
  { businessId, id, customSectionId, position }: Scope & { customSectionId: number; position?: number },
) {
  return retryMoves("custom item", () =>
    db.transaction(async (tx) => {
      const { item, type, location } = await getCustomItem(tx, { businessId, id });
      const target = await getCustomSection(tx, { businessId, id: customSectionId });
      await assertNotMigrated(tx, ...new Set([location.id, target.location.id]));
      await lockParents(tx, customItemList, [item.customSectionId, target.section.id]);
      const from = await lockedPlace(tx, customItemList, item.id, item.customSectionId);
      await moveToPlace(tx, customItemList, item.id, from, { parentId: target.section.id, position }, "custom_item.position");
      const [moved] = await tx.select().from(customItems).where(eq(customItems.id, item.id));
      return customItemJson(moved!, type);
    }),
  );
}
