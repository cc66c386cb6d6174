import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, numeric, pgTable, primaryKey, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";
import { containers, items } from "./menus";
import { kegs, pours, taps } from "./taps";
import { locations } from "./venues";

// POS sync (pos.md): a location's connection to its point of sale, the POS's variations matched to
// containers, the webhook events seen (each applied once), and the sold-out changes owed to the POS.

export type PosProviderName = "square" | "toast";
export type PosDirection = "pos_to_taproom" | "taproom_to_pos" | "prices_from_pos";
export type PosStatus = "pending" | "connected" | "error" | "disconnected";

export const posConnections = pgTable(
  "pos_connections",
  {
    id: id(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    provider: text().$type<PosProviderName>().notNull(),
    status: text().$type<PosStatus>().notNull(),
    direction: text().$type<PosDirection>().notNull().default("pos_to_taproom"),
    /** The POS's location (Square's location id); null until connected when none was named. */
    externalLocationId: text("external_location_id"),
    /** The POS's account (Square's merchant_id): webhooks name it. */
    merchantId: text("merchant_id"),
    /** The OAuth `state` in flight (its SHA-256), until the callback uses it. */
    stateHash: text("state_hash"),
    /** Tokens sealed with AES-GCM under APP_SECRET (lib/auth/tokens.ts). */
    accessTokenEncrypted: text("access_token_encrypted"),
    refreshTokenEncrypted: text("refresh_token_encrypted"),
    tokenExpiresAt: stamp("token_expires_at"),
    lastSyncAt: stamp("last_sync_at"),
    lastError: text("last_error"),
    /** When the scheduled reconciliation is next due (lib/pos/reconcile.ts); null: at its next pass. */
    reconcileDueAt: stamp("reconcile_due_at"),
    /** The reconciliation in progress on one instance holds the connection until then (its lease). */
    reconcileLeasedUntil: stamp("reconcile_leased_until"),
    reconcileLeaseToken: text("reconcile_lease_token"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("pos_connections_location_provider_key").on(t.locationId, t.provider),
    index("pos_connections_merchant_idx").on(t.provider, t.merchantId),
    check("pos_connections_provider", sql`${t.provider} in ('square', 'toast')`),
    check("pos_connections_status", sql`${t.status} in ('pending', 'connected', 'error', 'disconnected')`),
    check("pos_connections_direction", sql`${t.direction} in ('pos_to_taproom', 'taproom_to_pos', 'prices_from_pos')`),
  ],
);

export const posMappings = pgTable(
  "pos_mappings",
  {
    connectionId: integer("connection_id")
      .notNull()
      .references(() => posConnections.id, { onDelete: "cascade" }),
    posVariationId: text("pos_variation_id").notNull(),
    posItemId: text("pos_item_id").notNull(),
    posName: text("pos_name").notNull(),
    posVariationName: text("pos_variation_name").notNull(),
    /** Integer minor units (cents) in the POS's currency, as the POS writes money; null: variable price. */
    posPriceMinor: bigint("pos_price_minor", { mode: "number" }),
    /** Whether the POS says the variation is sold out at the connected location. */
    soldOut: boolean("sold_out").notNull().default(false),
    itemId: integer("item_id").references(() => items.id, { onDelete: "set null" }),
    containerId: integer("container_id").references(() => containers.id, { onDelete: "set null" }),
    /** matched: a person confirmed it (or the sync created the item); suggested: by name and size, unconfirmed. */
    status: text().$type<"matched" | "suggested" | "unmatched">().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.posVariationId] }),
    index("pos_mappings_item_idx").on(t.itemId),
    check("pos_mappings_status", sql`${t.status} in ('matched', 'suggested', 'unmatched')`),
  ],
);

