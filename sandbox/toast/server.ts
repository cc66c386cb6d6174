import { randomBytes } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { readBodyText } from "@/lib/http/body";
import { badRequest, errorResponse, forbidden, notFound, ToastSandboxError, unauthorized } from "./errors";
import { groupGuidOf, menusJson } from "./menus";
import { ensureToastSandbox, SANDBOX_MANAGEMENT_GROUP, type SandboxItem } from "./seed";
import { getRecord, type Json, listRecords, putRecord, toastGuid } from "./store";
import { message, send, type ToastMessage } from "./webhooks";

// The Toast sandbox (pos.md §1): Toast's documented paths and shapes, answered in-process (the POS
// module's transport) or over HTTP under /sandbox/toast (app/sandbox/toast/). Authentication is Toast's
// client-credentials login; every other call needs its Bearer token, and a restaurant's calls the
// Toast-Restaurant-External-ID header naming a restaurant the client may access. Errors are Toast's
// ErrorMessage; money is decimal numbers, as Toast writes it; ordersBulk pages with page/pageSize and a
// Link header. `till/…` is the sandbox's own (a bartender's hands, a price edited in Toast Web, a fault).

type Db = Awaited<ReturnType<typeof getDb>>;
type Ctx = { db: Db; clientId: string; restaurantGuid: string; now: string; messages: ToastMessage[]; url: URL };
type Answer = Json | Json[] | { body: Json | Json[]; headers: Record<string, string> };
type Handler = (ctx: Ctx, body: unknown, params: string[]) => Promise<Answer>;

const TOKEN_LIFETIME_S = 86_400;
const PAGE_SIZE_MAX = 100;
export const STOCK_STATUSES = ["IN_STOCK", "OUT_OF_STOCK", "QUANTITY"] as const;

// ---- faults (the till's "POS is down" switch) ----

const faultSlot = Symbol.for("taproom.toast-sandbox.fault");
const faults = globalThis as { [faultSlot]?: { status: number; remaining: number; retryAfter: number | null } | null };

/** The next `count` API calls (login included) answer `status` (with Retry-After on a 429); count 0 clears it. */
export function setToastFault(fault: { status: number; count: number; retryAfter?: number | null } | null) {
  faults[faultSlot] =
    fault && fault.count > 0 ? { status: fault.status, remaining: fault.count, retryAfter: fault.retryAfter ?? null } : null;
}

function takeFault() {
  const fault = faults[faultSlot];
  if (!fault) return;
  fault.remaining -= 1;
  if (fault.remaining <= 0) faults[faultSlot] = null;
  throw new ToastSandboxError(
    fault.status,
    fault.status === 429 ? "Rate limit exceeded." : "An internal error occurred.",
    fault.status * 100,
    null,
    fault.status === 429 ? (fault.retryAfter ?? 1) : null,
  );
}

// ---- reading ----

async function readJson(request: Request): Promise<unknown> {
  if (request.method === "GET" || request.method === "DELETE") return {};
  const text = await readBodyText(request).catch(() => {
    throw badRequest("The request body could not be read.");
  });
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.");
  }
}

const objectOf = (body: unknown): Json => {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw badRequest("The request body must be a JSON object.");
  return body as Json;
};
const round2 = (value: number) => Math.round(value * 100) / 100;

// ---- authentication ----

async function login(db: Db, body: unknown, now: string): Promise<Json> {
  const input = objectOf(body);
  if (input.userAccessType !== "TOAST_MACHINE_CLIENT") throw badRequest("userAccessType must be TOAST_MACHINE_CLIENT.", "userAccessType");
  if (typeof input.clientId !== "string" || typeof input.clientSecret !== "string") {
    throw badRequest("clientId and clientSecret are required.", typeof input.clientId !== "string" ? "clientId" : "clientSecret");
  }
  const client = await getRecord(db, `client:${input.clientId}`, "client");
  if (!client || client.clientSecret !== input.clientSecret) throw unauthorized("Invalid client credentials.");
  const accessToken = `${randomBytes(24).toString("base64url")}.${randomBytes(24).toString("base64url")}`;
  await putRecord(db, {
    id: `token:${accessToken}`,
    kind: "token",
    restaurantGuid: "",
    data: { clientId: input.clientId, expiresAt: new Date(Date.parse(now) + TOKEN_LIFETIME_S * 1000).toISOString() },
  });
  return {
    token: { tokenType: "Bearer", scope: null, expiresIn: TOKEN_LIFETIME_S, accessToken, idToken: null, refreshToken: null },
    status: "SUCCESS",
  };
}

