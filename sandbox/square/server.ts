import { randomBytes } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { readBodyText } from "@/lib/http/body";
import { deleteObject, listCatalog, parseTypes, present, quantityAt, upsertObject } from "./catalog";
import { badRequest, errorResponse, missing, notFound, SquareSandboxError, unauthorized } from "./errors";
import { consentPage } from "./oauth";
import { ensureSquareSandbox, SANDBOX_APPLICATION, SANDBOX_LOCATIONS } from "./seed";
import { getRecord, getRecords, isCursor, type Json, type Kind, page, putRecord, squareId } from "./store";
import { event, type SquareEvent, send } from "./webhooks";

/** `data->>'field' in (…values)` as one condition, or none when `values` is empty or missing. */
const fieldIn = (field: string, values: readonly (string | number)[] | undefined) =>
  values?.length
    ? [
        sql`data->>${field} in (${sql.join(
          values.map((value) => sql`${String(value)}`),
          sql`, `,
        )})`,
      ]
    : [];

// The Square sandbox (pos.md §1): Square's documented paths and shapes, answered in-process (the POS
// module's transport) or over HTTP under /sandbox/square (app/sandbox/square/). Every /v2 call needs a
// Bearer access token (an OAuth token or the till's personal token); errors are Square's
// `{errors: [{category, code, detail}]}`; money is integer minor units; lists page with `cursor`.

type Db = Awaited<ReturnType<typeof getDb>>;
type Ctx = { db: Db; merchantId: string; now: string; events: SquareEvent[]; url: URL; root: string };
type Handler = (ctx: Ctx, body: Json, params: string[]) => Promise<Json>;

export type SquareSandboxOptions = { now?: Date };

