import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, api, db } from "../api";
import { countsOf, soldOutAtTill, taproomLeadsAtSquare, till } from "./connect";
import { containers, items, menus, posConnections, posMappings, posOutbox, sections } from "@/lib/db/schema";
import { catalogueWanted } from "@/lib/pos/catalogue";
import { PosOutboundWorker } from "@/lib/pos/outbound";
import { RESTOCK_QUANTITY, squareProvider } from "@/lib/pos/square/provider";
import { sandboxFetch, subscribeSandbox } from "@/lib/pos/square/transport";

// pos.md §2–4 in `taproom_to_pos` (decision 102): what Taproom deletes goes at Square too (a size:
// its ITEM written at its version without the variation; an item: Square's DeleteCatalogObject), and its
// match goes; a size Taproom creates tracks inventory and is counted at once, so an 86 in Taproom sells
// it out; a new size never takes by name a Square size a person matched or the sync suggested; a Square
// item two Taproom items are matched to is written once with both items' sizes, its name left as the
// till has it.

/** Every call Taproom's Square makes, by method and path (a test reads what was sent). */
const calls: string[] = [];
const wired = squareProvider({
  fetch: async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    calls.push(`${request.method} ${new URL(request.url).pathname.replace(/^.*\/v2\//, "")}`);
    return sandboxFetch(request);
  },
});

let owner: Account;
let connectionId: number;
const delivered: number[] = [];
const worker = async () => new PosOutboundWorker(await db(), { provider: () => wired });

beforeAll(async () => {
  ({ owner, connectionId } = await taproomLeadsAtSquare(delivered));
});
afterAll(() => subscribeSandbox(null));

type Obj = Record<string, any>;
const atTill = async (objectId: string): Promise<Obj | null> => {
  try {
    return (await till.catalog.object.get({ objectId })).object as Obj;
  } catch {
    return null;
  }
};
const owed = async () => (await db()).select().from(posOutbox).where(isNull(posOutbox.doneAt));
const mappingsOf = async (where: { itemId?: number; posItemId?: string }) =>
  (await db())
    .select()
    .from(posMappings)
    .where(
      and(
        eq(posMappings.connectionId, connectionId),
        where.itemId === undefined ? undefined : eq(posMappings.itemId, where.itemId),
        where.posItemId === undefined ? undefined : eq(posMappings.posItemId, where.posItemId),
      ),
    );
const variationIdsAt = async (posItemId: string) => ((await atTill(posItemId))!.itemData.variations as Obj[]).map((each) => each.id);

/** A Square item matched to one Taproom item in `count` or more sizes (its other sizes, if any, matched to nothing). */
async function matchedItem(count: number, skip: string[] = []) {
  const rows = await mappingsOf({});
  const byPosItem = new Map<string, typeof rows>();
  for (const row of rows) byPosItem.set(row.posItemId, [...(byPosItem.get(row.posItemId) ?? []), row]);
  for (const [posItemId, group] of byPosItem) {
    const sizes = group.filter((row) => row.status === "matched");
    if (skip.includes(posItemId) || sizes.length < count) continue;
    if (!group.every((row) => row.status === "unmatched" || row.itemId === sizes[0]!.itemId)) continue;
    return { posItemId, itemId: sizes[0]!.itemId!, sizes };
  }
  throw new Error(`no Square item matched in ${count} sizes`);
}
const used: string[] = [];
const take = async (count: number) => {
  const found = await matchedItem(count, used);
  used.push(found.posItemId);
  return found;
};

/** A size the till adds to its item `posItemId` (its webhook brings it in); answers its mapping. */
async function addAtTill(posItemId: string, name: string, cents: number) {
  const item = (await atTill(posItemId))!;
  const variation = {
    type: "ITEM_VARIATION",
    id: `#${name}`,
    itemVariationData: { itemId: posItemId, name, pricingType: "FIXED_PRICING", priceMoney: { amount: BigInt(cents), currency: "USD" } },
  };
  await till.catalog.object.upsert({
    idempotencyKey: `till-adds-${posItemId}-${name}`,
    object: { ...item, itemData: { ...item.itemData, variations: [...item.itemData.variations, variation] } } as never,
  });
  const [added] = (await mappingsOf({ posItemId })).filter((row) => row.posVariationName === name);
  expect(added).toBeDefined();
  return added!;
}