async function callerOf(db: Db, request: Request, now: string): Promise<{ clientId: string; restaurants: string[] }> {
  const match = /^Bearer (\S{1,400})$/.exec(request.headers.get("authorization") ?? "");
  if (!match) throw unauthorized();
  const token = await getRecord(db, `token:${match[1]}`, "token");
  if (!token || Date.parse(token.expiresAt) < Date.parse(now)) throw unauthorized();
  const client = await getRecord(db, `client:${token.clientId}`, "client");
  if (!client) throw unauthorized();
  return { clientId: token.clientId as string, restaurants: client.restaurants as string[] };
}

// ---- restaurants and menus ----

async function restaurantOf(ctx: Ctx): Promise<Json> {
  const restaurant = await getRecord(ctx.db, ctx.restaurantGuid, "restaurant");
  if (!restaurant) throw notFound(`Restaurant ${ctx.restaurantGuid} not found.`);
  return restaurant;
}

async function itemsOf(ctx: Ctx): Promise<SandboxItem[]> {
  return (await listRecords(ctx.db, "item", ctx.restaurantGuid)) as unknown as SandboxItem[];
}

async function menus(ctx: Ctx): Promise<Json> {
  return menusJson(await restaurantOf(ctx), await itemsOf(ctx));
}

/** Publishes the menu (Toast Web's "Publish"): lastUpdated moves and menus_updated is sent. */
async function publish(ctx: Ctx) {
  const restaurant = await restaurantOf(ctx);
  await putRecord(ctx.db, {
    id: restaurant.guid,
    kind: "restaurant",
    restaurantGuid: restaurant.guid,
    data: { ...restaurant, lastUpdated: ctx.now },
  });
  ctx.messages.push(
    message(ctx.restaurantGuid, "menus", "menus_updated", { restaurantGuid: ctx.restaurantGuid, publishedDate: ctx.now }, ctx.now),
  );
}

// ---- stock ----

/** Every GUID of the restaurant that has stock: its menu items and their sizes (modifier options' item references). */
async function stockable(ctx: Ctx): Promise<Map<string, { multiLocationId: string }>> {
  const found = new Map<string, { multiLocationId: string }>();
  for (const item of await itemsOf(ctx)) {
    found.set(item.guid, { multiLocationId: item.multiLocationId });
    for (const size of item.sizes) found.set(size.guid, { multiLocationId: size.multiLocationId });
  }
  return found;
}

const stockId = (ctx: Ctx, guid: string) => `stock:${ctx.restaurantGuid}:${guid}`;

async function inventoryOf(ctx: Ctx, guid: string, known: Map<string, { multiLocationId: string }>): Promise<Json> {
  const kept = await getRecord(ctx.db, stockId(ctx, guid), "stock");
  if (kept) return kept;
  const entity = known.get(guid);
  return {
    guid,
    itemGuidValidity: entity ? "VALID" : "INVALID",
    status: "IN_STOCK",
    quantity: null,
    multiLocationId: entity?.multiLocationId ?? null,
    versionId: guid,
  };
}

async function writeStock(ctx: Ctx, inventory: Json) {
  const before = await getRecord(ctx.db, stockId(ctx, inventory.guid), "stock");
  await putRecord(ctx.db, { id: stockId(ctx, inventory.guid), kind: "stock", restaurantGuid: ctx.restaurantGuid, data: inventory });
  const eventType =
    inventory.status === "OUT_OF_STOCK"
      ? "out_of_stock"
      : inventory.status === "QUANTITY" && inventory.quantity < 5
        ? "low_quantity"
        : "in_stock";
  if (before?.status === inventory.status && before?.quantity === inventory.quantity) return;
  ctx.messages.push(
    message(
      ctx.restaurantGuid,
      "stock",
      eventType,
      {
        itemGuid: inventory.guid,
        restaurantGuid: ctx.restaurantGuid,
        status: inventory.status,
        ...(inventory.status === "QUANTITY" ? { quantity: inventory.quantity } : {}),
        multiLocationId: inventory.multiLocationId,
        versionId: inventory.versionId,
      },
      ctx.now,
    ),
  );
}

