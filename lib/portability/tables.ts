import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  activity,
  apiKeys,
  checkinSyncState,
  checkins,
  containers,
  customContainers,
  customItems,
  customMenus,
  customSections,
  distributors,
  events,
  hours,
  imports,
  invitations,
  items,
  kegs,
  locations,
  menuChanges,
  menuEdits,
  menus,
  menuViewCounts,
  parLevels,
  posSales,
  pours,
  sections,
  specialHours,
  subscriptions,
  taps,
  users,
  webhookDeliveries,
  webhooks,
} from "@/lib/db/schema";

// The business's tables as the whole-business export carries them (issue 32, decision 060). Every column
// of each table comes along, read from its Drizzle definition, so a column added later (a migration and
// its schema line) is exported, validated and restored with no change here; only the columns listed in
// `secret` stay out (secrets, and a worker's lease, which means nothing in another database).

export type Part = {
  /** The key in the export's `tables` (the table's SQL name). */
  key: string;
  table: PgTable;
  /** The rows of business `b`. */
  of: (b: number) => SQL;
  /** SQL column names never exported. */
  secret?: readonly string[];
  /** SQL column names that mean something only in their own database (transaction ids): not exported either. */
  local?: readonly string[];
};

const L = (b: number) => sql`(select id from locations where business_id = ${b})`;
const M = (b: number) => sql`(select id from menus where location_id in ${L(b)})`;
const S = (b: number) => sql`(select id from sections where menu_id in ${M(b)})`;
const I = (b: number) => sql`(select id from items where section_id in ${S(b)})`;
const CM = (b: number) => sql`(select id from custom_menus where location_id in ${L(b)})`;
const CS = (b: number) => sql`(select id from custom_sections where custom_menu_id in ${CM(b)})`;
const CI = (b: number) => sql`(select id from custom_items where custom_section_id in ${CS(b)})`;

/** The location data, in the order a restore inserts it (parents first). */
export const PARTS: readonly Part[] = [
  { key: "locations", table: locations, of: (b) => sql`${locations.businessId} = ${b}`, local: ["menus_version_tx"] },
  { key: "menus", table: menus, of: (b) => sql`${menus.locationId} in ${L(b)}`, local: ["version_tx"] },
  { key: "sections", table: sections, of: (b) => sql`${sections.menuId} in ${M(b)}` },
  { key: "items", table: items, of: (b) => sql`${items.sectionId} in ${S(b)}` },
  { key: "containers", table: containers, of: (b) => sql`${containers.itemId} in ${I(b)}` },
  { key: "custom_menus", table: customMenus, of: (b) => sql`${customMenus.locationId} in ${L(b)}` },
  { key: "custom_sections", table: customSections, of: (b) => sql`${customSections.customMenuId} in ${CM(b)}` },
  { key: "custom_items", table: customItems, of: (b) => sql`${customItems.customSectionId} in ${CS(b)}` },
  { key: "custom_containers", table: customContainers, of: (b) => sql`${customContainers.customItemId} in ${CI(b)}` },
  { key: "events", table: events, of: (b) => sql`${events.locationId} in ${L(b)}` },
  { key: "hours", table: hours, of: (b) => sql`${hours.locationId} in ${L(b)}` },
  { key: "special_hours", table: specialHours, of: (b) => sql`${specialHours.locationId} in ${L(b)}` },
  // Taps, their kegs and pours (decision 065); a location's flow-meter ingest token is a secret: never exported.
  { key: "taps", table: taps, of: (b) => sql`${taps.locationId} in ${L(b)}` },
  { key: "kegs", table: kegs, of: (b) => sql`${kegs.tapId} in (select id from taps where location_id in ${L(b)})` },
  { key: "pours", table: pours, of: (b) => sql`${pours.tapId} in (select id from taps where location_id in ${L(b)})` },
  // The till's sales counted as pours (decision 090), so `sold_ml` and the pour variance move with the
  // business. Their POS connection is not exported (it holds the POS's tokens): a restore stores its id
  // negated (lib/portability/restore.ts), a connection of another database that none here can be.
  { key: "pos_sales", table: posSales, of: (b) => sql`${posSales.tapId} in (select id from taps where location_id in ${L(b)})` },
  // Reorder (decision 096): the distributors, then each beer's par level naming its item and distributor.
  { key: "distributors", table: distributors, of: (b) => sql`${distributors.locationId} in ${L(b)}` },
  { key: "par_levels", table: parLevels, of: (b) => sql`${parLevels.locationId} in ${L(b)}` },
  {
    key: "webhooks",
    table: webhooks,
    of: (b) => sql`${webhooks.locationId} in ${L(b)}`,
    secret: ["secret_encrypted", "lease_token", "leased_until"],
  },
  {
    key: "webhook_deliveries",
    table: webhookDeliveries,
    of: (b) => sql`${webhookDeliveries.webhookId} in (select id from webhooks where location_id in ${L(b)})`,
  },
  // The history and the change feed: versions, GET /menus/:id/versions, the feed and its words.
  // `tx` is written as the id of the first change of its transaction (lib/portability/export.ts): which
  // changes one transaction made, in numbers that mean the same in any database.
  { key: "menu_changes", table: menuChanges, of: (b) => sql`${menuChanges.locationId} in ${L(b)}` },
  {
    key: "menu_edits",
    table: menuEdits,
    of: (b) => sql`${menuEdits.changeId} in (select id from menu_changes where location_id in ${L(b)})`,
  },
  { key: "activity", table: activity, of: (b) => sql`${activity.businessId} = ${b}` },
  // Where the location's imported records came from (decision 058): the runs, never a source's token.
  { key: "imports", table: imports, of: (b) => sql`${imports.businessId} = ${b}` },
  // Insights at the business's own locations.
  { key: "checkins", table: checkins, of: (b) => sql`${checkins.locationId} in ${L(b)}` },
  { key: "subscriptions", table: subscriptions, of: (b) => sql`${subscriptions.locationId} in ${L(b)}` },
  { key: "checkin_sync_state", table: checkinSyncState, of: (b) => sql`${checkinSyncState.locationId} in ${L(b)}` },
  { key: "menu_view_counts", table: menuViewCounts, of: (b) => sql`${menuViewCounts.locationId} in ${L(b)}` },
];