/** A size added to a Taproom item through the API; answers its container id. */
async function addSize(itemId: number, name: string, price: string) {
  const sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes as { id: number }[];
  const has = new Set(
    (await (await db()).select({ size: containers.containerSizeId }).from(containers).where(eq(containers.itemId, itemId))).map(
      (row) => row.size,
    ),
  );
  const made = await api.post(`items/${itemId}/containers`, {
    as: owner.rw,
    body: { container: { container_size_id: sizes.find((size) => !has.has(size.id))!.id, name, price } },
  });
  expect(made.status).toBe(201);
  return made.body.container.id as number;
}

describe("a size deleted in Taproom", () => {
  it("deletes its variation at Square (the ITEM written at its version without it, the rest kept) and its match goes", async () => {
    const { posItemId, itemId, sizes } = await take(2);
    const [gone, kept] = sizes;
    const before = (await atTill(posItemId))!;
    expect((await api.delete(`containers/${gone!.containerId}`, { as: owner.rw })).status).toBe(200);
    expect(await owed()).toMatchObject([
      { kind: "removal", itemId, posItemId, posVariationId: gone!.posVariationId, connectionId, soldOut: null },
    ]);
    expect((await mappingsOf({ itemId })).map((row) => row.posVariationId)).not.toContain(gone!.posVariationId);

    const heard = delivered.length;
    expect(await (await worker()).runDue()).toBe(1);
    const after = (await atTill(posItemId))!;
    expect(after.version > before.version).toBe(true);
    expect(await variationIdsAt(posItemId)).toEqual(
      (before.itemData.variations as Obj[]).map((each) => each.id).filter((id) => id !== gone!.posVariationId),
    );
    expect(await atTill(gone!.posVariationId)).toBeNull();
    expect(after.itemData.name).toBe(before.itemData.name);
    expect(await atTill(kept!.posVariationId)).not.toBeNull();
    // Square's webhook for the write came back and changed nothing; nothing more is owed.
    expect(delivered.slice(heard).every((status) => status === 200)).toBe(true);
    expect(await owed()).toEqual([]);
    expect((await mappingsOf({ itemId })).map((row) => row.posVariationId)).toEqual([kept!.posVariationId]);
  });

  it("its item's last sizes deleted before the worker runs all go (removals are not superseded as prices are), and then the item", async () => {
    const { posItemId, itemId, sizes } = await take(2);
    const tillOnly = (await mappingsOf({ posItemId })).filter((row) => row.status === "unmatched").map((row) => row.posVariationId);
    for (const size of sizes) expect((await api.delete(`containers/${size.containerId}`, { as: owner.rw })).status).toBe(200);
    expect((await owed()).map((row) => row.posVariationId)).toEqual(sizes.map((size) => size.posVariationId));
    expect(await (await worker()).runDue()).toBe(sizes.length);
    expect(await owed()).toEqual([]);
    for (const size of sizes) expect(await atTill(size.posVariationId)).toBeNull();
    // The till's own sizes stay; with none, Square's item goes with Taproom's last size.
    if (tillOnly.length > 0) expect(await variationIdsAt(posItemId)).toEqual(tillOnly);
    else expect(await atTill(posItemId)).toBeNull();
    expect((await mappingsOf({ itemId })).filter((row) => row.status === "matched")).toEqual([]);
  });
});

describe("an item deleted in Taproom", () => {
  it("deletes its Square ITEM (DeleteCatalogObject) with its variations, and its matches go", async () => {
    const { posItemId, itemId, sizes } = await take(1);
    expect((await api.delete(`items/${itemId}`, { as: owner.rw })).status).toBe(200);
    // One removal for the whole ITEM, none for its containers (they went with the item).
    expect(await owed()).toMatchObject([{ kind: "removal", itemId, posItemId, posVariationId: null }]);
    expect((await mappingsOf({ posItemId })).filter((row) => row.status !== "unmatched")).toEqual([]);
    calls.length = 0;
    expect(await (await worker()).runDue()).toBe(1);
    expect(calls).toContain(`DELETE catalog/object/${posItemId}`);
    expect(await atTill(posItemId)).toBeNull();
    for (const size of sizes) expect(await atTill(size.posVariationId)).toBeNull();
    expect(await owed()).toEqual([]);
    // Already gone at Square (a repeat after a lost answer): done, not an error.
    await (await db())
      .insert(posOutbox)
      .values({ connectionId, itemId, kind: "removal", posItemId, idempotencyKey: "again", nextAttemptAt: new Date(0) });
    expect(await (await worker()).runDue()).toBe(1);
    expect(await owed()).toEqual([]);
    expect((await api.get(`pos_connections/${connectionId}`, { as: owner.ro })).body.pos_connection.last_error).toBeNull();
  });
});