/** PUT /stock/v1/inventory/update: each item's status (and quantity); a QUANTITY of 0 is OUT_OF_STOCK, as at Toast. */
async function updateStock(ctx: Ctx, body: unknown): Promise<Json[]> {
  if (!Array.isArray(body) || body.length === 0) throw badRequest("The request body must be a non-empty array of inventory updates.");
  if (body.length > 100) throw badRequest("At most 100 inventory updates a request.");
  const known = await stockable(ctx);
  const updates = body.map((each, index) => {
    const update = objectOf(each);
    if (typeof update.guid !== "string" || !known.has(update.guid))
      throw badRequest(`Menu item ${String(update.guid)} is not valid.`, `[${index}].guid`);
    if (!STOCK_STATUSES.includes(update.status)) throw badRequest("status is IN_STOCK, OUT_OF_STOCK or QUANTITY.", `[${index}].status`);
    if (
      update.status === "QUANTITY" &&
      !(typeof update.quantity === "number" && update.quantity >= 0 && Number.isFinite(update.quantity))
    ) {
      throw badRequest("A QUANTITY status needs a quantity of 0 or more.", `[${index}].quantity`);
    }
    return update;
  });
  const answers: Json[] = [];
  for (const update of updates) {
    const quantity = update.status === "QUANTITY" ? Number(update.quantity) : null;
    const inventory = {
      guid: update.guid,
      itemGuidValidity: "VALID",
      status: quantity === 0 ? "OUT_OF_STOCK" : update.status,
      quantity: quantity === 0 ? null : quantity,
      multiLocationId: known.get(update.guid)!.multiLocationId,
      versionId: update.guid,
    };
    await writeStock(ctx, inventory);
    answers.push(inventory);
  }
  return answers;
}

// ---- orders ----

async function orderOf(ctx: Ctx, guid: string): Promise<Json> {
  const order = await getRecord(ctx.db, `order:${guid}`, "order");
  if (!order || order.restaurantGuid !== ctx.restaurantGuid) throw notFound(`Order ${guid} not found.`);
  return order;
}

const shown = ({ restaurantGuid: _restaurant, ...order }: Json) => order;

async function saveOrder(ctx: Ctx, order: Json) {
  await putRecord(ctx.db, { id: `order:${order.guid}`, kind: "order", restaurantGuid: ctx.restaurantGuid, data: order });
  ctx.messages.push(
    message(ctx.restaurantGuid, "order_updated", "order_updated", { restaurantGuid: ctx.restaurantGuid, order: shown(order) }, ctx.now),
  );
}

const businessDate = (iso: string) => Number(iso.slice(0, 10).replaceAll("-", ""));

/**
 * POST /orders/v2/orders: the till rings an order. Each selection names a menu item (`item.guid`) and,
 * for a size-priced item, its size as a modifier (`modifiers[].item.guid`); prices come from the menu.
 */
