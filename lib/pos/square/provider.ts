import { squareConfig } from "../config";
import { subscribeSandbox } from "./transport";
import {
  type CatalogueWrite,
  PosCallFailed,
  type PosCredentials,
  type PosOrder,
  type PosProvider,
  type PosTokens,
  type PosVariation,
} from "../provider";

// Square (pos.md §1) through Square's own Node SDK, pointed at SQUARE_BASE_URL (default: the sandbox
// built into the app). Catalog: ITEMs with their ITEM_VARIATIONs; sold out is a variation's read-only
// `location_overrides[].sold_out`, so Taproom sells out and restocks through the Inventory API
// (a PHYSICAL_COUNT of 0, or of RESTOCK_QUANTITY). Webhooks: `x-square-hmacsha256-signature`.

/** The count a restore in Taproom sets at Square: "plenty", as a bar does not count pints (decision 082). */
export const RESTOCK_QUANTITY = "1000";
const SCOPES = "ITEMS_READ ITEMS_WRITE INVENTORY_READ INVENTORY_WRITE ORDERS_READ MERCHANT_PROFILE_READ";
/** Square's access tokens live 30 days; refreshed when a week or less is left, as Square advises. */
const REFRESH_WITHIN_MS = 7 * 24 * 3600_000;

// biome-ignore lint/suspicious/noExplicitAny: Square's JSON, read field by field as Square documents it
type Json = Record<string, any>;

/**
 * The SDK, loaded on the first call to Square: importing it takes most of a second, and most processes
 * (every instance of a venue with no Square connection, every test file that never rings a till) never
 * call it. `call` loads it before its work runs, so `client()` inside a `call` always has it.
 */
let sdk: typeof import("square") | undefined;
async function loadSdk() {
  sdk ??= await import("square");
  return sdk;
}

function client(token?: string) {
  if (!sdk) throw new Error("The Square SDK is loaded by call(): make Square calls inside it.");
  const config = squareConfig();
  return new sdk.SquareClient({
    token: token ?? "",
    baseUrl: config.baseUrl,
    fetch: config.fetch,
    timeoutInSeconds: config.timeoutMs / 1000,
    maxRetries: 0,
  });
}

/** Runs one SDK call; Square's errors become PosCallFailed with Square's own words. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  const { SquareError } = await loadSdk();
  try {
    return await work();
  } catch (error) {
    if (error instanceof SquareError) {
      const first = (error.errors?.[0] ?? {}) as Json;
      const retryAfter = Number(error.rawResponse?.headers?.get?.("retry-after") ?? Number.NaN);
      throw new PosCallFailed(
        `Square answered ${error.statusCode ?? "?"}${first.code ? ` ${first.code}` : ""}: ${first.detail ?? error.message}`,
        error.statusCode ?? null,
        Number.isFinite(retryAfter) ? retryAfter : null,
      );
    }
    throw new PosCallFailed(`Square could not be reached: ${error instanceof Error ? error.message : String(error)}`, null);
  }
}

const tokensOf = (data: Json): PosTokens => {
  if (!data.access_token && !data.accessToken) throw new PosCallFailed("Square answered no access token.", 502);
  return {
    accessToken: String(data.accessToken ?? data.access_token),
    refreshToken: (data.refreshToken ?? data.refresh_token ?? null) as string | null,
    expiresAt: (data.expiresAt ?? data.expires_at) ? new Date(String(data.expiresAt ?? data.expires_at)) : null,
    merchantId: String(data.merchantId ?? data.merchant_id ?? ""),
  };
};

const amountOf = (money: Json | undefined): number | null =>
  money?.amount === undefined || money.amount === null ? null : Number(money.amount);

function variationsOf(item: Json, locationId: string): PosVariation[] {
  const data = (item.itemData ?? {}) as Json;
  return ((data.variations ?? []) as Json[])
    .filter((variation) => !variation.isDeleted)
    .map((variation) => {
      const own = (variation.itemVariationData ?? {}) as Json;
      const override = ((own.locationOverrides ?? []) as Json[]).find((each) => each.locationId === locationId);
      return {
        posItemId: String(item.id),
        posVariationId: String(variation.id),
        name: String(data.name ?? ""),
        variationName: String(own.name ?? ""),
        priceMinor: amountOf(own.priceMoney),
        currency: (own.priceMoney?.currency as string | undefined) ?? null,
        soldOut: override?.soldOut === true,
      };
    });
}

/**
 * Whether the order's completed refunds add up to its whole total (Square's `refunds[]` on the order,
 * written by the Refunds API). A partial refund is money back, not a drink named: it takes nothing back.
 */
