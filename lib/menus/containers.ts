import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, type StoredTimePrice } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import { applyPositions, closeGap, lockParent, moveWithin, nextPosition, type PositionEntry } from "@/lib/menus/positions";
import { found, type Scope } from "@/lib/server/scope";
import { getContainer, getItem } from "./access";
import { containerList } from "./lists";
import { blankContainerJson, containerJson } from "./serialize";

type ContainerFields = {
  container_size_id?: number;
  price?: string;
  name?: string | null;
  calories?: number | null;
  time_prices?: StoredTimePrice[] | null;
  position?: number;
};

/** Happy-hour prices as stored: an empty list is none. */
const timePrices = (list: StoredTimePrice[] | null | undefined) =>
  list === undefined ? undefined : list === null || list.length === 0 ? null : list;

async function withSize(db: Db, container: typeof containers.$inferSelect, currency: string) {
  const [size] = container.containerSizeId
    ? await db.select().from(containerSizes).where(eq(containerSizes.id, container.containerSizeId))
    : [];
  return containerJson(container, size ?? null, currency);
}

async function requireSize(db: Db, id: number | undefined) {
  if (id === undefined) return;
  const [size] = await db.select({ id: containerSizes.id }).from(containerSizes).where(eq(containerSizes.id, id));
  if (!size) throw invalid([{ path: "container.container_size_id", message: `no container size ${id}` }]);
}

/**
 * One price per size per item (a second Pint with another price reads as a mistake to guests): 422
 * naming the price that has it. Called with the item's containers locked (lockParent), so two writes
 * cannot both pass. `except`: the container being changed.
 */
async function requireSizeFree(db: Db, { itemId, sizeId, except }: { itemId: number; sizeId: number | undefined; except?: number }) {
  if (sizeId === undefined) return;
  const [taken] = await db
    .select({ id: containers.id, price: containers.price, size: containerSizes.name })
    .from(containers)
    .innerJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(
      and(
        eq(containers.itemId, itemId),
        eq(containers.containerSizeId, sizeId),
        except === undefined ? undefined : ne(containers.id, except),
      ),
    )
    .limit(1);
  if (taken) {
    throw invalid([
      {
        path: "container.container_size_id",
        message: `this item already has a ${taken.size} price (${taken.price}); change that price instead`,
      },
    ]);
  }
}

/**
 * An item's first prices, inserted with it (POST /sections/:id/items `containers`): each size must
 * exist and come once; 422 names the entry (`item.containers.N.…`) and the caller's transaction rolls
 * the item back with it.
 */
export async function insertFirstPrices(
  tx: Db,
  { itemId, prices }: { itemId: number; prices: { container_size_id: number; price: string; name?: string | null }[] },
) {
  const sizeIds = prices.map((price) => price.container_size_id);
  const known = new Map(
    sizeIds.length
      ? (
          await tx
            .select({ id: containerSizes.id, name: containerSizes.name })
            .from(containerSizes)
            .where(inArray(containerSizes.id, sizeIds))
        ).map((row) => [row.id, row.name])
      : [],
  );
  const errors = prices.flatMap((price, index) => {
    const path = `item.containers.${index}.container_size_id`;
    if (!known.has(price.container_size_id)) return [{ path, message: `no container size ${price.container_size_id}` }];
    if (sizeIds.indexOf(price.container_size_id) !== index)
      return [{ path, message: `lists ${known.get(price.container_size_id)} twice: one price per size` }];
    return [];
  });
  if (errors.length > 0) throw invalid(errors);
  if (prices.length === 0) return;
  await tx.insert(containers).values(
    prices.map((price, position) => ({
      itemId,
      containerSizeId: price.container_size_id,
      price: price.price,
      name: price.name,
      position,
    })),
  );
}

/** An item's containers in position order; `build` appends the blank one a form starts from. */
export async function listContainers(db: Db, { businessId, id, build }: Scope & { build: boolean }) {
  const { item, location } = await getItem(db, { businessId, id });
  const rows = await db
    .select({ container: containers, size: containerSizes })
    .from(containers)
    .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
    .where(eq(containers.itemId, item.id))
    .orderBy(asc(containers.position));
  const listed = rows.map((row) => containerJson(row.container, row.size, location.currency));
  return build ? [...listed, blankContainerJson(item.id, rows.length, location.currency)] : listed;
}

export async function readContainer(db: Db, scope: Scope) {
  const { container, size, location } = await getContainer(db, scope);
  return containerJson(container, size, location.currency);
}

/** Appends a container to an item. */
export async function createContainer(
  db: Db,
  {
    businessId,
    itemId,
    fields,
  }: { businessId: number; itemId: number; fields: ContainerFields & { container_size_id: number; price: string } },
) {
  return db.transaction(async (tx) => {
    const { item, location } = await getItem(tx, { businessId, id: itemId });
    await requireSize(tx, fields.container_size_id);
    await lockParent(tx, containerList, item.id);
    await requireSizeFree(tx, { itemId: item.id, sizeId: fields.container_size_id });
    const position = await nextPosition(tx, containerList, item.id);
    const [container] = await tx
      .insert(containers)
      .values({
        itemId: item.id,
        containerSizeId: fields.container_size_id,
        price: fields.price,
        name: fields.name,
        calories: fields.calories,
        timePrices: timePrices(fields.time_prices),
        position,
      })
      .returning();
    return withSize(tx, container!, location.currency);
  });
}

/** Changes the fields passed; a new `position` moves it among its item's containers. */
export async function updateContainer(db: Db, { businessId, id, fields }: Scope & { fields: ContainerFields }) {
  return db.transaction(async (tx) => {
    const { container, location } = await getContainer(tx, { businessId, id });
    await requireSize(tx, fields.container_size_id);
    // A new size must be free on the item (prices saved before this rule may share one: they stay).
    const newSize = fields.container_size_id !== container.containerSizeId ? fields.container_size_id : undefined;
    if (fields.position !== undefined || newSize !== undefined) await lockParent(tx, containerList, container.itemId);
    await requireSizeFree(tx, { itemId: container.itemId, sizeId: newSize, except: container.id });
    if (fields.position !== undefined) {
      const [current] = await tx.select({ position: containers.position }).from(containers).where(eq(containers.id, container.id));
      await moveWithin(tx, containerList, container.itemId, container.id, found(current, "container").position, fields.position);
    }
    // Deleted since it was read (READ COMMITTED): the UPDATE matches nothing and the caller gets 404.
    const [updated] = await tx
      .update(containers)
      .set({
        containerSizeId: fields.container_size_id,
        price: fields.price,
        name: fields.name,
        calories: fields.calories,
        timePrices: timePrices(fields.time_prices),
        updatedAt: new Date(),
      })
      .where(eq(containers.id, container.id))
      .returning();
    return withSize(tx, found(updated, "container"), location.currency);
  });
}

export async function deleteContainer(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { container, size, location } = await getContainer(tx, scope);
    await lockParent(tx, containerList, container.itemId);
    const [row] = await tx.delete(containers).where(eq(containers.id, container.id)).returning();
    const deleted = found(row, "container");
    await closeGap(tx, containerList, container.itemId, deleted.position);
    return containerJson(deleted, size, location.currency);
  });
}

export async function reorderContainers(
  db: Db,
  { businessId, itemId, batch }: { businessId: number; itemId: number; batch: PositionEntry[] },
) {
  return db.transaction(async (tx) => {
    const { item } = await getItem(tx, { businessId, id: itemId });
    await lockParent(tx, containerList, item.id);
    return applyPositions(tx, containerList, item.id, batch);
  });
}