async function createOrder(ctx: Ctx, body: unknown): Promise<Json> {
  const input = objectOf(body);
  const checks = input.checks as Json[] | undefined;
  if (!Array.isArray(checks) || checks.length === 0) throw badRequest("An order has at least one check.", "checks");
  const items = new Map((await itemsOf(ctx)).map((item) => [item.guid, item]));
  const menu = await menus(ctx);
  const madeChecks = checks.map((check, checkIndex) => {
    const selections = (check?.selections ?? []) as Json[];
    if (!Array.isArray(selections) || selections.length === 0)
      throw badRequest("A check has at least one selection.", `checks[${checkIndex}].selections`);
    let amount = 0;
    const made = selections.map((selection, index) => {
      const field = `checks[${checkIndex}].selections[${index}]`;
      const item = items.get(selection?.item?.guid);
      if (!item) throw badRequest(`Menu item ${String(selection?.item?.guid)} is not valid.`, `${field}.item.guid`);
      const quantity = selection.quantity === undefined ? 1 : Number(selection.quantity);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 999)
        throw badRequest("quantity is a whole number from 1 to 999.", `${field}.quantity`);
      const modifiers = ((selection.modifiers ?? []) as Json[]).map((modifier, modifierIndex) => {
        const size = item.sizes.find((each) => each.guid === modifier?.item?.guid);
        if (!size)
          throw badRequest(
            `Modifier ${String(modifier?.item?.guid)} is not an option of ${item.name}.`,
            `${field}.modifiers[${modifierIndex}].item.guid`,
          );
        return size;
      });
      if (item.sizeGroupGuid && modifiers.length !== 1) throw badRequest(`${item.name} needs exactly one size.`, `${field}.modifiers`);
      const unit = modifiers[0]?.price ?? item.price ?? 0;
      const price = round2(unit * quantity);
      amount = round2(amount + price);
      return {
        guid: toastGuid(),
        entityType: "MenuItemSelection",
        externalId: null,
        item: { guid: item.guid, entityType: "MenuItem", multiLocationId: item.multiLocationId },
        itemGroup: { guid: groupGuidOf(menu, item.guid), entityType: "MenuGroup" },
        optionGroup: null,
        displayName: item.name,
        selectionType: "NONE",
        quantity,
        unitOfMeasure: "NONE",
        price,
        preDiscountPrice: price,
        receiptLinePrice: unit,
        tax: 0,
        voided: false,
        voidDate: null,
        refundDetails: null,
        fulfillmentStatus: "SENT",
        createdDate: ctx.now,
        modifiedDate: ctx.now,
        modifiers: modifiers.map((size) => ({
          guid: toastGuid(),
          entityType: "MenuItemSelection",
          item: { guid: size.guid, entityType: "MenuItem", multiLocationId: size.multiLocationId },
          optionGroup: { guid: item.sizeGroupGuid, entityType: "MenuOptionGroup" },
          displayName: size.name,
          quantity: 1,
          price: 0,
          preDiscountPrice: 0,
          voided: false,
          modifiers: [],
        })),
        appliedDiscounts: [],
        appliedTaxes: [],
      };
    });
    return {
      guid: toastGuid(),
      entityType: "Check",
      displayNumber: String(checkIndex + 1),
      openedDate: ctx.now,
      closedDate: null,
      paidDate: null,
      modifiedDate: ctx.now,
      voided: false,
      voidDate: null,
      paymentStatus: "OPEN",
      amount,
      taxAmount: 0,
      totalAmount: amount,
      selections: made,
      payments: [],
      appliedDiscounts: [],
      appliedServiceCharges: [],
    };
  });
  const order = {
    guid: toastGuid(),
    entityType: "Order",
    restaurantGuid: ctx.restaurantGuid,
    externalId: null,
    source: "API",
    approvalStatus: "APPROVED",
    businessDate: businessDate(ctx.now),
    openedDate: ctx.now,
    createdDate: ctx.now,
    modifiedDate: ctx.now,
    closedDate: null,
    paidDate: null,
    deleted: false,
    voided: false,
    voidDate: null,
    voidBusinessDate: null,
    numberOfGuests: 1,
    checks: madeChecks,
  };
  await saveOrder(ctx, order);
  return shown(order);
}

/** Till: pays every open check of the order by card (CAPTURED); the checks close; QUANTITY stock goes down. */
async function payOrder(ctx: Ctx, guid: string): Promise<Json> {
  const order = await orderOf(ctx, guid);
  if (order.voided) throw badRequest("A voided order cannot be paid.", "guid");
  const checks = (order.checks as Json[]).map((check) =>
    check.paymentStatus !== "OPEN"
      ? check
      : {
          ...check,
          paymentStatus: "CLOSED",
          closedDate: ctx.now,
          paidDate: ctx.now,
          modifiedDate: ctx.now,
          payments: [
            {
              guid: toastGuid(),
              entityType: "OrderPayment",
              type: "CREDIT",
              amount: check.totalAmount,
              tipAmount: 0,
              amountTendered: check.totalAmount,
              paidDate: ctx.now,
              paidBusinessDate: businessDate(ctx.now),
              paymentStatus: "CAPTURED",
              refundStatus: "NONE",
              refund: null,
            },
          ],
        },
  );
  const paid = { ...order, checks, closedDate: ctx.now, paidDate: ctx.now, modifiedDate: ctx.now };
  await saveOrder(ctx, paid);
  // As at Toast: an item whose stock is a QUANTITY is decremented as it is sold (0 → OUT_OF_STOCK).
  const known = await stockable(ctx);
  for (const check of checks)
    for (const selection of check.selections as Json[]) {
      for (const guid of [selection.item.guid, ...(selection.modifiers as Json[]).map((modifier) => modifier.item.guid)] as string[]) {
        const inventory = await inventoryOf(ctx, guid, known);
        if (inventory.status !== "QUANTITY") continue;
        const left = Math.max(0, Number(inventory.quantity) - Number(selection.quantity));
        await writeStock(ctx, { ...inventory, status: left === 0 ? "OUT_OF_STOCK" : "QUANTITY", quantity: left === 0 ? null : left });
      }
    }
  return shown(paid);
}