describe("a size Taproom creates at Square", () => {
  it("tracks inventory, is counted in stock at once, and an 86 in Taproom sells it out at Square", async () => {
    const { posItemId, itemId } = await take(1);
    const containerId = await addSize(itemId, "Tasting Flight", "3.50");
    expect(await (await worker()).runDue()).toBe(1);
    const [made] = (await mappingsOf({ itemId })).filter((row) => row.containerId === containerId);
    expect(made).toMatchObject({ status: "matched", posItemId });
    const variation = (await atTill(made!.posVariationId))!;
    expect(variation.itemVariationData.trackInventory).toBe(true);
    expect(variation.itemVariationData.name).toBe("Tasting Flight");
    expect(await countsOf([made!.posVariationId])).toEqual({ [made!.posVariationId]: RESTOCK_QUANTITY });
    expect(await soldOutAtTill(made!.posVariationId)).toBe(false);

    expect((await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } })).status).toBe(200);
    expect(await (await worker()).runDue()).toBe(1);
    expect(await soldOutAtTill(made!.posVariationId)).toBe(true);
    expect((await api.delete(`items/${itemId}/86`, { as: owner.rw })).status).toBe(200);
    expect(await (await worker()).runDue()).toBe(1);
    expect(await soldOutAtTill(made!.posVariationId)).toBe(false);
  });

  it("is counted sold out when Taproom has the item 86'd as it is created", async () => {
    const { itemId } = await take(1);
    await api.post(`items/${itemId}/86`, { as: owner.rw, body: { eighty_six: { until: null } } });
    expect(await (await worker()).runDue()).toBe(1);
    const containerId = await addSize(itemId, "Growler", "18.00");
    expect(await (await worker()).runDue()).toBe(1);
    const [made] = (await mappingsOf({ itemId })).filter((row) => row.containerId === containerId);
    expect(await countsOf([made!.posVariationId])).toEqual({ [made!.posVariationId]: "0" });
    expect(await soldOutAtTill(made!.posVariationId)).toBe(true);
  });
});

describe("a new size named as a Square size a person has not confirmed", () => {
  it("does not take it: the suggestion stays as it was and the size is created beside it", async () => {
    const { posItemId, itemId } = await take(1);
    const other = await take(1);
    // The till adds a "Schooner" to the item; its webhook brings it in, and the sync suggests it for
    // another item's container (a guess nobody confirmed).
    const schooner = await addAtTill(posItemId, "Schooner", 600);
    await (await db())
      .update(posMappings)
      .set({ status: "suggested", itemId: other.itemId, containerId: other.sizes[0]!.containerId })
      .where(and(eq(posMappings.connectionId, connectionId), eq(posMappings.posVariationId, schooner!.posVariationId)));

    const containerId = await addSize(itemId, "Schooner", "6.50");
    expect(await (await worker()).runDue()).toBe(1);
    const [after] = (await mappingsOf({ posItemId })).filter((row) => row.posVariationId === schooner!.posVariationId);
    expect(after).toMatchObject({ status: "suggested", itemId: other.itemId, containerId: other.sizes[0]!.containerId });
    const [made] = (await mappingsOf({ itemId })).filter((row) => row.containerId === containerId);
    expect(made).toMatchObject({ status: "matched", posItemId });
    expect(made!.posVariationId).not.toBe(schooner!.posVariationId);
    const variations = ((await atTill(posItemId))!.itemData.variations as Obj[]).filter(
      (each) => each.itemVariationData.name === "Schooner",
    );
    expect(variations.map((each) => each.id).sort()).toEqual([schooner!.posVariationId, made!.posVariationId].sort());
    expect(Number(variations.find((each) => each.id === schooner!.posVariationId)!.itemVariationData.priceMoney.amount)).toBe(600);
  });
});

