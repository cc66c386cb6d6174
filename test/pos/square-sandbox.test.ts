import { SquareClient, SquareError } from "square";
import { describe, expect, it } from "vitest";
import { sandboxFetch } from "@/lib/pos/square/transport";
import { SANDBOX_LOCATIONS, SANDBOX_TILL_TOKEN } from "@/sandbox/square/seed";

// pos.md §1: the Square sandbox answers Square's own Node SDK (the till in tests and demos) with
// Square's paths, shapes, cursors, money in minor units and error bodies.

const till = (token = SANDBOX_TILL_TOKEN) =>
  new SquareClient({ token, baseUrl: "http://127.0.0.1:3000/sandbox/square", fetch: sandboxFetch, maxRetries: 0 });
const [downtown, harbor] = SANDBOX_LOCATIONS;

describe("Square sandbox through the square SDK", () => {
  it("lists the merchant's two locations with their currencies", async () => {
    const { locations } = await till().locations.list();
    expect(locations?.map((location) => [location.id, location.currency])).toEqual([
      [downtown.id, "USD"],
      [harbor.id, "EUR"],
    ]);
  });

  it("refuses a bad token with Square's error body (401 AUTHENTICATION_ERROR)", async () => {
    const error = await till("EAAAnot-a-token")
      .locations.list()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SquareError);
    expect((error as SquareError).statusCode).toBe(401);
    expect((error as SquareError).errors[0]).toMatchObject({ category: "AUTHENTICATION_ERROR", code: "UNAUTHORIZED" });
  });

  it("pages the catalogue with cursors: ~40 drinks, several sizes each, prices in cents", async () => {
    const items = [];
    for await (const object of await till().catalog.list({ types: "ITEM" })) items.push(object);
    expect(items.length).toBeGreaterThanOrEqual(40);
    const variations = [];
    const pages = await till().catalog.list({ types: "ITEM_VARIATION" });
    expect(pages.hasNextPage()).toBe(true); // 100 a page, more than 100 variations
    for await (const object of pages) variations.push(object);
    expect(variations.length).toBeGreaterThan(100);
    expect(new Set(variations.map((variation) => variation.id)).size).toBe(variations.length);
    const haze = items.find((item) => item.type === "ITEM" && item.itemData?.name === "Harbor Haze");
    const sizes = haze?.type === "ITEM" ? haze.itemData?.variations : [];
    expect(sizes?.map((size) => (size.type === "ITEM_VARIATION" ? size.itemVariationData?.name : null))).toEqual([
      "Pint",
      "Half",
      "Taster",
    ]);
    const pint = sizes?.[0];
    expect(pint?.type === "ITEM_VARIATION" && Number(pint.itemVariationData?.priceMoney?.amount)).toBe(700);
  });

  it("sells out through inventory: location_overrides[].sold_out is read-only and per location", async () => {
    const client = till();
    const found = await client.catalog.search({ objectTypes: ["ITEM"], query: { textQuery: { keywords: ["Porch Pils"] } } });
    const item = found.objects?.[0];
    const can = item?.type === "ITEM" ? item.itemData?.variations?.[0] : undefined;
    expect(can?.id).toBeTruthy();
    await client.inventory.batchCreateChanges({
      idempotencyKey: "sell-out-porch-pils",
      changes: [
        {
          type: "PHYSICAL_COUNT",
          physicalCount: {
            catalogObjectId: can!.id!,
            locationId: downtown.id,
            state: "IN_STOCK",
            quantity: "0",
            occurredAt: new Date().toISOString(),
          },
        },
      ],
    });
    const after = await client.catalog.object.get({ objectId: can!.id! });
    const overrides = after.object?.type === "ITEM_VARIATION" ? after.object.itemVariationData?.locationOverrides : [];
    expect(overrides).toEqual([{ locationId: downtown.id, soldOut: true }]);
    // Writing sold_out through the catalogue changes nothing: it is read-only, as at Square.
    const variation = after.object!;
    await client.catalog.object.upsert({
      idempotencyKey: "try-to-unsell",
      object: {
        ...(variation as object),
        itemVariationData: {
          ...(variation.type === "ITEM_VARIATION" ? variation.itemVariationData : {}),
          locationOverrides: [{ locationId: downtown.id, soldOut: false }],
        },
      } as never,
    });
    const still = await client.catalog.object.get({ objectId: can!.id! });
    expect(still.object?.type === "ITEM_VARIATION" && still.object.itemVariationData?.locationOverrides).toEqual([
      { locationId: downtown.id, soldOut: true },
    ]);
    const counts = [];
    for await (const count of await client.inventory.batchGetCounts({ catalogObjectIds: [can!.id!] })) counts.push(count);
    expect(counts.map((count) => [count.locationId, count.quantity])).toEqual([
      [downtown.id, "0"],
      [harbor.id, "100"],
    ]);
  });

  it("rings an order and pays it: COMPLETED, totals in cents, stock down", async () => {
    const client = till();
    const found = await client.catalog.search({ objectTypes: ["ITEM"], query: { textQuery: { keywords: ["Foghorn"] } } });
    const item = found.objects?.[0];
    const pint = item?.type === "ITEM" ? item.itemData?.variations?.[0] : undefined;
    const created = await client.orders.create({
      idempotencyKey: "order-1",
      order: { locationId: downtown.id, lineItems: [{ catalogObjectId: pint!.id!, quantity: "2" }] },
    });
    expect(created.order?.state).toBe("OPEN");
    expect(Number(created.order?.totalMoney?.amount)).toBe(
      2 * Number(pint?.type === "ITEM_VARIATION" ? pint.itemVariationData?.priceMoney?.amount : 0),
    );
    const again = await client.orders.create({
      idempotencyKey: "order-1",
      order: { locationId: downtown.id, lineItems: [{ catalogObjectId: pint!.id!, quantity: "2" }] },
    });
    expect(again.order?.id).toBe(created.order?.id); // the idempotency key: one order
    const paid = await client.orders.pay({ orderId: created.order!.id!, idempotencyKey: "pay-1" });
    expect(paid.order?.state).toBe("COMPLETED");
    const read = await client.orders.get({ orderId: created.order!.id! });
    expect(read.order?.lineItems?.[0]).toMatchObject({ catalogObjectId: pint!.id, quantity: "2", variationName: "Pint" });
    const counts = [];
    for await (const count of await client.inventory.batchGetCounts({ catalogObjectIds: [pint!.id!], locationIds: [downtown.id] }))
      counts.push(count);
    expect(counts[0]?.quantity).toBe("98");
    const searched = await client.orders.search({
      locationIds: [downtown.id],
      query: { filter: { stateFilter: { states: ["COMPLETED"] } } },
    });
    expect(searched.orders?.map((order) => order.id)).toContain(created.order!.id);
  });

  it("writes the catalog as Square does: a version raised by every write, 400 VERSION_MISMATCH on a stale or missing one, the whole object replaced, id_mappings for #temp ids", async () => {
    const client = till();
    const created = await client.catalog.batchUpsert({
      idempotencyKey: "new-item-mappings",
      batches: [
        {
          objects: [
            {
              type: "ITEM",
              id: "#cask",
              itemData: {
                name: "Cask Mild",
                description: "On the hand pump",
                variations: [
                  {
                    type: "ITEM_VARIATION",
                    id: "#cask-pint",
                    itemVariationData: {
                      name: "Pint",
                      sku: "CASK-16",
                      pricingType: "FIXED_PRICING",
                      priceMoney: { amount: BigInt(650), currency: "USD" },
                    },
                  },
                  {
                    type: "ITEM_VARIATION",
                    id: "#cask-half",
                    itemVariationData: { name: "Half", pricingType: "FIXED_PRICING", priceMoney: { amount: BigInt(375), currency: "USD" } },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const ids = Object.fromEntries((created.idMappings ?? []).map((mapping) => [mapping.clientObjectId, mapping.objectId]));
    expect(Object.keys(ids).sort()).toEqual(["#cask", "#cask-half", "#cask-pint"]);
    expect(ids["#cask"]).toMatch(/^[A-Z0-9]{24}$/);
    const { object: item } = await client.catalog.object.get({ objectId: ids["#cask"]! });
    if (item?.type !== "ITEM") throw new Error("not an item");
    const v1 = item.version!;

    // A stale version, and none at all, are refused with Square's body; nothing is written.
    for (const version of [v1 - BigInt(1), undefined]) {
      const refused = await client.catalog.object
        .upsert({ idempotencyKey: `stale-${String(version)}`, object: { ...item, version, itemData: { ...item.itemData, name: "Stale" } } })
        .catch((caught: unknown) => caught as SquareError);
      expect((refused as SquareError).statusCode).toBe(400);
      expect((refused as SquareError).errors[0]).toMatchObject({ category: "INVALID_REQUEST_ERROR", code: "VERSION_MISMATCH" });
    }
    // The item at its version with the half pint left out: renamed, the version raised, the half deleted,
    // and what the write did not carry (the description) gone: the object sent replaces the stored one.
    const pint = item.itemData!.variations!.find((variation) => variation.id === ids["#cask-pint"])!;
    const written = await client.catalog.object.upsert({
      idempotencyKey: "cask-rename",
      object: { type: "ITEM", id: item.id!, version: v1, itemData: { name: "Cask Dark Mild", variations: [pint] } },
    });
    expect((written.catalogObject?.version ?? BigInt(0)) > v1).toBe(true);
    const { object: after } = await client.catalog.object.get({ objectId: item.id! });
    if (after?.type !== "ITEM") throw new Error("not an item");
    expect(after.itemData?.name).toBe("Cask Dark Mild");
    expect(after.itemData?.description).toBeUndefined();
    expect(after.itemData?.variations?.map((variation) => variation.id)).toEqual([ids["#cask-pint"]]);
    const kept = after.itemData!.variations![0]!;
    expect(kept.type === "ITEM_VARIATION" && kept.itemVariationData?.sku).toBe("CASK-16");
    const half = await client.catalog.object.get({ objectId: ids["#cask-half"]! }).catch((caught: unknown) => caught as SquareError);
    expect((half as SquareError).statusCode).toBe(404);
    // A variation sent at its old version inside a current item is refused too (each object has its own version).
    const nested = await client.catalog.object
      .upsert({ idempotencyKey: "nested-stale", object: { ...after, itemData: { ...after.itemData, variations: [pint] } } })
      .catch((caught: unknown) => caught as SquareError);
    expect((nested as SquareError).errors[0]?.code).toBe("VERSION_MISMATCH");
  });

  it("answers a missing object 404 NOT_FOUND and a bad body 400", async () => {
    const missing = await till()
      .catalog.object.get({ objectId: "NOPE" })
      .catch((caught: unknown) => caught as SquareError);
    expect((missing as SquareError).statusCode).toBe(404);
    expect((missing as SquareError).errors[0]?.code).toBe("NOT_FOUND");
    const bad = await till()
      .orders.create({ idempotencyKey: "bad", order: { locationId: downtown.id, lineItems: [] } })
      .catch((caught: unknown) => caught as SquareError);
    expect((bad as SquareError).statusCode).toBe(400);
    expect((bad as SquareError).errors[0]?.category).toBe("INVALID_REQUEST_ERROR");
  });
});