/** Till: refunds a paid order's payments (in full without `refundAmount`); a full refund names each selection's refundDetails. */
async function refundOrder(ctx: Ctx, guid: string, body: unknown): Promise<Json> {
  const input = objectOf(body ?? {});
  const order = await orderOf(ctx, guid);
  const total = (order.checks as Json[]).reduce((sum, check) => sum + Number(check.totalAmount), 0);
  const wanted = input.refundAmount === undefined ? total : Number(input.refundAmount);
  if (!(wanted > 0) || wanted > total + 0.001) throw badRequest("refundAmount is above 0 and at most the order's total.", "refundAmount");
  if ((order.checks as Json[]).some((check) => check.paymentStatus === "OPEN")) throw badRequest("Only a paid order is refunded.", "guid");
  const full = wanted >= total - 0.001;
  const transaction = { guid: toastGuid(), entityType: "RefundTransaction" };
  let left = wanted;
  const checks = (order.checks as Json[]).map((check) => ({
    ...check,
    modifiedDate: ctx.now,
    selections: full
      ? (check.selections as Json[]).map((selection) => ({
          ...selection,
          refundDetails: { refundAmount: selection.price, taxRefundAmount: 0, refundTransaction: transaction },
        }))
      : check.selections,
    payments: (check.payments as Json[]).map((payment) => {
      const amount = round2(Math.min(left, Number(payment.amount)));
      left = round2(left - amount);
      if (amount <= 0) return payment;
      return {
        ...payment,
        refundStatus: amount >= Number(payment.amount) ? "FULL" : "PARTIAL",
        refund: {
          refundAmount: amount,
          tipRefundAmount: 0,
          refundDate: ctx.now,
          refundBusinessDate: businessDate(ctx.now),
          refundTransaction: transaction,
        },
      };
    }),
  }));
  const refunded = { ...order, checks, modifiedDate: ctx.now };
  await saveOrder(ctx, refunded);
  return shown(refunded);
}

/** POST /orders/v2/orders/{guid}/void: the order, its checks, selections and payments voided. */
async function voidOrder(ctx: Ctx, guid: string): Promise<Json> {
  const order = await orderOf(ctx, guid);
  if (order.voided) return shown(order);
  const voided = {
    ...order,
    voided: true,
    voidDate: ctx.now,
    voidBusinessDate: businessDate(ctx.now),
    guestOrderStatus: "VOIDED",
    modifiedDate: ctx.now,
    checks: (order.checks as Json[]).map((check) => ({
      ...check,
      voided: true,
      voidDate: ctx.now,
      paymentStatus: check.paymentStatus === "OPEN" ? "OPEN" : "VOIDED",
      selections: (check.selections as Json[]).map((selection) => ({ ...selection, voided: true, voidDate: ctx.now })),
      payments: (check.payments as Json[]).map((payment) => ({ ...payment, paymentStatus: "VOIDED" })),
    })),
  };
  await saveOrder(ctx, voided);
  return shown(voided);
}

/** GET /orders/v2/ordersBulk: orders modified in [startDate, endDate), pageSize a page (at most 100), a Link header to the next. */
async function ordersBulk(ctx: Ctx): Promise<Answer> {
  const params = ctx.url.searchParams;
  const start = Date.parse(params.get("startDate") ?? "");
  const end = Date.parse(params.get("endDate") ?? "");
  if (Number.isNaN(start)) throw badRequest("startDate is an ISO-8601 date and time.", "startDate");
  if (Number.isNaN(end)) throw badRequest("endDate is an ISO-8601 date and time.", "endDate");
  const page = Number(params.get("page") ?? "1");
  const pageSize = Number(params.get("pageSize") ?? String(PAGE_SIZE_MAX));
  if (!Number.isInteger(page) || page < 1) throw badRequest("page is a whole number from 1.", "page");
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > PAGE_SIZE_MAX) throw badRequest("pageSize is 1 to 100.", "pageSize");
  const all = (await listRecords(ctx.db, "order", ctx.restaurantGuid)).filter((order) => {
    const at = Date.parse(order.modifiedDate);
    return at >= start && at < end;
  });
  const shownPage = all.slice((page - 1) * pageSize, page * pageSize).map(shown);
  const headers: Record<string, string> = {};
  if (page * pageSize < all.length) {
    const next = new URL(ctx.url);
    next.searchParams.set("page", String(page + 1));
    next.searchParams.set("pageSize", String(pageSize));
    headers.link = `<${next.toString()}>; rel="next"`;
  }
  return { body: shownPage, headers };
}

