import { createHmac, timingSafeEqual } from "node:crypto";
import { toastConfig } from "../config";
import {
  PosCallFailed,
  type PosCredentials,
  type PosKeys,
  type PosOrder,
  type PosProvider,
  type PosTokens,
  type PosVariation,
} from "../provider";
import { subscribeSandbox } from "./transport";

// Toast (pos.md §1) over its REST API, pointed at TOAST_BASE_URL (default: the sandbox built into the
// app). No OAuth consent: an API client's id and secret log in (`/authentication/v1/authentication/login`,
// TOAST_MACHINE_CLIENT) for a bearer token that lives a day, and every call names its restaurant in the
// Toast-Restaurant-External-ID header. The keys are kept sealed as the connection's refresh token, so
// the token is renewed by logging in again. Menus v2 is read whole (a size-priced item's sizes are its
// Size modifier group's options: each size is a POS variation; a one-price item is its own); sold out is
// the Stock API's OUT_OF_STOCK on the size or on its item. Toast's menus API is read-only: catalogue
// writes (`taproom_to_pos`) are refused. Money is decimal numbers at Toast, minor units here.

/** Renewed when an hour or less is left (Toast's tokens live a day). */
const REFRESH_WITHIN_MS = 3_600_000;
/** Why no catalogue write reaches Toast (decision 101). */
const READ_ONLY = "Toast's menus API is read-only: items and prices change in Toast Web.";
/** The Stock API takes at most this many GUIDs a call. */
const STOCK_BATCH = 100;

// biome-ignore lint/suspicious/noExplicitAny: Toast's JSON, read field by field as Toast documents it
type Json = Record<string, any>;

