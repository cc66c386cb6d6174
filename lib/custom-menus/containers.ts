import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customContainers } from "@/lib/db/schema";
import { notFound } from "@/lib/api/errors";
import { customContainerList } from "./lists";
import { closeGap, lockParent, moveWithin, nextPosition } from "@/lib/positions";
import type { CustomContainerFields } from "@/lib/schemas/custom-menus";
import { getCustomContainer, getCustomItem, listCustomContainers } from "./records";
import { blankCustomContainerJson, customContainerJson } from "./serialize";
import { assertNotMigrated } from "./write-guard";

type Scope = { businessId: number; id: number };

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
    return container!;
  });
}

export async function readCustomContainer(db: Db, scope: Scope) {
  return (await getCustomContainer(db, scope)).container;
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
      if (!current) throw notFound("custom container");
      await moveWithin(tx, customContainerList, container.customItemId, container.id, current.position, fields.position);
    }
    const [updated] = await tx
      .update(customContainers)
      .set({ name: fields.name, price: fields.price, updatedAt: new Date() })
      .where(eq(customContainers.id, container.id))
      .returning();
    if (!updated) throw notFound("custom container");
    return updated;
  });
}

/** Deletes the container and closes the gap in its item. */
export async function deleteCustomContainer(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { container, location } = await getCustomContainer(tx, scope);
    await assertNotMigrated(tx, location.id);
    await lockParent(tx, customContainerList, container.customItemId);
    const [deleted] = await tx.delete(customContainers).where(eq(customContainers.id, container.id)).returning();
    if (!deleted) throw notFound("custom container");
    await closeGap(tx, customContainerList, container.customItemId, deleted.position);
    return deleted;
  });
}