describe("two Taproom items matched to one Square item", () => {
  it("write it once with both items' sizes and prices, and leave its name as the till has it", async () => {
    const first = await take(1);
    const second = await take(1);
    // A person matches the second item's size to a size of the first's Square item instead of its own.
    const listed = (await api.get(`pos_connections/${connectionId}/mappings`, { as: owner.ro })).body.mappings as Obj[];
    const confirmed = listed
      .filter((row) => row.status === "matched" && row.pos_item_id !== second.posItemId)
      .map((row) => ({ pos_variation_id: row.pos_variation_id, item_id: row.item_id, container_id: row.container_id }));
    const half = await addAtTill(first.posItemId, "Half", 400);
    const put = await api.put(`pos_connections/${connectionId}/mappings`, {
      as: owner.rw,
      body: {
        mappings: [
          ...confirmed,
          { pos_variation_id: half!.posVariationId, item_id: second.itemId, container_id: second.sizes[0]!.containerId },
        ],
      },
    });
    expect(put.status).toBe(200);
    const name = (await atTill(first.posItemId))!.itemData.name;

    await api.patch(`containers/${first.sizes[0]!.containerId}`, { as: owner.rw, body: { container: { price: "7.10" } } });
    await api.patch(`containers/${second.sizes[0]!.containerId}`, { as: owner.rw, body: { container: { price: "4.20" } } });
    expect(await (await worker()).runDue()).toBe(2);
    const price = async (id: string) => Number((await atTill(id))!.itemVariationData.priceMoney.amount);
    expect(await price(first.sizes[0]!.posVariationId)).toBe(710);
    expect(await price(half!.posVariationId)).toBe(420);
    expect((await atTill(first.posItemId))!.itemData.name).toBe(name);

    // The whole catalogue has the shared ITEM once, both items' sizes in it and no name of its own.
    const [connection] = await (await db()).select().from(posConnections).where(eq(posConnections.id, connectionId));
    const shared = (await catalogueWanted(await db(), connection!)).filter((write) => write.posItemId === first.posItemId);
    expect(shared).toHaveLength(1);
    expect(shared[0]!.name).toBeNull();
    expect(shared[0]!.variations.map((each) => each.posVariationId).sort()).toEqual(
      [first.sizes[0]!.posVariationId, half!.posVariationId].sort(),
    );

    // The till drifts on both sizes: the reconciliation writes both back, and the name stays the till's.
    const drifted = (await atTill(first.posItemId))!;
    await till.catalog.object.upsert({
      idempotencyKey: "till-drifts-both",
      object: {
        ...drifted,
        itemData: {
          ...drifted.itemData,
          variations: (drifted.itemData.variations as Obj[]).map((each) => ({
            ...each,
            itemVariationData: { ...each.itemVariationData, priceMoney: { amount: BigInt(999), currency: "USD" } },
          })),
        },
      } as never,
    });
    const dry = await api.post(`pos_connections/${connectionId}/sync?dry_run=true`, { as: owner.rw });
    expect(dry.body.sync.updated).toBeGreaterThanOrEqual(2);
    expect((await api.post(`pos_connections/${connectionId}/sync`, { as: owner.rw })).status).toBe(200);
    expect(await price(first.sizes[0]!.posVariationId)).toBe(710);
    expect(await price(half!.posVariationId)).toBe(420);
    expect((await atTill(first.posItemId))!.itemData.name).toBe(name);
    const again = await api.post(`pos_connections/${connectionId}/sync?dry_run=true`, { as: owner.rw });
    expect(again.body.sync).toMatchObject({ updated: 0, errors: [] });
  });
});

