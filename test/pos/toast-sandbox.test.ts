import { createHmac } from "node:crypto";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { BASE, downtown, harbor, type Json, menuItem, ring, setStock, till, toastCall } from "./toast-till";
import { sandboxClient, subscribeSandbox } from "@/lib/pos/toast/transport";
import { setToastFault } from "@/sandbox/toast/server";

// pos.md §1: the Toast sandbox answers a client written against Toast's documents: the client-credentials
// login, the Toast-Restaurant-External-ID header, Menus v2 (items priced by size through their Size
// group), the Stock API, the orders API (checks → selections) with ordersBulk's paging, Toast's
// ErrorMessage bodies and its signed webhook messages.

afterEach(() => setToastFault(null));
afterAll(() => subscribeSandbox(null));

const login = (body: Json) => toastCall("/authentication/v1/authentication/login", { method: "POST", restaurant: null, body });

describe("Toast sandbox", () => {
  it("logs a machine client in for a day's bearer token; bad keys get Toast's ErrorMessage (401)", async () => {
    const good = await login({ ...sandboxClient, userAccessType: "TOAST_MACHINE_CLIENT" });
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ status: "SUCCESS", token: { tokenType: "Bearer", expiresIn: 86_400 } });
    expect(good.body.token.accessToken).toEqual(expect.any(String));

    const bad = await login({ clientId: sandboxClient.clientId, clientSecret: "wrong", userAccessType: "TOAST_MACHINE_CLIENT" });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ status: 401, code: expect.any(Number), message: expect.any(String), requestId: expect.any(String) });
    expect((await login({ ...sandboxClient, userAccessType: "TOAST_USER" })).body).toMatchObject({
      status: 400,
      fieldName: "userAccessType",
    });
  });

  it("chooses the restaurant by Toast-Restaurant-External-ID: required, and only the client's", async () => {
    const token = (await login({ ...sandboxClient, userAccessType: "TOAST_MACHINE_CLIENT" })).body.token.accessToken;
    expect((await toastCall("/menus/v2/metadata", { token, restaurant: null })).body).toMatchObject({
      status: 400,
      fieldName: "Toast-Restaurant-External-ID",
    });
    expect((await toastCall("/menus/v2/metadata", { token, restaurant: "00000000-0000-4000-a000-000000000000" })).status).toBe(403);
    expect((await toastCall("/menus/v2/metadata")).status).toBe(401);
    const partners = await till("/partners/v1/restaurants");
    expect(partners.body.results.map((each: Json) => each.restaurantGuid)).toEqual([downtown.guid, harbor.guid]);
    const restaurant = await till(`/restaurants/v1/restaurants/${harbor.guid}`, { restaurant: harbor.guid });
    expect(restaurant.body.general).toMatchObject({ name: "Demo Taproom Harbor", currencyCode: "EUR" });
  });

  it("serves Menus v2: ~40 drinks, draft beers priced by size through their Size group, money in decimal numbers", async () => {
    const menus = (await till("/menus/v2/menus")).body;
    expect(menus.restaurantGuid).toBe(downtown.guid);
    const items = (menus.menus[0].menuGroups as Json[]).flatMap((group) => group.menuItems as Json[]);
    expect(items.length).toBeGreaterThanOrEqual(40);
    expect(new Set(items.map((item) => item.guid)).size).toBe(items.length);
    const { item, sizes } = await menuItem("Harbor Haze");
    expect(item).toMatchObject({ pricingStrategy: "SIZE_PRICE", price: null });
    expect(sizes.map((size) => [size.name, size.price])).toEqual([
      ["Pint", 7],
      ["Half", 4],
      ["Taster", 2.5],
    ]);
    const can = await menuItem("Porch Pils");
    expect(can.item).toMatchObject({ pricingStrategy: "BASE_PRICE" });
    expect(can.item.price).toBeGreaterThan(5);
    expect(can.sizes).toEqual([]);
    const metadata = (await till("/menus/v2/metadata")).body;
    expect(metadata).toEqual({ restaurantGuid: downtown.guid, lastUpdated: menus.lastUpdated });
  });

  it("keeps stock per restaurant: OUT_OF_STOCK listed, a QUANTITY of 0 is OUT_OF_STOCK, bad statuses refused", async () => {
    const { sizes } = await menuItem("Sunday Saison");
    const pint = sizes[0]!.guid as string;
    expect((await setStock([pint], "OUT_OF_STOCK")).body).toMatchObject([
      { guid: pint, status: "OUT_OF_STOCK", itemGuidValidity: "VALID" },
    ]);
    expect((await till("/stock/v1/inventory")).body.map((each: Json) => each.guid)).toContain(pint);
    expect((await till("/stock/v1/inventory", { restaurant: harbor.guid })).body).toEqual([]);
    const searched = await till("/stock/v1/inventory/search", { method: "POST", body: { guids: [pint, sizes[1]!.guid] } });
    expect(searched.body.map((each: Json) => each.status)).toEqual(["OUT_OF_STOCK", "IN_STOCK"]);
    const zero = await till("/stock/v1/inventory/update", {
      method: "PUT",
      body: [{ guid: sizes[1]!.guid, status: "QUANTITY", quantity: 0 }],
    });
    expect(zero.body[0].status).toBe("OUT_OF_STOCK");
    const bad = await till("/stock/v1/inventory/update", { method: "PUT", body: [{ guid: pint, status: "SOLD_OUT" }] });
    expect(bad.body).toMatchObject({ status: 400, fieldName: "[0].status" });
    await setStock([pint, sizes[1]!.guid], "IN_STOCK");
  });

  it("rings, pays and refunds orders as Toast writes them (checks → selections, the size a modifier), and pages ordersBulk", async () => {
    const start = new Date(Date.now() - 1000).toISOString();
    const { item, sizes } = await menuItem("Copper Line Lager");
    const order = await ring([{ item: item.guid, size: sizes[0]!.guid, quantity: 2 }]);
    const selection = order.checks[0].selections[0];
    const total = sizes[0]!.price * 2;
    expect(selection).toMatchObject({
      entityType: "MenuItemSelection",
      item: { guid: item.guid },
      quantity: 2,
      price: total,
      voided: false,
    });
    expect(selection.modifiers[0]).toMatchObject({
      item: { guid: sizes[0]!.guid },
      optionGroup: { guid: item.pricingRules.sizeSpecificPricingGuid },
    });
    expect(order.checks[0].paymentStatus).toBe("OPEN");
    const paid = (await till(`/till/orders/${order.guid}/pay`, { method: "POST" })).body;
    expect(paid.checks[0]).toMatchObject({
      paymentStatus: "CLOSED",
      payments: [{ amount: total, paymentStatus: "CAPTURED", refundStatus: "NONE" }],
    });
    const refunded = (await till(`/till/orders/${order.guid}/refund`, { method: "POST", body: {} })).body;
    expect(refunded.checks[0].payments[0]).toMatchObject({ refundStatus: "FULL", refund: { refundAmount: total } });
    expect((await till(`/orders/v2/orders/${order.guid}`)).body.guid).toBe(order.guid);
    expect((await till(`/orders/v2/orders/${order.guid}`, { restaurant: harbor.guid })).status).toBe(404);

    await ring([{ item: item.guid, size: sizes[1]!.guid, quantity: 1 }]);
    const end = new Date(Date.now() + 1000).toISOString();
    const first = await till(`/orders/v2/ordersBulk?startDate=${start}&endDate=${end}&pageSize=1`);
    expect(first.body).toHaveLength(1);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const second = await till(new URL(next!).pathname.replace("/sandbox/toast", "") + new URL(next!).search);
    expect(second.body).toHaveLength(1);
    expect(second.headers.get("link")).toBeNull();
    expect((await till("/orders/v2/ordersBulk?startDate=soon&endDate=later")).body).toMatchObject({ status: 400, fieldName: "startDate" });
  });

  it("signs its messages with Toast-Signature: base64 HMAC-SHA256 of the body and its timestamp", async () => {
    const heard: { body: string; headers: Headers }[] = [];
    subscribeSandbox({ notificationUrl: `${BASE}/hook`, secret: "a-test-webhook-secret", deliver: async (each) => heard.push(each) });
    const { sizes } = await menuItem("Gose Almighty");
    await setStock([sizes[0]!.guid], "OUT_OF_STOCK");
    subscribeSandbox(null);
    expect(heard).toHaveLength(1);
    const message = JSON.parse(heard[0]!.body);
    expect(message).toMatchObject({
      eventCategory: "stock",
      eventType: "out_of_stock",
      guid: expect.any(String),
      details: { itemGuid: sizes[0]!.guid, restaurantGuid: downtown.guid, status: "OUT_OF_STOCK" },
    });
    const expected = createHmac("sha256", "a-test-webhook-secret")
      .update(heard[0]!.body + message.timestamp)
      .digest("base64");
    expect(heard[0]!.headers.get("toast-signature")).toBe(expected);
    expect(heard[0]!.headers.get("toast-restaurant-external-id")).toBe(downtown.guid);
    expect(heard[0]!.headers.get("toast-event-type")).toBe("out_of_stock");
    await setStock([sizes[0]!.guid], "IN_STOCK");
  });

  it("answers a 429 with Retry-After or a 500 while the till's fault switch is on", async () => {
    setToastFault({ status: 429, count: 1, retryAfter: 7 });
    const limited = await till("/menus/v2/metadata");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    expect(limited.body).toMatchObject({ status: 429, canRetry: "true" });
    expect((await till("/menus/v2/metadata")).status).toBe(200);
    setToastFault({ status: 500, count: 1 });
    expect((await till("/menus/v2/metadata")).status).toBe(500);
  });
});