/** Webhook events seen, by the provider's event id: a repeat is answered 200 and not applied again. */
export const posEvents = pgTable(
  "pos_events",
  {
    provider: text().notNull(),
    eventId: text("event_id").notNull(),
    type: text().notNull(),
    receivedAt: stamp("received_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] }), index("pos_events_received_idx").on(t.receivedAt)],
);

/**
 * What is owed to the POS, written by triggers in the transaction of the change: `sold_out`, an 86 or
 * restore in Taproom (migration 0035); `catalogue`, an item's name or a container's size or price in
 * `taproom_to_pos` (migration 0041), sent as the item is when it goes; `removal`, a container or item
 * deleted in `taproom_to_pos` (migration 0043): its POS variation, or its whole POS item, to delete. Claimed
 * with SKIP LOCKED under a lease, retried with backoff (lib/pos/outbound.ts).
 */
export const posOutbox = pgTable(
  "pos_outbox",
  {
    id: id(),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => posConnections.id, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull(),
    kind: text().$type<"sold_out" | "catalogue" | "removal">().notNull().default("sold_out"),
    /** What a `sold_out` row sends; null on the other kinds. */
    soldOut: boolean("sold_out"),
    /** What a `removal` row deletes at the POS: a variation of this POS item, or (no variation) the whole item. */
    posItemId: text("pos_item_id"),
    posVariationId: text("pos_variation_id"),
    /** The provider's idempotency key: a retry after a lost answer is applied once. */
    idempotencyKey: text("idempotency_key").notNull(),
    attempts: smallint().notNull().default(0),
    nextAttemptAt: stamp("next_attempt_at").notNull().defaultNow(),
    doneAt: stamp("done_at"),
    lastError: text("last_error"),
    /** The worker sending it holds it until then; its token guards every write of that worker. */
    leasedUntil: stamp("leased_until"),
    leaseToken: text("lease_token"),
    ...timestamps,
  },
  (t) => [
    index("pos_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.doneAt} is null`),
    index("pos_outbox_item_idx").on(t.connectionId, t.itemId).where(sql`${t.doneAt} is null`),
    check(
      "pos_outbox_kind",
      sql`(${t.kind} = 'sold_out') = (${t.soldOut} is not null) and (${t.kind} = 'removal') = (${t.posItemId} is not null) and ${t.kind} in ('sold_out', 'catalogue', 'removal')`,
    ),
  ],
);

/**
 * Order lines sold at the POS and counted on a keg (pos.md §5, decision 090): one row per (connection,
 * order, line uid), so a webhook replayed or sent twice counts a line once, and its refund or void
 * takes it back once (`returned_at`). `pour_id` is the pour that lowered the keg; null where the tap
 * has a meter, whose pours are the level (the sale is then kept only as `sold_ml`). The connection id
 * is not a foreign key: disconnecting keeps what was sold.
 */
export const posSales = pgTable(
  "pos_sales",
  {
    id: id(),
    connectionId: integer("connection_id").notNull(),
    orderId: text("order_id").notNull(),
    lineUid: text("line_uid").notNull(),
    tapId: integer("tap_id")
      .notNull()
      .references(() => taps.id, { onDelete: "cascade" }),
    kegId: integer("keg_id")
      .notNull()
      .references(() => kegs.id, { onDelete: "cascade" }),
    itemId: integer("item_id").references(() => items.id, { onDelete: "set null" }),
    pourId: bigint("pour_id", { mode: "number" }).references(() => pours.id, { onDelete: "set null" }),
    volumeMl: numeric("volume_ml", { precision: 10, scale: 3 }).notNull(),
    /** What the till charged for the line, in the location currency's minor units; null when the POS did not say (the pour report then prices the servings). */
    saleMinor: bigint("sale_minor", { mode: "number" }),
    soldAt: stamp("sold_at").notNull(),
    returnedAt: stamp("returned_at"),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pos_sales_line_key").on(t.connectionId, t.orderId, t.lineUid),
    index("pos_sales_keg_sold_idx").on(t.kegId, t.soldAt),
    check("pos_sales_volume_positive", sql`${t.volumeMl} > 0`),
  ],
);