async function readJson(request: Request): Promise<Json> {
  if (request.method === "GET" || request.method === "DELETE") return {};
  const text = await readBodyText(request).catch(() => {
    throw badRequest("The body could not be read.", undefined, "BAD_REQUEST");
  });
  if (!text) return {};
  try {
    const parsed = JSON.parse(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error();
    return parsed as Json;
  } catch {
    throw badRequest("The body is not a JSON object.", undefined, "INVALID_CONTENT_TYPE");
  }
}

const str = (value: unknown, field: string, required = true): string | undefined => {
  if (value === undefined || value === null) {
    if (required) throw missing(field);
    return undefined;
  }
  if (typeof value !== "string" || value.length > 255) throw badRequest(`Expected a string of at most 255 characters.`, field);
  return value;
};
const cursorOf = (value: unknown) => {
  const cursor = str(value, "cursor", false);
  if (cursor && !isCursor(cursor)) throw badRequest("Invalid cursor.", "cursor", "INVALID_CURSOR");
  return cursor || undefined;
};

/** A list's `limit`: 1 to 1,000, `fallback` when none is given. */
function limitOf(value: unknown, fallback: number): number {
  const limit = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw badRequest("limit is 1 to 1,000.", "limit");
  return limit;
}

/** One page of the merchant's `kind` records meeting every condition, by the body's `cursor` and `limit`. */
async function pageOf(ctx: Ctx, kind: Kind, body: Json, fallbackLimit: number, conditions: SQL[]) {
  const found = await page(ctx.db, {
    kind,
    merchantId: ctx.merchantId,
    cursor: cursorOf(body.cursor),
    limit: limitOf(body.limit, fallbackLimit),
    where: sql`(${sql.join([sql`true`, ...conditions], sql` and `)})`,
  });
  return { rows: found.rows, more: found.cursor ? { cursor: found.cursor } : {} };
}

/** Answers what an idempotency key answered before, or runs `work` and keeps its answer under the key. */
async function idempotent(ctx: Ctx, key: unknown, work: () => Promise<Json>): Promise<Json> {
  const given = str(key, "idempotency_key")!;
  if (!given || given.length > 192) throw badRequest("idempotency_key must be 1 to 192 characters.", "idempotency_key");
  const id = `idem:${ctx.merchantId}:${given}`;
  const before = await getRecord(ctx.db, id, "idem");
  if (before) return before.answer as Json;
  const answer = await work();
  await putRecord(ctx.db, { id, kind: "idem", merchantId: ctx.merchantId, data: { answer } });
  return answer;
}

function locationOf(id: unknown, field = "location_id") {
  const location = SANDBOX_LOCATIONS.find((each) => each.id === id);
  if (!location) throw notFound(`Location \`${String(id)}\` not found.`);
  void field;
  return location;
}

async function locationJson(ctx: Ctx, id: string) {
  const location = await getRecord(ctx.db, id, "location");
  if (!location || location.merchant_id !== ctx.merchantId) throw notFound(`Location \`${id}\` not found.`);
  return location;
}

// ---- inventory ----

async function applyInventory(ctx: Ctx, changes: Json[]): Promise<Json[]> {
  if (!Array.isArray(changes) || changes.length === 0) throw missing("changes");
  if (changes.length > 100) throw badRequest("At most 100 changes a request.", "changes");
  const touched = new Map<string, Json>();
  for (const [index, change] of changes.entries()) {
    const field = `changes[${index}]`;
    const body = (
      change?.type === "PHYSICAL_COUNT" ? change.physical_count : change?.type === "ADJUSTMENT" ? change.adjustment : null
    ) as Json | null;
    if (!body) throw badRequest("A change is a PHYSICAL_COUNT or an ADJUSTMENT with its body.", `${field}.type`);
    const variationId = str(body.catalog_object_id, `${field}.catalog_object_id`)!;
    const location = locationOf(body.location_id, `${field}.location_id`);
    const variation = await getRecord(ctx.db, variationId, "catalog");
    if (variation?.type !== "ITEM_VARIATION" || variation.is_deleted) throw notFound(`Object \`${variationId}\` not found.`);
    const quantity = Number(body.quantity);
    if (typeof body.quantity !== "string" || !/^-?\d+(\.\d{1,5})?$/.test(body.quantity) || !Number.isFinite(quantity)) {
      throw badRequest("quantity is a decimal string.", `${field}.quantity`);
    }
    const before = await quantityAt(ctx.db, variationId, location.id);
    let after: number;
    if (change.type === "PHYSICAL_COUNT") {
      if (body.state !== "IN_STOCK") throw badRequest("The sandbox counts IN_STOCK.", `${field}.physical_count.state`);
      after = quantity;
    } else {
      const from = body.from_state;
      const to = body.to_state;
      if (from === "IN_STOCK" && to !== "IN_STOCK") after = before - quantity;
      else if (from !== "IN_STOCK" && to === "IN_STOCK") after = before + quantity;
      else throw badRequest("An adjustment moves quantity into or out of IN_STOCK.", `${field}.adjustment.to_state`);
    }
    const count = {
      catalog_object_id: variationId,
      catalog_object_type: "ITEM_VARIATION",
      state: "IN_STOCK",
      location_id: location.id,
      quantity: String(after),
      calculated_at: ctx.now,
    };
    await putRecord(ctx.db, { id: `inv:${variationId}:${location.id}`, kind: "inventory", merchantId: ctx.merchantId, data: count });
    touched.set(`${variationId}:${location.id}`, count);
  }
  const counts = [...touched.values()];
  ctx.events.push(
    event(
      ctx.merchantId,
      "inventory.count.updated",
      { type: "inventory_counts", id: squareId(), object: { inventory_counts: counts } },
      ctx.now,
    ),
  );
  return counts;
}

// ---- orders ----

async function orderJson(ctx: Ctx, id: string): Promise<Json> {
  const order = await getRecord(ctx.db, id, "order");
  if (!order || order.merchant_id !== ctx.merchantId) throw notFound(`Order \`${id}\` not found.`);
  const { merchant_id: _merchant, ...shown } = order;
  return shown;
}

/** Keeps the order, tells of it (`order.created` or `order.updated`) and answers it as Square shows it. */
async function saveOrder(ctx: Ctx, order: Json, type: "order.created" | "order.updated" = "order.updated"): Promise<Json> {
  await putRecord(ctx.db, { id: order.id, kind: "order", merchantId: ctx.merchantId, data: order });
  orderEvent(ctx, type, order);
  const { merchant_id: _merchant, ...shown } = order;
  return shown;
}

/** The merchant's order `id`, at `version` when one is given (else 400 VERSION_MISMATCH naming `field`). */
async function orderAt(ctx: Ctx, id: string, version: unknown, field: string): Promise<Json> {
  const order = await getRecord(ctx.db, id, "order");
  if (!order || order.merchant_id !== ctx.merchantId) throw notFound(`Order \`${id}\` not found.`);
  if (version !== undefined && Number(version) !== order.version) {
    throw new SquareSandboxError(400, [
      { category: "INVALID_REQUEST_ERROR", code: "VERSION_MISMATCH", detail: `${field} is not the order's version.` },
    ]);
  }
  return order;
}

function orderEvent(ctx: Ctx, type: "order.created" | "order.updated", order: Json) {
  const key = type === "order.created" ? "order_created" : "order_updated";
  const body = {
    order_id: order.id,
    location_id: order.location_id,
    state: order.state,
    version: order.version,
    created_at: order.created_at,
    ...(key === "order_updated" ? { updated_at: order.updated_at } : {}),
  };
  ctx.events.push(event(ctx.merchantId, type, { type: key, id: order.id, object: { [key]: body } }, ctx.now));
}

async function createOrder(ctx: Ctx, input: Json): Promise<Json> {
  const location = locationOf(input?.location_id, "order.location_id");
  const lines = input.line_items as Json[] | undefined;
  if (!Array.isArray(lines) || lines.length === 0 || lines.length > 500)
    throw badRequest("An order has 1 to 500 line items.", "order.line_items");
  let total = 0;
  const currency = SANDBOX_LOCATIONS.find((each) => each.id === location.id)!.currency;
  const lineItems = [];
  for (const [index, line] of lines.entries()) {
    const field = `order.line_items[${index}]`;
    const quantity = str(line?.quantity, `${field}.quantity`)!;
    if (!/^[1-9]\d{0,4}$/.test(quantity)) throw badRequest("quantity is a whole number of units as a string.", `${field}.quantity`);
    let name = line.name as string | undefined;
    let variationName: string | undefined;
    let amount = Number((line.base_price_money as Json | undefined)?.amount ?? Number.NaN);
    if (line.catalog_object_id !== undefined) {
      const variation = await getRecord(ctx.db, str(line.catalog_object_id, `${field}.catalog_object_id`)!, "catalog");
      if (variation?.type !== "ITEM_VARIATION" || variation.is_deleted) throw notFound(`Object \`${line.catalog_object_id}\` not found.`);
      const data = variation.item_variation_data as Json;
      const item = await getRecord(ctx.db, data.item_id as string, "catalog");
      name = (item?.item_data as Json | undefined)?.name as string;
      variationName = data.name as string;
      if (Number.isNaN(amount)) amount = Number((data.price_money as Json | undefined)?.amount ?? 0);
    } else if (!name) throw missing(`${field}.name`);
    if (!Number.isSafeInteger(amount) || amount < 0)
      throw badRequest("base_price_money.amount is whole minor units.", `${field}.base_price_money.amount`);
    const lineTotal = amount * Number(quantity);
    total += lineTotal;
    lineItems.push({
      uid: squareId().slice(0, 22),
      name,
      ...(variationName ? { variation_name: variationName } : {}),
      quantity,
      ...(line.catalog_object_id
        ? { catalog_object_id: line.catalog_object_id, catalog_version: 1, item_type: "ITEM" }
        : { item_type: "ITEM" }),
      base_price_money: { amount, currency },
      gross_sales_money: { amount: lineTotal, currency },
      total_money: { amount: lineTotal, currency },
    });
  }
  const order = {
    id: squareId(),
    merchant_id: ctx.merchantId,
    location_id: location.id,
    line_items: lineItems,
    state: "OPEN",
    version: 1,
    total_money: { amount: total, currency },
    net_amount_due_money: { amount: total, currency },
    created_at: ctx.now,
    updated_at: ctx.now,
    source: { name: "Taproom sandbox till" },
  };
  return saveOrder(ctx, order, "order.created");
}

/**
 * Pays an OPEN order in full: COMPLETED, and each tracked variation's stock goes down (IN_STOCK → SOLD), as at
 * Square. The till pays by card: one tender and its payment (`tenders[].payment_id`), which the Refunds API refunds.
 */
async function payOrder(ctx: Ctx, id: string, body: Json): Promise<Json> {
  const order = await orderAt(ctx, id, body.order_version, "order_version");
  if (order.state !== "OPEN") throw badRequest(`An order in state ${order.state} cannot be paid.`, "order_id", "BAD_REQUEST");
  const payment = {
    id: squareId(),
    status: "COMPLETED",
    amount_money: order.total_money,
    total_money: order.total_money,
    source_type: "CARD",
    location_id: order.location_id,
    order_id: id,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  await putRecord(ctx.db, { id: `payment:${payment.id}`, kind: "payment", merchantId: ctx.merchantId, data: payment });
  const paid: Json = {
    ...order,
    state: "COMPLETED",
    version: order.version + 1,
    updated_at: ctx.now,
    closed_at: ctx.now,
    tenders: [
      {
        id: squareId(),
        location_id: order.location_id,
        transaction_id: id,
        created_at: ctx.now,
        amount_money: order.total_money,
        type: "CARD",
        payment_id: payment.id,
      },
    ],
    net_amount_due_money: { ...order.total_money, amount: 0 },
  };
  const sold = (order.line_items as Json[]).filter((line) => line.catalog_object_id);
  if (sold.length) {
    await applyInventory(
      ctx,
      sold.map((line) => ({
        type: "ADJUSTMENT",
        adjustment: {
          catalog_object_id: line.catalog_object_id,
          location_id: order.location_id,
          from_state: "IN_STOCK",
          to_state: "SOLD",
          quantity: line.quantity,
        },
      })),
    );
  }
  return saveOrder(ctx, paid);
}

/**
 * PUT /v2/orders/{id} (UpdateOrder), as far as a till voids a ticket: an OPEN order set to `state:
 * "CANCELED"` at its `version`. As at Square, a COMPLETED order is not canceled (its money comes back by
 * the Refunds API); the sandbox changes no other field.
 */
async function updateOrder(ctx: Ctx, id: string, body: Json): Promise<Json> {
  const change = (body.order ?? {}) as Json;
  const order = await orderAt(ctx, id, change.version, "order.version");
  if (change.state !== "CANCELED") throw badRequest("The sandbox updates an order's state to CANCELED only.", "order.state");
  if (order.state !== "OPEN") throw badRequest(`An order in state ${order.state} cannot be canceled.`, "order.state", "BAD_REQUEST");
  const canceled: Json = { ...order, state: "CANCELED", version: order.version + 1, updated_at: ctx.now, closed_at: ctx.now };
  return saveOrder(ctx, canceled);
}

/**
 * POST /v2/refunds (RefundPayment): money back on a payment, at most what is left of it. The sandbox
 * completes it at once (Square: PENDING, then COMPLETED) and adds it to the paid order's `refunds[]`;
 * the order's `order.updated` and a `refund.created` are sent.
 */
async function refundPayment(ctx: Ctx, body: Json): Promise<Json> {
  const paymentId = str(body.payment_id, "payment_id")!;
  const payment = await getRecord(ctx.db, `payment:${paymentId}`, "payment");
  if (!payment) throw notFound(`Payment \`${paymentId}\` not found.`);
  const money = body.amount_money as Json | undefined;
  const amount = Number(money?.amount ?? Number.NaN);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw badRequest("amount_money.amount is whole minor units above 0.", "amount_money.amount");
  if (money?.currency !== payment.amount_money.currency)
    throw badRequest("amount_money.currency is the payment's currency.", "amount_money.currency");
  const order = await getRecord(ctx.db, payment.order_id, "order");
  if (!order || order.merchant_id !== ctx.merchantId) throw notFound(`Payment \`${paymentId}\` not found.`);
  const refundedBefore = ((order.refunds ?? []) as Json[]).reduce((sum, each) => sum + Number(each.amount_money.amount), 0);
  if (refundedBefore + amount > Number(payment.amount_money.amount)) {
    throw badRequest("The refund is more than what is left of the payment.", "amount_money.amount", "REFUND_AMOUNT_INVALID");
  }
  const refund = {
    id: `${paymentId}_${squareId().slice(0, 12)}`,
    status: "COMPLETED",
    amount_money: { amount, currency: payment.amount_money.currency },
    payment_id: paymentId,
    order_id: order.id,
    location_id: order.location_id,
    reason: typeof body.reason === "string" ? body.reason.slice(0, 192) : undefined,
    created_at: ctx.now,
    updated_at: ctx.now,
  };
  const tender = ((order.tenders ?? []) as Json[]).find((each) => each.payment_id === paymentId);
  const updated: Json = {
    ...order,
    version: order.version + 1,
    updated_at: ctx.now,
    refunds: [
      ...((order.refunds ?? []) as Json[]),
      {
        id: refund.id,
        location_id: order.location_id,
        transaction_id: order.id,
        tender_id: tender?.id,
        created_at: ctx.now,
        reason: refund.reason ?? "",
        amount_money: refund.amount_money,
        status: "COMPLETED",
      },
    ],
  };
  ctx.events.push(event(ctx.merchantId, "refund.created", { type: "refund", id: refund.id, object: { refund } }, ctx.now));
  await saveOrder(ctx, updated);
  return { refund };
}

// ---- OAuth ----

const TOKEN_LIFETIME_MS = 30 * 24 * 3600_000;

async function issueTokens(ctx: Ctx, merchantId: string) {
  const accessToken = `EAAA${randomBytes(30).toString("base64url")}`;
  const refreshToken = `EQAA${randomBytes(30).toString("base64url")}`;
  const expiresAt = new Date(Date.parse(ctx.now) + TOKEN_LIFETIME_MS).toISOString().replace(/\.\d+Z$/, "Z");
  await putRecord(ctx.db, {
    id: `token:${accessToken}`,
    kind: "token",
    merchantId,
    data: { merchant_id: merchantId, expires_at: expiresAt },
  });
  await putRecord(ctx.db, { id: `refresh:${refreshToken}`, kind: "refresh", merchantId, data: { merchant_id: merchantId } });
  return {
    access_token: accessToken,
    token_type: "bearer",
    expires_at: expiresAt,
    merchant_id: merchantId,
    refresh_token: refreshToken,
    short_lived: false,
  };
}

async function token(ctx: Ctx, body: Json): Promise<Json> {
  if (body.client_id !== SANDBOX_APPLICATION.id || body.client_secret !== SANDBOX_APPLICATION.secret) {
    throw unauthorized("Invalid client_id or client_secret.");
  }
  if (body.grant_type === "authorization_code") {
    const code = str(body.code, "code")!;
    const stored = await getRecord(ctx.db, `code:${code}`, "code");
    if (!stored || Date.parse(stored.expires_at) < Date.parse(ctx.now)) throw unauthorized("The authorization code is invalid or expired.");
    await putRecord(ctx.db, {
      id: `code:${code}`,
      kind: "code",
      merchantId: stored.merchant_id,
      data: { ...stored, expires_at: "1970-01-01T00:00:00Z" },
    });
    return issueTokens(ctx, stored.merchant_id);
  }
  if (body.grant_type === "refresh_token") {
    const refresh = str(body.refresh_token, "refresh_token")!;
    const stored = await getRecord(ctx.db, `refresh:${refresh}`, "refresh");
    if (!stored) throw unauthorized("The refresh token is invalid.");
    return issueTokens(ctx, stored.merchant_id);
  }
  throw badRequest("grant_type is authorization_code or refresh_token.", "grant_type");
}

// ---- routes ----

/** Square's `catalog.version.updated`: the catalog changed (its clients read it again from then). */
const catalogChanged = (ctx: Ctx) =>
  ctx.events.push(
    event(
      ctx.merchantId,
      "catalog.version.updated",
      { type: "catalog_version", id: "", object: { catalog_version: { updated_at: ctx.now } } },
      ctx.now,
    ),
  );

const ROUTES: [method: string, pattern: RegExp, handler: Handler][] = [
  [
    "GET",
    /^v2\/locations$/,
    async (ctx) => ({ locations: await Promise.all(SANDBOX_LOCATIONS.map((each) => locationJson(ctx, each.id))) }),
  ],
  ["GET", /^v2\/locations\/([^/]+)$/, async (ctx, _b, [id]) => ({ location: await locationJson(ctx, id!) })],
  [
    "GET",
    /^v2\/catalog\/list$/,
    async (ctx) =>
      listCatalog(ctx.db, ctx.merchantId, {
        types: parseTypes(ctx.url.searchParams.get("types")),
        cursor: cursorOf(ctx.url.searchParams.get("cursor") ?? undefined),
      }),
  ],
  [
    "POST",
    /^v2\/catalog\/search$/,
    async (ctx, body) => {
      const keywords = ((body.query as Json | undefined)?.text_query as Json | undefined)?.keywords as string[] | undefined;
      if (
        keywords !== undefined &&
        (!Array.isArray(keywords) || keywords.length > 3 || keywords.some((word) => typeof word !== "string"))
      ) {
        throw badRequest("keywords: at most 3 words.", "query.text_query.keywords");
      }
      return listCatalog(ctx.db, ctx.merchantId, {
        types: parseTypes(body.object_types as string[] | undefined),
        cursor: cursorOf(body.cursor),
        keywords,
      });
    },
  ],
  [
    "GET",
    /^v2\/catalog\/object\/([^/]+)$/,
    async (ctx, _b, [id]) => {
      const object = await getRecord(ctx.db, id!, "catalog");
      if (!object || object.is_deleted) throw notFound(`Object \`${id}\` not found.`);
      return { object: await present(ctx.db, object) };
    },
  ],
  [
    "DELETE",
    /^v2\/catalog\/object\/([^/]+)$/,
    async (ctx, _b, [id]) => {
      const deleted = await deleteObject(ctx.db, ctx.merchantId, id!, ctx.now);
      catalogChanged(ctx);
      return { deleted_object_ids: deleted, deleted_at: ctx.now };
    },
  ],
  [
    "POST",
    /^v2\/catalog\/object$/,
    async (ctx, body) =>
      idempotent(ctx, body.idempotency_key, async () => {
        const mappings: Json[] = [];
        const saved = await upsertObject(ctx.db, ctx.merchantId, body.object as Json, ctx.now, mappings);
        catalogChanged(ctx);
        return { catalog_object: saved, id_mappings: mappings };
      }),
  ],
  [
    // Square's BatchRetrieveCatalogObjects: the named objects (those not found left out) and, asked, the
    // objects they refer to (a variation's ITEM, with its variations inside).
    "POST",
    /^v2\/catalog\/batch-retrieve$/,
    async (ctx, body) => {
      const ids = body.object_ids as unknown;
      if (!Array.isArray(ids) || ids.length === 0) throw missing("object_ids");
      if (ids.length > 1000 || ids.some((id) => typeof id !== "string")) throw badRequest("1 to 1,000 object ids.", "object_ids");
      const found = (await getRecords(ctx.db, ids as string[], "catalog")).filter((object) => !object.is_deleted);
      const objects = [];
      for (const object of found) objects.push(await present(ctx.db, object));
      if (body.include_related_objects !== true) return { objects };
      const itemIds = [
        ...new Set(
          found
            .filter((object) => object.type === "ITEM_VARIATION")
            .map((object) => (object.item_variation_data as Json).item_id as string),
        ),
      ];
      const related = [];
      for (const item of await getRecords(ctx.db, itemIds, "catalog")) if (!item.is_deleted) related.push(await present(ctx.db, item));
      return { objects, related_objects: related };
    },
  ],
  [
    "POST",
    /^v2\/catalog\/batch-upsert$/,
    async (ctx, body) =>
      idempotent(ctx, body.idempotency_key, async () => {
        const batches = body.batches as Json[] | undefined;
        if (!Array.isArray(batches) || batches.length === 0) throw missing("batches");
        const objects = batches.flatMap((batch) => (Array.isArray(batch?.objects) ? (batch.objects as Json[]) : []));
        if (objects.length === 0 || objects.length > 10_000) throw badRequest("1 to 10,000 objects in all batches.", "batches");
        const mappings: Json[] = [];
        const saved = [];
        for (const object of objects) saved.push(await upsertObject(ctx.db, ctx.merchantId, object, ctx.now, mappings));
        catalogChanged(ctx);
        return { objects: saved, id_mappings: mappings, updated_at: ctx.now };
      }),
  ],
  [
    "POST",
    /^v2\/inventory\/changes\/batch-create$/,
    async (ctx, body) =>
      idempotent(ctx, body.idempotency_key, async () => {
        const counts = await applyInventory(ctx, body.changes as Json[]);
        return { counts, changes: body.changes };
      }),
  ],
  [
    "POST",
    /^v2\/inventory\/counts\/batch-retrieve$/,
    async (ctx, body) => {
      const ids = body.catalog_object_ids as string[] | undefined;
      const locations = body.location_ids as string[] | undefined;
      if (ids !== undefined && (!Array.isArray(ids) || ids.length > 1000))
        throw badRequest("At most 1,000 catalog_object_ids.", "catalog_object_ids");
      const found = await pageOf(ctx, "inventory", body, 100, [...fieldIn("catalog_object_id", ids), ...fieldIn("location_id", locations)]);
      return { counts: found.rows, ...found.more };
    },
  ],
  [
    "POST",
    /^v2\/orders$/,
    async (ctx, body) => idempotent(ctx, body.idempotency_key, async () => ({ order: await createOrder(ctx, (body.order ?? {}) as Json) })),
  ],
  ["GET", /^v2\/orders\/([^/]+)$/, async (ctx, _b, [id]) => ({ order: await orderJson(ctx, id!) })],
  [
    "PUT",
    /^v2\/orders\/([^/]+)$/,
    async (ctx, body, [id]) => idempotent(ctx, body.idempotency_key, async () => ({ order: await updateOrder(ctx, id!, body) })),
  ],
  [
    "POST",
    /^v2\/orders\/search$/,
    async (ctx, body) => {
      const locations = body.location_ids as string[] | undefined;
      if (!Array.isArray(locations) || locations.length === 0 || locations.length > 10)
        throw badRequest("1 to 10 location_ids.", "location_ids");
      for (const id of locations) locationOf(id);
      const states = (((body.query as Json | undefined)?.filter as Json | undefined)?.state_filter as Json | undefined)?.states as
        | string[]
        | undefined;
      const found = await pageOf(ctx, "order", body, 500, [...fieldIn("location_id", locations), ...fieldIn("state", states)]);
      return { orders: found.rows.map(({ merchant_id: _m, ...order }) => order), ...found.more };
    },
  ],
  ["POST", /^v2\/refunds$/, async (ctx, body) => idempotent(ctx, body.idempotency_key, async () => refundPayment(ctx, body))],
  [
    "POST",
    /^v2\/orders\/([^/]+)\/pay$/,
    async (ctx, body, [id]) => idempotent(ctx, body.idempotency_key, async () => ({ order: await payOrder(ctx, id!, body) })),
  ],
];

/** Splits `/sandbox/square/v2/locations` into the root (`/sandbox/square`) and the path after it. */
function locate(pathname: string): { root: string; rest: string } | null {
  const found = /^(.*?)\/((?:v2|oauth2)(?:\/.*)?)$/.exec(pathname.replace(/\/$/, ""));
  return found ? { root: found[1]!, rest: found[2]! } : null;
}

async function callerOf(db: Db, request: Request, now: string): Promise<string> {
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer (\S{1,300})$/.exec(header);
  if (!match) throw unauthorized();
  const stored = await getRecord(db, `token:${match[1]}`, "token");
  if (!stored) throw unauthorized("The access token is not valid.");
  if (Date.parse(stored.expires_at) < Date.parse(now)) {
    throw new SquareSandboxError(401, [
      { category: "AUTHENTICATION_ERROR", code: "ACCESS_TOKEN_EXPIRED", detail: "The access token has expired." },
    ]);
  }
  return stored.merchant_id as string;
}

/** Answers one request to the Square sandbox. */
export async function handleSquareSandbox(request: Request, options: SquareSandboxOptions = {}): Promise<Response> {
  const url = new URL(request.url);
  const now = (options.now ?? new Date()).toISOString();
  const events: SquareEvent[] = [];
  let response: Response;
  try {
    const where = locate(url.pathname);
    if (!where) throw notFound("Unknown path.");
    const db = await getDb();
    await ensureSquareSandbox(db);
    if (where.rest === "oauth2/authorize") return await consentPage(db, request, url, now);
    const body = await readJson(request);
    if (where.rest === "oauth2/token" && request.method === "POST") {
      response = Response.json(await token({ db, merchantId: "", now, events, url, root: where.root }, body));
    } else {
      const route = ROUTES.find(([method, pattern]) => method === request.method && pattern.test(where.rest));
      if (!route) {
        const known = ROUTES.some(([, pattern]) => pattern.test(where.rest));
        throw known
          ? new SquareSandboxError(405, [
              { category: "INVALID_REQUEST_ERROR", code: "METHOD_NOT_ALLOWED", detail: `${request.method} is not allowed here.` },
            ])
          : notFound(`Unknown path \`/${where.rest}\`.`);
      }
      const merchantId = await callerOf(db, request, now);
      const params = (route[1].exec(where.rest) ?? []).slice(1).map((part) => decodeURIComponent(part));
      const answer = await db.transaction((tx) =>
        route[2]({ db: tx as unknown as Db, merchantId, now, events, url, root: where.root }, body, params),
      );
      response = Response.json(answer);
    }
  } catch (error) {
    if (error instanceof SquareSandboxError) return errorResponse(error);
    throw error;
  }
  await send(events);
  return response;
}