/** The team and the keys: exported without secrets; a restore recreates people as invitations (decision 060). */
export const PEOPLE = {
  users: {
    key: "users",
    table: users,
    of: (b: number) => sql`${users.businessId} = ${b}`,
    secret: ["password_hash", "token_hash", "read_only_token_hash", "token_encrypted", "read_only_token_encrypted"],
  },
  invitations: { key: "invitations", table: invitations, of: (b: number) => sql`${invitations.businessId} = ${b}`, secret: ["token_hash"] },
  apiKeys: { key: "api_keys", table: apiKeys, of: (b: number) => sql`${apiKeys.businessId} = ${b}`, secret: ["secret_hash"] },
} satisfies Record<string, Part>;

/** The exported columns of a part: [TypeScript key, column], SQL names outside `secret`. */
export function exportedColumns(part: Part): [string, Column][] {
  return Object.entries(getTableColumns(part.table)).filter(
    ([, column]) => !part.secret?.includes(column.name) && !part.local?.includes(column.name),
  );
}

const timeOfDay = z.string().regex(/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, "Expected a time of day (HH:MM:SS).");
const jsonValue = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.string(), z.number(), z.boolean()]);
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/, "Expected a decimal number as a string.");

function baseSchema(column: Column): z.ZodType {
  switch (column.columnType) {
    case "PgInteger":
    case "PgSmallInt":
    case "PgBigInt53":
      return z.number().int();
    case "PgDoublePrecision":
      return z.number();
    case "PgText":
    case "PgChar":
    case "PgVarchar": {
      const values = (column as Column & { enumValues?: [string, ...string[]] }).enumValues;
      return values?.length ? z.enum(values) : z.string();
    }
    case "PgBoolean":
      return z.boolean();
    case "PgNumeric":
      return decimal;
    case "PgTimestamp":
      return z.iso.datetime({ offset: true });
    case "PgDateString":
      return z.iso.date();
    case "PgTime":
      return timeOfDay;
    case "PgJsonb":
      // Any JSON value (not recursive: the API description is built from these schemas).
      return jsonValue;
    case "PgUUID":
      return z.uuid();
    case "PgArray":
      return z.array(baseSchema((column as Column & { baseColumn: Column }).baseColumn));
    default:
      // A column type this file does not know yet: fail at start-up rather than export it unchecked.
      throw new Error(`lib/portability/tables.ts: no schema for ${column.columnType} (${column.name})`);
  }
}

/**
 * One row of a part, in SQL column names. A nullable column, or one with a default, may be absent (an
 * export written before the column existed); a restore then leaves it to its default.
 */
export function rowSchema(part: Part) {
  const shape: Record<string, z.ZodType> = {};
  for (const [, column] of exportedColumns(part)) {
    let schema = baseSchema(column);
    if (!column.notNull) schema = schema.nullable();
    if (!column.notNull || column.hasDefault) schema = schema.optional();
    shape[column.name] = schema;
  }
  return z.object(shape);
}

/** A row as Drizzle selected it → JSON in SQL names (dates as ISO text). */
export function toFileRow(part: Part, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of exportedColumns(part)) {
    const value = row[key];
    out[column.name] = value instanceof Date ? value.toISOString() : (value ?? null);
  }
  return out;
}

/** A validated file row → values for Drizzle's insert (TypeScript keys, dates as Date); absent columns stay out. */
export function toInsertRow(part: Part, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, column] of exportedColumns(part)) {
    if (!(column.name in row) || row[column.name] === undefined) continue;
    const value = row[column.name];
    out[key] = column.columnType === "PgTimestamp" && typeof value === "string" ? new Date(value) : value;
  }
  return out;
}