/** Till: a price edited in Toast Web and published (the menus API is read-only): a size's, or a one-price item's. */
async function changePrice(ctx: Ctx, guid: string, body: unknown): Promise<Json> {
  const input = objectOf(body);
  const price = Number(input.price);
  if (!(price >= 0) || !Number.isFinite(price) || round2(price) !== price)
    throw badRequest("price is a decimal number of at most two places.", "price");
  for (const item of await itemsOf(ctx)) {
    const size = item.sizes.find((each) => each.guid === guid);
    if (item.guid !== guid && !size) continue;
    if (item.guid === guid && item.sizeGroupGuid) throw badRequest(`${item.name} is priced by size: name a size.`, "guid");
    const changed: SandboxItem = size
      ? { ...item, sizes: item.sizes.map((each) => (each.guid === guid ? { ...each, price } : each)) }
      : { ...item, price };
    await putRecord(ctx.db, { id: item.guid, kind: "item", restaurantGuid: ctx.restaurantGuid, data: changed as unknown as Json });
    await publish(ctx);
    return changed as unknown as Json;
  }
  throw notFound(`Menu item ${guid} not found.`);
}

// ---- routes ----

const RESTAURANT = true;
const ROUTES: [method: string, pattern: RegExp, scoped: boolean, handler: Handler][] = [
  [
    "GET",
    /^partners\/v1\/restaurants$/,
    !RESTAURANT,
    async (ctx) => {
      const client = await getRecord(ctx.db, `client:${ctx.clientId}`, "client");
      const results = [];
      for (const guid of (client?.restaurants ?? []) as string[]) {
        const restaurant = await getRecord(ctx.db, guid, "restaurant");
        if (!restaurant) continue;
        results.push({
          restaurantGuid: guid,
          managementGroupGuid: SANDBOX_MANAGEMENT_GROUP,
          restaurantName: restaurant.general.name,
          locationName: restaurant.general.locationName,
          createdByEmailAddress: "owner@demo-taproom.example",
          externalGroupRef: null,
          externalRestaurantRef: null,
          modifiedDate: 1_767_225_600_000,
          createdDate: 1_767_225_600_000,
          isoModifiedDate: "2026-01-01T00:00:00.000Z",
          isoCreatedDate: "2026-01-01T00:00:00.000Z",
          deleted: false,
        });
      }
      return {
        currentPageNum: 1,
        currentPageToken: null,
        lastPageNum: 1,
        nextPageNum: null,
        nextPageToken: null,
        pageSize: 100,
        previousPageNum: null,
        results,
        totalCount: results.length,
        totalResultCount: results.length,
      };
    },
  ],
  [
    "GET",
    /^restaurants\/v1\/restaurants\/([^/]+)$/,
    RESTAURANT,
    async (ctx, _body, [guid]) => {
      if (guid !== ctx.restaurantGuid) throw forbidden("The restaurant GUID in the path is not the Toast-Restaurant-External-ID.");
      const { lastUpdated: _updated, ...restaurant } = await restaurantOf(ctx);
      return restaurant;
    },
  ],
  [
    "GET",
    /^menus\/v2\/metadata$/,
    RESTAURANT,
    async (ctx) => ({ restaurantGuid: ctx.restaurantGuid, lastUpdated: (await restaurantOf(ctx)).lastUpdated }),
  ],
  ["GET", /^menus\/v2\/menus$/, RESTAURANT, async (ctx) => menus(ctx)],
  [
    "GET",
    /^stock\/v1\/inventory$/,
    RESTAURANT,
    async (ctx) => {
      const status = ctx.url.searchParams.get("status");
      if (status !== null && status !== "OUT_OF_STOCK" && status !== "QUANTITY")
        throw badRequest("status is OUT_OF_STOCK or QUANTITY.", "status");
      return (await listRecords(ctx.db, "stock", ctx.restaurantGuid)).filter((each) =>
        status ? each.status === status : each.status !== "IN_STOCK",
      );
    },
  ],
  [
    "POST",
    /^stock\/v1\/inventory\/search$/,
    RESTAURANT,
    async (ctx, body) => {
      const guids = objectOf(body).guids as unknown;
      if (!Array.isArray(guids) || guids.length === 0 || guids.length > 100 || guids.some((guid) => typeof guid !== "string")) {
        throw badRequest("guids is a list of 1 to 100 menu item GUIDs.", "guids");
      }
      const known = await stockable(ctx);
      const answers = [];
      for (const guid of guids as string[]) answers.push(await inventoryOf(ctx, guid, known));
      return answers;
    },
  ],
  ["PUT", /^stock\/v1\/inventory\/update$/, RESTAURANT, async (ctx, body) => updateStock(ctx, body)],
  ["POST", /^orders\/v2\/orders$/, RESTAURANT, async (ctx, body) => createOrder(ctx, body)],
  ["GET", /^orders\/v2\/ordersBulk$/, RESTAURANT, async (ctx) => ordersBulk(ctx)],
  ["GET", /^orders\/v2\/orders\/([^/]+)$/, RESTAURANT, async (ctx, _body, [guid]) => shown(await orderOf(ctx, guid!))],
  ["POST", /^orders\/v2\/orders\/([^/]+)\/void$/, RESTAURANT, async (ctx, _body, [guid]) => voidOrder(ctx, guid!)],
  ["POST", /^till\/orders\/([^/]+)\/pay$/, RESTAURANT, async (ctx, _body, [guid]) => payOrder(ctx, guid!)],
  ["POST", /^till\/orders\/([^/]+)\/refund$/, RESTAURANT, async (ctx, body, [guid]) => refundOrder(ctx, guid!, body)],
  ["PUT", /^till\/items\/([^/]+)\/price$/, RESTAURANT, async (ctx, body, [guid]) => changePrice(ctx, guid!, body)],
];