describe("a menu re-imported from its CSV", () => {
  /** The menu and section a Taproom item is on. */
  const placeOf = async (itemId: number) => {
    const [row] = await (await db())
      .select({ menuId: sections.menuId, sectionId: sections.id, type: sections.type })
      .from(items)
      .innerJoin(sections, eq(sections.id, items.sectionId))
      .where(eq(items.id, itemId));
    return row!;
  };
  /** A section of the connected location (a file replaces sections, not on deck). */
  const aSection = async () => {
    const [row] = await (await db())
      .select({ sectionId: sections.id })
      .from(sections)
      .innerJoin(menus, eq(menus.id, sections.menuId))
      .innerJoin(posConnections, eq(posConnections.locationId, menus.locationId))
      .where(and(eq(posConnections.id, connectionId), eq(sections.type, "Section")))
      .orderBy(sections.id)
      .limit(1);
    return row!.sectionId;
  };
  /** An item made in Taproom with one size, and so made at Square by the worker: its match. */
  const madeAtSquare = async (sectionId: number, name: string, price: string) => {
    const made = await api.post(`sections/${sectionId}/items`, { as: owner.rw, body: { item: { name } } });
    expect(made.status).toBe(201);
    const itemId = made.body.item.id as number;
    await addSize(itemId, "Pint", price);
    await (await worker()).runDue();
    const sizes = (await mappingsOf({ itemId })).filter((row) => row.status === "matched");
    expect(sizes).toHaveLength(1);
    return { itemId, posItemId: sizes[0]!.posItemId, sizes };
  };
  const csvOf = async (menuId: number) => {
    const answer = await api.get(`menus/${menuId}/export.csv`, { as: owner.ro });
    expect(answer.status).toBe(200);
    return answer.body as string;
  };
  const reimport = async (menuId: number, csv: string) => {
    const answer = await api.put(`menus/${menuId}/import.csv`, { as: owner.rw, rawBody: csv, headers: { "content-type": "text/csv" } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  it("keeps each Square item it brings back: its matches move to the new rows, its ids and the till's own fields stay", async () => {
    const { posItemId, itemId, sizes } = await madeAtSquare(await aSection(), "Kept Ale", "6.11");
    // A field only the till has (Square's abbreviation), set at the till.
    const item = (await atTill(posItemId))!;
    await till.catalog.object.upsert({
      idempotencyKey: `till-abbreviates-${posItemId}`,
      object: { ...item, itemData: { ...item.itemData, abbreviation: "TL" } } as never,
    });
    const { menuId } = await placeOf(itemId);
    await reimport(menuId, await csvOf(menuId));

    // No removal owed; the same variations are matched, now to the re-imported item and its containers.
    expect((await owed()).filter((row) => row.kind === "removal")).toEqual([]);
    const after = (await mappingsOf({ posItemId })).filter((row) => row.status === "matched");
    expect(after.map((row) => row.posVariationId).sort()).toEqual(sizes.map((size) => size.posVariationId).sort());
    const newItemId = after[0]!.itemId!;
    expect(newItemId).not.toBe(itemId);
    expect(after.every((row) => row.itemId === newItemId && row.containerId !== null)).toBe(true);
    const theirs = await (await db()).select({ id: containers.id }).from(containers).where(eq(containers.itemId, newItemId));
    expect(after.map((row) => row.containerId).every((id) => theirs.some((container) => container.id === id))).toBe(true);

    await (await worker()).runDue();
    expect(await owed()).toEqual([]);
    const there = (await atTill(posItemId))!;
    expect(there.itemData.abbreviation).toBe("TL");
    for (const size of sizes) expect(await atTill(size.posVariationId)).not.toBeNull();
  });

  it("removes at Square what the file leaves out: a size dropped from an item that comes back, and an item not in it", async () => {
    const sectionId = await aSection();
    const { posItemId, itemId, sizes } = await madeAtSquare(sectionId, "Trimmed Ale", "6.22");
    const gone = await madeAtSquare(sectionId, "Gone Ale", "6.33");
    const { menuId } = await placeOf(itemId);
    // A second size, made in Taproom and so at Square: the one the file leaves out.
    const droppedId = await addSize(itemId, "Crowler", "14.37");
    await (await worker()).runDue();
    const [dropped] = (await mappingsOf({ posItemId })).filter((row) => row.containerId === droppedId);
    expect(dropped).toBeDefined();
    // The file as exported, less the gone item's rows and the dropped size's row.
    const nameOf = async (id: number) => (await api.get(`items/${id}`, { as: owner.ro })).body.item.name as string;
    const [goneName, thisName] = [await nameOf(gone.itemId), await nameOf(itemId)];
    const [header, ...rows] = parse(await csvOf(menuId)) as string[][];
    const at = (column: string) => header!.indexOf(column);
    const csv = stringify([
      header!,
      ...rows.filter((row) => row[at("item")] !== goneName && !(row[at("item")] === thisName && row[at("price")] === "14.37")),
    ]);
    await reimport(menuId, csv);

    // The file's import deletes sizes before items: the gone item's sizes are owed one by one, and the
    // last of them takes Square's item with it (as when they are deleted by hand).
    const removals = (await owed()).filter((row) => row.kind === "removal");
    const removed = (id: string) => removals.filter((row) => row.posItemId === id).map((row) => row.posVariationId);
    expect(removed(posItemId)).toEqual([dropped!.posVariationId]);
    expect(removed(gone.posItemId).sort()).toEqual(gone.sizes.map((size) => size.posVariationId).sort());
    expect(removals).toHaveLength(1 + gone.sizes.length);
    expect((await mappingsOf({ posItemId })).filter((row) => row.status === "matched").map((row) => row.posVariationId)).toEqual(
      sizes.map((size) => size.posVariationId),
    );
    await (await worker()).runDue();
    expect(await atTill(dropped!.posVariationId)).toBeNull();
    for (const size of sizes) expect(await atTill(size.posVariationId)).not.toBeNull();
    for (const size of gone.sizes) expect(await atTill(size.posVariationId)).toBeNull();
  });
});