function refundedInFull(order: Json): boolean {
  const total = amountOf(order.totalMoney);
  const refunds = ((order.refunds ?? []) as Json[]).filter((refund) => refund.status === "COMPLETED" || refund.status === "APPROVED");
  if (!total || refunds.length === 0) return false;
  return refunds.reduce((sum, refund) => sum + (amountOf(refund.amountMoney) ?? 0), 0) >= total;
}

const ORDER_STATES: Record<string, PosOrder["state"]> = { OPEN: "open", COMPLETED: "completed", CANCELED: "canceled", DRAFT: "open" };

export const square: PosProvider = {
  name: "square",
  label: "Square",
  connectsWith: "oauth",
  writesCatalogue: true,

  authorizeUrl({ state, redirectUri }) {
    const config = squareConfig();
    const url = new URL(`${config.browserBaseUrl}/oauth2/authorize`);
    url.searchParams.set("client_id", config.applicationId);
    url.searchParams.set("scope", SCOPES);
    url.searchParams.set("session", "false");
    url.searchParams.set("state", state);
    if (config.sandbox) url.searchParams.set("redirect_uri", redirectUri);
    return url.toString();
  },

  async exchangeCode({ code, redirectUri }) {
    const config = squareConfig();
    const answer = await call(() =>
      client().oAuth.obtainToken({
        clientId: config.applicationId,
        clientSecret: config.applicationSecret,
        code,
        grantType: "authorization_code",
        redirectUri,
      }),
    );
    return tokensOf(answer as Json);
  },

  async exchangeKeys() {
    // Square's way in is OAuth (its consent page): typed keys are refused before this is reached.
    throw new PosCallFailed("Square connects through its consent page, not with keys.", 400);
  },

  async refresh(refreshToken) {
    const config = squareConfig();
    const answer = await call(() =>
      client().oAuth.obtainToken({
        clientId: config.applicationId,
        clientSecret: config.applicationSecret,
        refreshToken,
        grantType: "refresh_token",
      }),
    );
    return tokensOf(answer as Json);
  },

  refreshDue(expiresAt, now) {
    return expiresAt !== null && expiresAt.getTime() - now.getTime() < REFRESH_WITHIN_MS;
  },

  async locations(accessToken) {
    const answer = (await call(() => client(accessToken).locations.list())) as Json;
    return ((answer.locations ?? []) as Json[])
      .filter((location) => location.status !== "INACTIVE")
      .map((location) => ({ id: String(location.id), name: String(location.name ?? ""), currency: String(location.currency ?? "") }));
  },

  async readCatalogue({ accessToken, externalLocationId }) {
    const pages = await call(() => client(accessToken).catalog.list({ types: "ITEM" }));
    const found: PosVariation[] = [];
    await call(async () => {
      for await (const object of pages) {
        const item = object as Json;
        if (item.type !== "ITEM" || item.isDeleted) continue;
        const presentAt =
          item.presentAtAllLocations !== false || ((item.presentAtLocationIds ?? []) as string[]).includes(externalLocationId);
        if (presentAt) found.push(...variationsOf(item, externalLocationId));
      }
    });
    return found;
  },

  async readVariations({ accessToken, externalLocationId }, variationIds) {
    const named = new Set(variationIds);
    const found: PosVariation[] = [];
    // Square takes at most 1,000 ids a call; a webhook names a few. Each variation's ITEM comes as a
    // related object, read as the whole catalogue's are.
    for (let start = 0; start < variationIds.length; start += 1000) {
      const answer = (await call(() =>
        client(accessToken).catalog.batchGet({ objectIds: variationIds.slice(start, start + 1000), includeRelatedObjects: true }),
      )) as Json;
      for (const item of (answer.relatedObjects ?? []) as Json[]) {
        if (item.type !== "ITEM" || item.isDeleted) continue;
        const presentAt =
          item.presentAtAllLocations !== false || ((item.presentAtLocationIds ?? []) as string[]).includes(externalLocationId);
        if (presentAt) found.push(...variationsOf(item, externalLocationId).filter((variation) => named.has(variation.posVariationId)));
      }
    }
    return found;
  },

  async writeCatalogue({ accessToken }, writes: CatalogueWrite[], idempotencyKey) {
    if (writes.length === 0) return;
    const objects = writes.map((write, index) => ({
      type: "ITEM_VARIATION" as const,
      id: write.posVariationId ?? `#taproom-${index}`,
      itemVariationData: {
        itemId: write.posItemId ?? undefined,
        name: write.variationName,
        pricingType: "FIXED_PRICING" as const,
        priceMoney: { amount: BigInt(write.priceMinor), currency: write.currency as "USD" },
      },
    }));
    await call(() => client(accessToken).catalog.batchUpsert({ idempotencyKey, batches: [{ objects }] }));
  },

  async setSoldOut({ accessToken, externalLocationId }, { variationIds, soldOut, idempotencyKey }) {
    if (variationIds.length === 0) return;
    const occurredAt = new Date().toISOString();
    await call(() =>
      client(accessToken).inventory.batchCreateChanges({
        idempotencyKey,
        changes: variationIds.map((catalogObjectId) => ({
          type: "PHYSICAL_COUNT" as const,
          physicalCount: {
            catalogObjectId,
            locationId: externalLocationId,
            state: "IN_STOCK" as const,
            quantity: soldOut ? "0" : RESTOCK_QUANTITY,
            occurredAt,
          },
        })),
        ignoreUnchangedCounts: false,
      }),
    );
  },

  async readOrder({ accessToken }, orderId) {
    const answer = (await call(() => client(accessToken).orders.get({ orderId }))) as Json;
    const order = answer.order as Json | undefined;
    if (!order) throw new PosCallFailed(`Square answered no order ${orderId}.`, 502);
    return {
      id: String(order.id),
      locationId: String(order.locationId),
      state: ORDER_STATES[String(order.state)] ?? "open",
      closedAt: order.closedAt ? new Date(String(order.closedAt)) : null,
      refunded: refundedInFull(order),
      lines: ((order.lineItems ?? []) as Json[]).map((line) => ({
        uid: String(line.uid),
        variationId: (line.catalogObjectId as string | undefined) ?? null,
        quantity: Number(line.quantity),
      })),
    };
  },

  async verifyWebhook({ rawBody, headers, notificationUrl }) {
    const signatureHeader = headers.get("x-square-hmacsha256-signature");
    if (!signatureHeader) return null;
    const { WebhooksHelper } = await loadSdk();
    const valid = await WebhooksHelper.verifySignature({
      requestBody: rawBody,
      signatureHeader,
      signatureKey: squareConfig().signatureKey,
      notificationUrl,
    });
    if (!valid) return null;
    let body: Json;
    try {
      body = JSON.parse(rawBody) as Json;
    } catch {
      return { eventId: "", merchantId: "", kind: "other", type: "garbage" };
    }
    const eventId = String(body.event_id ?? "");
    const merchantId = String(body.merchant_id ?? "");
    const type = String(body.type ?? "");
    const object = ((body.data as Json | undefined)?.object ?? {}) as Json;
    if (type === "catalog.version.updated") return { eventId, merchantId, kind: "catalog" };
    if (type === "inventory.count.updated") {
      const counts = (object.inventory_counts ?? []) as Json[];
      return {
        eventId,
        merchantId,
        kind: "inventory",
        variationIds: [...new Set(counts.map((count) => String(count.catalog_object_id)))],
        locationIds: [...new Set(counts.map((count) => String(count.location_id)))],
      };
    }
    if (type === "order.created" || type === "order.updated") {
      const inner = (object.order_created ?? object.order_updated ?? {}) as Json;
      return {
        eventId,
        merchantId,
        kind: "order",
        orderId: String(inner.order_id ?? (body.data as Json).id ?? ""),
        locationId: (inner.location_id as string) ?? null,
      };
    }
    return { eventId, merchantId, kind: "other", type };
  },

  notificationUrl: () => squareConfig().notificationUrl,

  subscribeSandbox(deliver) {
    const config = squareConfig();
    if (!config.sandbox) return;
    subscribeSandbox(deliver ? { notificationUrl: config.notificationUrl, signatureKey: config.signatureKey, deliver } : null);
  },
};

export type { PosCredentials };
