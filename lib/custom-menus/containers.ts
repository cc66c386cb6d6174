import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customContainers } from "@/lib/db/schema";
import { found, type Scope } from "@/lib/server/scope";
import { customContainerList } from "./lists";
import { closeGap, lockParent, moveWithin, nextPosition } from "@/lib/menus/positions";
import type { CustomContainerFields } from "@/lib/custom-menus/schemas/custom-menus";
import { getCustomContainer, getCustomItem, listCustomContainers } from "./records";
import { blankCustomContainerJson, customContainerJson } from "./serialize";
import { assertNotMigrated } from "./write-guard";

/** The item's containers in order; `build` appends the blank one a form starts from. */
export async function listItemCustomContainers(
  db: Db,
  { businessId, customItemId, build }: { businessId: number; customItemId: number; build: boolean },
) {
  const { item } = await getCustomItem(db, { businessId, id: customItemId });
  const listed: object[] = (await listCustomContainers(db, { customItemId: item.id })).map(customContainerJson);
  if (build) listed.push(blankCustomContainerJson(item.id, listed.length));
  return listed;
}

/** Appended to the item's containers. */
export async function createCustomContainer(
  db: Db,
  { businessId, customItemId, fields }: { businessId: number; customItemId: number; fields: { name?: string | null; price: string } },
) {
  return db.transaction(async (tx) => {
    const { item, location } = await getCustomItem(tx, { businessId, id: customItemId });
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customContainerList, item.id);
    const position = await nextPosition(tx, customContainerList, item.id);
    const [container] = await tx
      .insert(customContainers)
      .values({ customItemId: item.id, name: fields.name, price: fields.price, position })
      .returning();
    return customContainerJson(container!);
  });
}

export async function readCustomContainer(db: Db, scope: Scope) {
  return customContainerJson((await getCustomContainer(db, scope)).container);
}

/** Only the fields passed change; a new `position` moves it within its item (clamped to the list). */
export async function updateCustomContainer(db: Db, { businessId, id, fields }: Scope & { fields: CustomContainerFields }) {
  return db.transaction(async (tx) => {
    const { container, location } = await getCustomContainer(tx, { businessId, id });
    await assertNotMigrated(tx, location.id);
    if (fields.position !== undefined) {
      await lockParent(tx, customContainerList, container.customItemId);
      const [current] = await tx
        .select({ position: customContainers.position })
        .from(customContainers)
        .where(eq(customContainers.id, container.id));
      await moveWithin(
        tx,
        customContainerList,
        container.customItemId,
        container.id,
        found(current, "custom container").position,
        fields.position,
      );
    }
    const [updated] = await tx
      .update(customContainers)
      .set({ name: fields.name, price: fields.price, updatedAt: new Date() })
      .where(eq(customContainers.id, container.id))
      .returning();
    return customContainerJson(found(updated, "custom container"));
  });
}

/** Deletes the container and closes the gap in its item. */
export async function deleteCustomContainer(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { container, location } = await getCustomContainer(tx, scope);
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customContainerList, container.customItemId);
    const [row] = await tx.delete(customContainers).where(eq(customContainers.id, container.id)).returning();
    const deleted = found(row, "custom container");
    await closeGap(tx, customContainerList, container.customItemId, deleted.position);
    return customContainerJson(deleted);
  });
}