/** Splits `/sandbox/toast/menus/v2/menus` into the path after the sandbox's root. */
function locate(pathname: string): string | null {
  const found = /^(?:.*?)\/((?:authentication|partners|restaurants|menus|stock|orders|till)(?:\/.*)?)$/.exec(pathname.replace(/\/$/, ""));
  return found ? found[1]! : null;
}

export type ToastSandboxOptions = { now?: Date };

/** Answers one request to the Toast sandbox. */
export async function handleToastSandbox(request: Request, options: ToastSandboxOptions = {}): Promise<Response> {
  const url = new URL(request.url);
  const now = (options.now ?? new Date()).toISOString();
  const messages: ToastMessage[] = [];
  let response: Response;
  try {
    const rest = locate(url.pathname);
    if (!rest) throw notFound("Unknown path.");
    const till = rest.startsWith("till/");
    if (!till) takeFault();
    const db = await getDb();
    await ensureToastSandbox(db);
    const body = await readJson(request);
    if (rest === "authentication/v1/authentication/login") {
      if (request.method !== "POST") throw new ToastSandboxError(405, `${request.method} is not allowed here.`);
      return Response.json(await login(db, body, now));
    }
    const route = ROUTES.find(([method, pattern]) => method === request.method && pattern.test(rest));
    if (!route) {
      throw ROUTES.some(([, pattern]) => pattern.test(rest))
        ? new ToastSandboxError(405, `${request.method} is not allowed here.`)
        : notFound(`Unknown path /${rest}.`);
    }
    const caller = await callerOf(db, request, now);
    let restaurantGuid = "";
    if (route[2]) {
      restaurantGuid = request.headers.get("toast-restaurant-external-id") ?? "";
      if (!restaurantGuid) throw badRequest("The Toast-Restaurant-External-ID header is required.", "Toast-Restaurant-External-ID");
      if (!caller.restaurants.includes(restaurantGuid)) throw forbidden(`This client may not access restaurant ${restaurantGuid}.`);
    }
    const params = (route[1].exec(rest) ?? []).slice(1).map((part) => decodeURIComponent(part));
    const answer = await db.transaction((tx) =>
      route[3]({ db: tx as unknown as Db, clientId: caller.clientId, restaurantGuid, now, messages, url }, body, params),
    );
    response =
      answer && typeof answer === "object" && "body" in answer && "headers" in answer && !Array.isArray(answer)
        ? Response.json(answer.body, { headers: answer.headers as Record<string, string> })
        : Response.json(answer);
  } catch (error) {
    if (error instanceof ToastSandboxError) return errorResponse(error);
    throw error;
  }
  await send(messages);
  return response;
}