/** One call to Toast; Toast's ErrorMessage (or no answer, or garbage) becomes PosCallFailed with Toast's words. */
async function call(
  path: string,
  { method = "GET", token, restaurant, body }: { method?: string; token?: string; restaurant?: string; body?: unknown } = {},
): Promise<unknown> {
  const config = toastConfig();
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (restaurant) headers.set("toast-restaurant-external-id", restaurant);
  if (body !== undefined) headers.set("content-type", "application/json");
  let response: Response;
  let text: string;
  try {
    response = await config.fetch(`${config.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    throw new PosCallFailed(`Toast could not be reached: ${error instanceof Error ? error.message : String(error)}`, null);
  }
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw new PosCallFailed(`Toast answered ${response.status} with something that is not JSON.`, 502);
  }
  if (!response.ok) {
    const error = (json ?? {}) as Json;
    const retryAfter = Number(response.headers.get("retry-after") ?? Number.NaN);
    throw new PosCallFailed(
      `Toast answered ${response.status}${error.code ? ` ${error.code}` : ""}: ${error.message ?? response.statusText ?? "no reason given"}`,
      response.status,
      Number.isFinite(retryAfter) ? retryAfter : null,
    );
  }
  return json;
}

const minorOf = (price: unknown): number | null => (typeof price === "number" && Number.isFinite(price) ? Math.round(price * 100) : null);

async function login(clientId: string, clientSecret: string): Promise<PosTokens> {
  const answer = (await call("/authentication/v1/authentication/login", {
    method: "POST",
    body: { clientId, clientSecret, userAccessType: "TOAST_MACHINE_CLIENT" },
  })) as Json | null;
  const token = answer?.token as Json | undefined;
  if (!token?.accessToken) throw new PosCallFailed("Toast answered no access token.", 502);
  return {
    accessToken: String(token.accessToken),
    // The keys themselves renew the token (Toast has no refresh token for machine clients); sealed at rest.
    refreshToken: JSON.stringify({ clientId, clientSecret }),
    expiresAt: new Date(Date.now() + Number(token.expiresIn ?? 86_400) * 1000),
    merchantId: "",
  };
}

/** Every menu item of the menus (nested groups included), once each. */
function menuItemsOf(menus: Json): Json[] {
  const found = new Map<string, Json>();
  const walk = (groups: Json[]) => {
    for (const group of groups ?? []) {
      for (const item of (group.menuItems ?? []) as Json[]) if (!found.has(item.guid)) found.set(item.guid, item);
      walk(group.menuGroups as Json[]);
    }
  };
  for (const menu of (menus.menus ?? []) as Json[]) walk(menu.menuGroups as Json[]);
  return [...found.values()];
}

/** Each item's sellable sizes as POS variations (sold out not yet known). */
function variationsOf(menus: Json): PosVariation[] {
  const groupsByGuid = new Map(
    Object.values((menus.modifierGroupReferences ?? {}) as Record<string, Json>).map((group) => [group.guid, group]),
  );
  const options = (menus.modifierOptionReferences ?? {}) as Record<string, Json>;
  return menuItemsOf(menus).flatMap((item): PosVariation[] => {
    const sizeGroup = item.pricingStrategy === "SIZE_PRICE" ? groupsByGuid.get(item.pricingRules?.sizeSpecificPricingGuid) : undefined;
    if (!sizeGroup) {
      return [
        {
          posItemId: item.guid,
          posVariationId: item.guid,
          name: String(item.name ?? ""),
          variationName: "",
          priceMinor: minorOf(item.price),
          currency: null,
          soldOut: false,
        },
      ];
    }
    return ((sizeGroup.modifierOptionReferences ?? []) as number[]).flatMap((reference) => {
      const option = options[String(reference)];
      if (!option) return [];
      return [
        {
          posItemId: item.guid,
          posVariationId: String(option.guid),
          name: String(item.name ?? ""),
          variationName: String(option.name ?? ""),
          priceMinor: minorOf(option.price),
          currency: null,
          soldOut: false,
        },
      ];
    });
  });
}

/** A size is sold out when it, or its whole item, is OUT_OF_STOCK. */
const withStock = (variations: PosVariation[], out: Set<string>) =>
  variations.map((variation) => ({ ...variation, soldOut: out.has(variation.posVariationId) || out.has(variation.posItemId) }));

async function readMenus({ accessToken, externalLocationId }: PosCredentials): Promise<Json> {
  return ((await call("/menus/v2/menus", { token: accessToken, restaurant: externalLocationId })) ?? {}) as Json;
}

async function updateStock({ accessToken, externalLocationId }: PosCredentials, guids: string[], status: "IN_STOCK" | "OUT_OF_STOCK") {
  for (let start = 0; start < guids.length; start += STOCK_BATCH) {
    await call("/stock/v1/inventory/update", {
      method: "PUT",
      token: accessToken,
      restaurant: externalLocationId,
      body: guids.slice(start, start + STOCK_BATCH).map((guid) => ({ guid, status })),
    });
  }
}

const PAID = new Set(["PAID", "CLOSED"]);

export const toast: PosProvider = {
  name: "toast",
  label: "Toast",
  connectsWith: "keys",
  writesCatalogue: false,

  authorizeUrl: () => null,

  async exchangeCode() {
    throw new PosCallFailed("Toast has no consent page: it connects with its API client's keys.", 400);
  },

  async exchangeKeys({ clientId, clientSecret, locationId }: PosKeys) {
    return { ...(await login(clientId, clientSecret)), merchantId: locationId };
  },

  async refresh(refreshToken) {
    const keys = JSON.parse(refreshToken) as { clientId: string; clientSecret: string };
    return login(keys.clientId, keys.clientSecret);
  },

  refreshDue(expiresAt, now) {
    return expiresAt !== null && expiresAt.getTime() - now.getTime() < REFRESH_WITHIN_MS;
  },

  async locations(accessToken) {
    // The restaurants the client may access (the partners API), each with its currency (the restaurants API).
    const found = [];
    let pageToken: string | null = null;
    do {
      const page = (await call(`/partners/v1/restaurants${pageToken ? `?pageToken=${encodeURIComponent(pageToken)}` : ""}`, {
        token: accessToken,
      })) as Json;
      for (const each of (page.results ?? []) as Json[]) {
        if (each.deleted) continue;
        const guid = String(each.restaurantGuid);
        const restaurant = (await call(`/restaurants/v1/restaurants/${encodeURIComponent(guid)}`, {
          token: accessToken,
          restaurant: guid,
        })) as Json;
        found.push({ id: guid, name: String(each.restaurantName ?? ""), currency: String(restaurant.general?.currencyCode ?? "") });
      }
      pageToken = (page.nextPageToken as string | null) ?? null;
    } while (pageToken);
    return found;
  },

  async readCatalogue(credentials) {
    const variations = variationsOf(await readMenus(credentials));
    const out = (await call("/stock/v1/inventory?status=OUT_OF_STOCK", {
      token: credentials.accessToken,
      restaurant: credentials.externalLocationId,
    })) as Json[];
    return withStock(variations, new Set(out.map((each) => String(each.guid))));
  },

  async readVariations(credentials, variationIds) {
    // A stock message names a size or a whole item: the named ones and every size of a named item.
    const named = new Set(variationIds);
    const variations = variationsOf(await readMenus(credentials)).filter(
      (variation) => named.has(variation.posVariationId) || named.has(variation.posItemId),
    );
    const guids = [...new Set(variations.flatMap((variation) => [variation.posVariationId, variation.posItemId]))];
    const out = new Set<string>();
    for (let start = 0; start < guids.length; start += STOCK_BATCH) {
      const found = (await call("/stock/v1/inventory/search", {
        method: "POST",
        token: credentials.accessToken,
        restaurant: credentials.externalLocationId,
        body: { guids: guids.slice(start, start + STOCK_BATCH) },
      })) as Json[];
      for (const each of found) if (each.status === "OUT_OF_STOCK") out.add(String(each.guid));
    }
    return withStock(variations, out);
  },

  async writeCatalogue() {
    throw new PosCallFailed(READ_ONLY, 405);
  },

  async removeCatalogue() {
    throw new PosCallFailed(READ_ONLY, 405);
  },

  async setSoldOut(credentials, { variationIds, soldOut }) {
    if (variationIds.length === 0) return;
    // Toast's stock update is a status, not a change: sent again it is applied once (no idempotency key needed).
    if (soldOut) return updateStock(credentials, variationIds, "OUT_OF_STOCK");
    // Back in stock: the sizes and their items (an item marked out of stock at the till sells none of its sizes).
    const named = new Set(variationIds);
    const parents = variationsOf(await readMenus(credentials))
      .filter((variation) => named.has(variation.posVariationId))
      .map((variation) => variation.posItemId);
    await updateStock(credentials, [...new Set([...variationIds, ...parents])], "IN_STOCK");
  },

  async readOrder(credentials, orderId) {
    const order = (await call(`/orders/v2/orders/${encodeURIComponent(orderId)}`, {
      token: credentials.accessToken,
      restaurant: credentials.externalLocationId,
    })) as Json | null;
    if (!order?.guid) throw new PosCallFailed(`Toast answered no order ${orderId}.`, 502);
    // A selection's size is its modifier from the item's Size group (read from the menu).
    const sizes = new Set(
      variationsOf(await readMenus(credentials))
        .filter((variation) => variation.posVariationId !== variation.posItemId)
        .map((variation) => variation.posVariationId),
    );
    const checks = ((order.checks ?? []) as Json[]).filter((check) => !check.deleted);
    const payments = checks.flatMap((check) => (check.payments ?? []) as Json[]);
    const state: PosOrder["state"] =
      order.voided || order.deleted
        ? "canceled"
        : checks.length > 0 && checks.every((check) => PAID.has(check.paymentStatus))
          ? "completed"
          : "open";
    const closed = order.closedDate ?? order.paidDate;
    return {
      id: String(order.guid),
      locationId: credentials.externalLocationId,
      state,
      closedAt: closed ? new Date(String(closed)) : null,
      refunded: payments.length > 0 && payments.every((payment) => payment.refundStatus === "FULL"),
      lines: checks
        .filter((check) => !check.voided)
        .flatMap((check) => (check.selections ?? []) as Json[])
        .filter((selection) => !selection.voided)
        .map((selection) => {
          const size = ((selection.modifiers ?? []) as Json[]).find((modifier) => sizes.has(modifier.item?.guid));
          return {
            uid: String(selection.guid),
            variationId: (size?.item?.guid ?? selection.item?.guid ?? null) as string | null,
            quantity: Number(selection.quantity ?? 0),
            // Toast's selection price is the line's (its quantity and modifiers), in the currency's units.
            totalMinor: typeof selection.price === "number" ? Math.round(selection.price * 100) : null,
          };
        }),
    };
  },

  async verifyWebhook({ rawBody, headers }) {
    const given = headers.get("toast-signature");
    if (!given) return null;
    let body: Json;
    try {
      body = JSON.parse(rawBody) as Json;
    } catch {
      return null;
    }
    // Toast's message signing: base64 HMAC-SHA256 of the raw body followed by the message's timestamp.
    const expected = createHmac("sha256", toastConfig().webhookSecret)
      .update(rawBody + String(body?.timestamp ?? ""))
      .digest();
    const received = Buffer.from(given, "base64");
    if (received.length !== expected.length || !timingSafeEqual(received, expected)) return null;
    const details = (body.details ?? {}) as Json;
    const restaurant = String(headers.get("toast-restaurant-external-id") ?? details.restaurantGuid ?? "");
    const eventId = String(body.guid ?? "");
    if (body.eventCategory === "menus") return { eventId, merchantId: restaurant, kind: "catalog" };
    if (body.eventCategory === "stock" && details.itemGuid)
      return { eventId, merchantId: restaurant, kind: "inventory", variationIds: [String(details.itemGuid)], locationIds: [restaurant] };
    if (body.eventType === "order_updated" && details.order?.guid)
      return { eventId, merchantId: restaurant, kind: "order", orderId: String(details.order.guid), locationId: restaurant };
    return { eventId, merchantId: restaurant, kind: "other", type: String(body.eventType ?? "") };
  },

  notificationUrl: () => toastConfig().notificationUrl,

  subscribeSandbox(deliver) {
    const config = toastConfig();
    if (!config.sandbox) return;
    subscribeSandbox(deliver ? { notificationUrl: config.notificationUrl, secret: config.webhookSecret, deliver } : null);
  },
};
