import { bigint, char, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { locations } from "./venues";

// The change feed's outbox (live-menus §3) and the menus' history (§6). Both are written only by the
// database's triggers (migration 0008_live_menus) in the transaction of the change itself, so no
// write path can forget them: one menu_changes row per menu and transaction, one menu_edits row per
// row of the menu's tree that the transaction inserted, updated or deleted.

/** Who made a change, as the transaction named it (`set_config('taproom.actor', …, true)`). */
export type ChangeActor = { user_id: number | null; name: string | null; via: "token" | "session" | "system" };

export const menuChanges = pgTable(
  "menu_changes",
  {
    // The feed's cursor: assigned while the location's row is locked by the same transaction, so it
    // increases in commit order per location.
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    // No foreign key: the feed keeps the change of a menu that was deleted.
    menuId: integer("menu_id").notNull(),
    version: integer().notNull(),
    tx: bigint({ mode: "number" }).notNull(),
    // Set when the transaction named it (menu.reverted, item.restored by the sweeper); otherwise the
    // type is read from the change's edits (lib/live/describe.ts).
    type: text(),
    actor: jsonb().$type<ChangeActor>().notNull(),
    // The change in words when its writer named it (the taps' changes, lib/taps/changes.ts); else
    // lib/live/describe.ts words it from its edits.
    summary: text(),
    at: stamp("at").notNull().defaultNow(),
  },
  (t) => [
    index("menu_changes_location_idx").on(t.locationId, t.id),
    index("menu_changes_menu_idx").on(t.menuId, t.version),
    index("menu_changes_tx_idx").on(t.tx),
  ],
);

export const menuEdits = pgTable(
  "menu_edits",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    changeId: bigint("change_id", { mode: "number" })
      .notNull()
      .references(() => menuChanges.id, { onDelete: "cascade" }),
    table: text().notNull().$type<"menus" | "sections" | "items" | "containers">(),
    rowId: integer("row_id").notNull(),
    op: char({ length: 1 }).notNull().$type<"I" | "U" | "D">(),
    // The whole row before (U, D) and after (I, U), as to_jsonb gives it (snake_case columns).
    old: jsonb().$type<Record<string, unknown>>(),
    new: jsonb().$type<Record<string, unknown>>(),
  },
  (t) => [index("menu_edits_change_idx").on(t.changeId)],
);
