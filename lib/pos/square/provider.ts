import { createHash } from "node:crypto";
import { squareConfig } from "../config";
import { subscribeSandbox } from "./transport";
import {
  type CatalogueVariationWrite,
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
 * call it. `call` loads it before its work runs, so a client made inside a `call` always has it.
 */
let sdk: typeof import("square") | undefined;
async function loadSdk() {
  sdk ??= await import("square");
  return sdk;
}

function sdkClient(token: string | undefined, fetch: typeof globalThis.fetch | undefined) {
  if (!sdk) throw new Error("The Square SDK is loaded by call(): make Square calls inside it.");
  const config = squareConfig();
  return new sdk.SquareClient({
    token: token ?? "",
    baseUrl: config.baseUrl,
    fetch: fetch ?? config.fetch,
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
        first.code ? String(first.code) : null,
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

/** Tries of one catalogue write refused as stale (VERSION_MISMATCH) before it is left to the outbox's backoff. */
const VERSION_TRIES = 3;

/**
 * A size Taproom adds at Square. It tracks inventory, as the till's own sizes do, so an 86 in Taproom (a
 * count of 0) sells it out; the write counts it at once (`countNew`), before Taproom matches it, so no
 * webhook ever reads it sold out for want of a count.
 */
const newVariation = (variation: CatalogueVariationWrite, itemId?: string) => ({
  type: "ITEM_VARIATION" as const,
  id: `#${variation.ref}`,
  presentAtAllLocations: true,
  itemVariationData: {
    ...(itemId ? { itemId } : {}),
    name: variation.name ?? "Regular",
    pricingType: "FIXED_PRICING" as const,
    priceMoney: { amount: BigInt(variation.priceMinor), currency: variation.currency as "USD" },
    trackInventory: true,
  },
});

/** A short digest of `parts`, for idempotency keys that name what a call writes over. */
const digestOf = (parts: string[]) => createHash("sha256").update(parts.join(",")).digest("hex").slice(0, 16);

/** Sold out (a count of 0) or back in stock (RESTOCK_QUANTITY) at a location, as Square's Inventory API takes it. */
const physicalCount = (catalogObjectId: string, locationId: string, soldOut: boolean, occurredAt = new Date().toISOString()) => ({
  type: "PHYSICAL_COUNT" as const,
  physicalCount: {
    catalogObjectId,
    locationId,
    state: "IN_STOCK" as const,
    quantity: soldOut ? "0" : RESTOCK_QUANTITY,
    occurredAt,
  },
});

const sameName = (a: unknown, b: unknown) =>
  String(a ?? "")
    .trim()
    .toLowerCase() ===
  String(b ?? "")
    .trim()
    .toLowerCase();

/**
 * The ITEM as Square has it with Taproom's name and sizes written in (everything else kept as read), or
 * null when it already says what Taproom says. A size new to the item is added under a `#temp` id
 * (`adding`: temp id → ref), unless the item has one of that name already, which is taken (`taken`: ref → id).
 */
function mergeInto(
  item: Json,
  write: CatalogueWrite,
  { adding, taken }: { adding: Record<string, string>; taken: Record<string, string> },
): Json | null {
  const copy = structuredClone(item) as Json;
  copy.itemData = copy.itemData ?? {};
  const data = copy.itemData as Json;
  data.variations = data.variations ?? [];
  const variations = data.variations as Json[];
  let dirty = false;
  if (write.name !== null && data.name !== write.name) {
    data.name = write.name;
    dirty = true;
  }
  // Never taken by name: the write's own matched sizes, and sizes a person matched or the sync suggested (pos.md §3).
  const named = new Set([
    ...write.reserved,
    ...write.variations.flatMap((variation) => (variation.posVariationId ? [variation.posVariationId] : [])),
  ]);
  for (const wanted of write.variations) {
    const found =
      variations.find((variation) => variation.id === wanted.posVariationId) ??
      (wanted.posVariationId === null
        ? variations.find((variation) => !named.has(variation.id) && sameName(variation.itemVariationData?.name, wanted.name))
        : undefined);
    if (!found) {
      if (wanted.posVariationId !== null) continue; // gone at Square: the reconciliation removes its mapping
      const added = newVariation(wanted, String(item.id));
      adding[added.id] = wanted.ref;
      variations.push(added);
      dirty = true;
      continue;
    }
    if (wanted.posVariationId === null) {
      named.add(found.id);
      taken[wanted.ref] = String(found.id);
    }
    found.itemVariationData = found.itemVariationData ?? {};
    const own = found.itemVariationData as Json;
    if (wanted.name !== null && own.name !== wanted.name) {
      own.name = wanted.name;
      dirty = true;
    }
    if (
      own.pricingType !== "FIXED_PRICING" ||
      amountOf(own.priceMoney) !== wanted.priceMinor ||
      own.priceMoney?.currency !== wanted.currency
    ) {
      own.pricingType = "FIXED_PRICING";
      own.priceMoney = { amount: BigInt(wanted.priceMinor), currency: wanted.currency };
      dirty = true;
    }
  }
  return dirty ? copy : null;
}

/**
 * Square as a provider. `fetch` replaces the SDK's way to Square (tests put themselves on the wire:
 * a till racing a write, Square answering 500); by default, the settings' (the sandbox in-process, or the platform's).
 */
export function squareProvider({ fetch }: { fetch?: typeof globalThis.fetch } = {}): PosProvider {
  const client = (token?: string) => sdkClient(token, fetch);

  /** Square's ObtainToken, for a consent's code or a refresh token: the app's keys and the grant. */
  const obtainToken = async (
    grant: { grantType: "authorization_code"; code: string; redirectUri: string } | { grantType: "refresh_token"; refreshToken: string },
  ) => {
    const { applicationId: clientId, applicationSecret: clientSecret } = squareConfig();
    return tokensOf((await call(() => client().oAuth.obtainToken({ clientId, clientSecret, ...grant }))) as Json);
  };

  /**
   * Writes ITEMs at their versions: `build` gets them as Square has them now (those gone left out) and
   * answers what to send (nothing: done). Keyed by the versions written over, so a try repeated after a
   * lost answer is answered once and one after a VERSION_MISMATCH (a till edit between the read and the
   * write) is a new write, read again and built again, a few times before the outbox's backoff takes over.
   */
  const writeAtVersions = async (
    accessToken: string,
    itemIds: string[],
    idempotencyKey: string,
    build: (current: Map<string, Json>) => Json[],
  ): Promise<{ written: number; idMappings: Json[] }> => {
    for (let attempt = 1; ; attempt++) {
      const answer = (await call(() => client(accessToken).catalog.batchGet({ objectIds: itemIds }))) as Json;
      const current = new Map<string, Json>(
        ((answer.objects ?? []) as Json[])
          .filter((object) => object.type === "ITEM" && !object.isDeleted)
          .map((object) => [String(object.id), object]),
      );
      const objects = build(current);
      if (objects.length === 0) return { written: 0, idMappings: [] };
      const over = digestOf(objects.map((object) => `${object.id}@${object.version}`));
      try {
        const written = await call(() =>
          client(accessToken).catalog.batchUpsert({
            idempotencyKey: `${idempotencyKey}-${over}`,
            batches: [{ objects: objects as never }],
          }),
        );
        return { written: objects.length, idMappings: (written.idMappings ?? []) as Json[] };
      } catch (error) {
        if (error instanceof PosCallFailed && error.code === "VERSION_MISMATCH" && attempt < VERSION_TRIES) continue;
        throw error;
      }
    }
  };

  /**
   * Counts the sizes a write created or took, at the connected location, as Taproom has their item: 0 when
   * it is 86'd, else RESTOCK_QUANTITY (as a restore does). Keyed by what it counts: a repeat is applied once.
   */
  const countNew = async (
    { accessToken, externalLocationId }: PosCredentials,
    counted: { id: string; soldOut: boolean }[],
    key: string,
  ) => {
    for (let start = 0; start < counted.length; start += 100) {
      const chunk = counted.slice(start, start + 100);
      await call(() =>
        client(accessToken).inventory.batchCreateChanges({
          idempotencyKey: `${key}-count-${digestOf(chunk.map((each) => `${each.id}:${each.soldOut}`))}`,
          changes: chunk.map(({ id, soldOut }) => physicalCount(id, externalLocationId, soldOut)),
          ignoreUnchangedCounts: false,
        }),
      );
    }
  };

  return {
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

    exchangeCode: ({ code, redirectUri }) => obtainToken({ code, grantType: "authorization_code", redirectUri }),

    async exchangeKeys() {
      // Square's way in is OAuth (its consent page): typed keys are refused before this is reached.
      throw new PosCallFailed("Square connects through its consent page, not with keys.", 400);
    },

    refresh: (refreshToken) => obtainToken({ refreshToken, grantType: "refresh_token" }),

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

    async writeCatalogue(credentials, writes, idempotencyKey) {
      const { accessToken } = credentials;
      const created: Record<string, string> = {};
      let changed = 0;
      const soldOutOf = new Map(writes.flatMap((write) => write.variations.map((variation) => [variation.ref, variation.soldOut])));
      // New items in one call whose key is the same on every try: a lost answer is answered again, never created twice.
      const fresh = writes.filter((write) => write.posItemId === null);
      if (fresh.length > 0) {
        const objects = fresh.map((write) => ({
          type: "ITEM" as const,
          id: `#${write.ref}`,
          presentAtAllLocations: true,
          itemData: { name: write.name ?? "", variations: write.variations.map((variation) => newVariation(variation)) },
        }));
        const answer = await call(() =>
          client(accessToken).catalog.batchUpsert({ idempotencyKey: `${idempotencyKey}-new`, batches: [{ objects }] }),
        );
        for (const mapping of answer.idMappings ?? []) created[String(mapping.clientObjectId).slice(1)] = String(mapping.objectId);
        changed += objects.length;
      }
      // An upsert replaces the whole object: each ITEM is read as it is now (its variations inside) and
      // sent back at its version with only Taproom's fields changed. Gone at Square: the reconciliation
      // removes its mappings.
      const existing = writes.filter((write) => write.posItemId !== null);
      let adding: Record<string, string> = {};
      let taken: Record<string, string> = {};
      if (existing.length > 0) {
        const { written, idMappings } = await writeAtVersions(
          accessToken,
          existing.map((write) => write.posItemId!),
          idempotencyKey,
          (current) => {
            adding = {};
            taken = {};
            return existing.flatMap((write) => {
              const item = current.get(write.posItemId!);
              const merged = item ? mergeInto(item, write, { adding, taken }) : null;
              return merged ? [merged] : [];
            });
          },
        );
        Object.assign(created, taken);
        for (const mapping of idMappings) {
          const ref = adding[String(mapping.clientObjectId)];
          if (ref) created[ref] = String(mapping.objectId);
        }
        changed += written;
      }
      // Every size now Taproom's is counted before Taproom matches it (see newVariation).
      const counted = Object.entries(created)
        .filter(([ref]) => soldOutOf.has(ref))
        .map(([ref, id]) => ({ id, soldOut: soldOutOf.get(ref)! }));
      if (counted.length > 0) await countNew(credentials, counted, idempotencyKey);
      return { created, changed };
    },

    async removeCatalogue(credentials, { posItemId, posVariationIds }, idempotencyKey) {
      const gone = new Set(posVariationIds ?? []);
      let whole = posVariationIds === null;
      if (!whole)
        await writeAtVersions(credentials.accessToken, [posItemId], idempotencyKey, (current) => {
          const item = current.get(posItemId);
          if (!item) return [];
          const variations = ((item.itemData?.variations ?? []) as Json[]).filter((variation) => !gone.has(String(variation.id)));
          // The item's last sizes: the item goes (Square shows no item without a variation).
          if (variations.length === 0) whole = true;
          if (whole || variations.length === (item.itemData?.variations ?? []).length) return [];
          return [{ ...item, itemData: { ...item.itemData, variations } }];
        });
      if (!whole) return;
      try {
        // Square's DeleteCatalogObject: the ITEM and its variations (it takes no idempotency key; a repeat finds nothing).
        await call(() => client(credentials.accessToken).catalog.object.delete({ objectId: posItemId }));
      } catch (error) {
        if (!(error instanceof PosCallFailed && error.status === 404)) throw error;
      }
    },

    async setSoldOut({ accessToken, externalLocationId }, { variationIds, soldOut, idempotencyKey }) {
      if (variationIds.length === 0) return;
      const occurredAt = new Date().toISOString();
      await call(() =>
        client(accessToken).inventory.batchCreateChanges({
          idempotencyKey,
          changes: variationIds.map((catalogObjectId) => physicalCount(catalogObjectId, externalLocationId, soldOut, occurredAt)),
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
          totalMinor: amountOf(line.totalMoney),
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
      subscribeSandbox(deliver ? { notificationUrl: config.notificationUrl, secret: config.signatureKey, deliver } : null);
    },
  };
}

export const square: PosProvider = squareProvider();

export type { PosCredentials };
