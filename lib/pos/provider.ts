// POS sync (pos.md §1): every provider is one module behind this interface, and `providers.ts` lists
// them. Nothing outside a provider's module knows its paths, shapes or signatures: Square's is
// `square/`, Toast's `toast/`; a third (Clover) is one new module and its sandbox.

/** What a provider needs to act for one connection: its tokens and the POS location (Square's location, Toast's restaurant). */
export type PosCredentials = { accessToken: string; externalLocationId: string };

export type PosTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; merchantId: string };

export type PosLocation = { id: string; name: string; currency: string };

/** The keys a person types to connect a provider that has no consent page (Toast's API client and restaurant). */
export type PosKeys = { clientId: string; clientSecret: string; locationId: string };

/** A signed event as the provider's sandbox sends it to the app's webhook URL. */
export type SandboxNotification = { body: string; headers: Headers };

/** One sellable size at the POS: Square's ITEM_VARIATION under its ITEM. Money in integer minor units. */
export type PosVariation = {
  posItemId: string;
  posVariationId: string;
  name: string;
  variationName: string;
  priceMinor: number | null;
  currency: string | null;
  /** Sold out at the connected POS location (Square: location_overrides[].sold_out). */
  soldOut: boolean;
};

/** A line of an order: `totalMinor` is what the till charged for it (its quantity, after discounts), in minor units; null when the POS does not say. */
export type PosOrderLine = { uid: string; variationId: string | null; quantity: number; totalMinor: number | null };
export type PosOrder = {
  id: string;
  locationId: string;
  state: "open" | "completed" | "canceled";
  /** When it was paid or closed, as the POS says; null while open. */
  closedAt: Date | null;
  /** Refunded in full (Square: its completed refunds add up to its total): its lines are taken back. */
  refunded: boolean;
  lines: PosOrderLine[];
};

/** A webhook the provider signed, as the app needs it: what changed (the API says what it is now). */
export type PosEvent =
  | { eventId: string; merchantId: string; kind: "catalog" }
  | { eventId: string; merchantId: string; kind: "inventory"; variationIds: string[]; locationIds: string[] }
  | { eventId: string; merchantId: string; kind: "order"; orderId: string; locationId: string | null }
  | { eventId: string; merchantId: string; kind: "other"; type: string };

/**
 * Taproom's catalogue for one POS item (`taproom_to_pos`): what Taproom owns of it, its name and its
 * sizes' names and prices (money in integer minor units). The provider keeps everything else the POS has.
 */
export type CatalogueWrite = {
  /** The POS item; null: a new one. */
  posItemId: string | null;
  /** Taproom's key for it (unique in one call): what the write creates is answered by it. */
  ref: string;
  /** The item's name; null keeps the POS's (a POS item two Taproom items are matched to has no one name). */
  name: string | null;
  variations: CatalogueVariationWrite[];
  /** Variations of the POS item a person matched or the sync suggested: a new size never takes one by its name. */
  reserved: string[];
};
export type CatalogueVariationWrite = {
  /** The POS variation; null: a new size of the item. */
  posVariationId: string | null;
  ref: string;
  /** The size's name; null keeps the POS's. */
  name: string | null;
  priceMinor: number;
  currency: string;
  /** Whether Taproom has the item 86'd: a size the write creates (or takes) is counted sold out, else in stock. */
  soldOut: boolean;
};
/** A POS item's variations deleted in Taproom, or (`posVariationIds` null) the whole POS item. */
export type CatalogueRemoval = { posItemId: string; posVariationIds: string[] | null };
/** What a catalogue write did: the POS's ids of what it created, by `ref`, and how many POS items it changed. */
export type CatalogueWritten = { created: Record<string, string>; changed: number };

export type PosProvider = {
  readonly name: "square" | "toast";
  /** The provider's name as people read it (the feed's actor for a change from the POS). */
  readonly label: string;
  /**
   * How a person connects: `oauth` (pending until the consent's callback: `authorizeUrl`, `exchangeCode`),
   * or `keys` (the create body's client id, secret and location, exchanged at once: `exchangeKeys`).
   */
  readonly connectsWith: "oauth" | "keys";
  /** Whether the POS's API takes catalogue writes (`taproom_to_pos`); Toast's menus API is read-only. */
  readonly writesCatalogue: boolean;
  /** Where the person consents (OAuth), or null when the provider connects with keys at once. */
  authorizeUrl(input: { state: string; redirectUri: string }): string | null;
  /** The code from the consent's callback exchanged for tokens. */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<PosTokens>;
  /** The keys a person typed exchanged for tokens (PosCallFailed 401/403 when the POS refuses them). */
  exchangeKeys(keys: PosKeys): Promise<PosTokens>;
  /** Tokens renewed: by the refresh token (OAuth), or by the kept keys (`keys`, sealed as the refresh token). */
  refresh(refreshToken: string): Promise<PosTokens>;
  /** Whether tokens that expire at `expiresAt` should be refreshed now. */
  refreshDue(expiresAt: Date | null, now: Date): boolean;
  locations(accessToken: string): Promise<PosLocation[]>;
  readCatalogue(credentials: PosCredentials): Promise<PosVariation[]>;
  /** What the named variations are now (those gone or not at the connected location left out): a webhook's few. */
  readVariations(credentials: PosCredentials, variationIds: string[]): Promise<PosVariation[]>;
  /**
   * Taproom's names and prices written to the POS: each item read as it is now, only what Taproom owns
   * changed, the rest kept; a write the POS refuses as stale is read again and retried (a few times).
   * `idempotencyKey` is the outbox row's: a repeated write after a lost answer is applied once.
   */
  writeCatalogue(credentials: PosCredentials, writes: CatalogueWrite[], idempotencyKey: string): Promise<CatalogueWritten>;
  /**
   * Deletes at the POS what Taproom deleted: variations (their item written without them; the item deleted
   * when none is left) or a whole item. What is already gone is done. Retried as `writeCatalogue` is.
   */
  removeCatalogue(credentials: PosCredentials, removal: CatalogueRemoval, idempotencyKey: string): Promise<void>;
  setSoldOut(credentials: PosCredentials, input: { variationIds: string[]; soldOut: boolean; idempotencyKey: string }): Promise<void>;
  readOrder(credentials: PosCredentials, orderId: string): Promise<PosOrder>;
  /** Checks the signature over the raw body; null when it is bad or missing (→ 401), else the event. */
  verifyWebhook(input: { rawBody: string; headers: Headers; notificationUrl: string }): Promise<PosEvent | null>;
  /** This app's webhook URL for the provider (what its subscription names; Square signs it too). */
  notificationUrl(): string;
  /** While the built-in sandbox is the provider, where it sends its signed events (null: nowhere); else nothing. */
  subscribeSandbox(deliver: ((notification: SandboxNotification) => Promise<unknown>) | null): void;
};

/** A call to the POS that failed: the message is what the connection's `last_error` shows. */
export class PosCallFailed extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterSeconds: number | null = null,
    /** The POS's own error code (Square's `errors[0].code`), when it gave one. */
    readonly code: string | null = null,
  ) {
    super(message);
  }
}
