import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, stamp, timestamps } from "./columns";
import { menus } from "./menus";
import { businesses, locations } from "./venues";

// The board fleet (venue-operations §10, decision 067). A board device is a TV's browser, known by the
// secret in its HttpOnly cookie (only its sha-256 is stored); until it is paired it shows an
// eight-character code, valid ten minutes (decision 075). A board is a paired screen of a location: the device, its name, the menu it
// shows and its theme; its open event stream is its heartbeat (last_seen_at, written in one batch per
// instance). Neither is in the whole-business export: a board is tied to a device's secret.

export const boardDevices = pgTable(
  "board_devices",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    // Eight characters of lib/boards/records.ts's alphabet (no 0, 1, I, L, O) while the device waits
    // to be paired; null once paired (or never asked for).
    pairingCode: text("pairing_code"),
    codeExpiresAt: stamp("code_expires_at"),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("board_devices_token_hash_key").on(t.tokenHash),
    uniqueIndex("board_devices_pairing_code_key").on(t.pairingCode).where(sql`${t.pairingCode} is not null`),
    check("board_devices_pairing_code_shape", sql`${t.pairingCode} ~ '^[2-9A-HJKMNP-Z]{8}$'`),
    check("board_devices_code_expiry", sql`(${t.pairingCode} is null) = (${t.codeExpiresAt} is null)`),
  ],
);

export const boards = pgTable(
  "boards",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => locations.id, { onDelete: "cascade" }),
    deviceId: integer("device_id")
      .notNull()
      .references(() => boardDevices.id, { onDelete: "cascade" }),
    name: text().notNull(),
    menuId: integer("menu_id").references(() => menus.id, { onDelete: "set null" }),
    theme: text().notNull().default("dark"),
    // The language the TV shows its menu in (decision 097); null: the location's default.
    language: text(),
    // The last heartbeat (the device's open stream, written by its instance every 30 s, or `shown`).
    lastSeenAt: stamp("last_seen_at"),
    // The menu version the TV last drew (POST /boards/device/shown).
    versionShown: integer("version_shown"),
    // Set when board.offline was recorded, cleared with board.online: each told once across instances.
    offlineToldAt: stamp("offline_told_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("boards_device_key").on(t.deviceId),
    index("boards_location_idx").on(t.locationId),
    index("boards_menu_idx").on(t.menuId),
    check("boards_theme", sql`${t.theme} in ('light', 'dark')`),
    check("boards_name_length", sql`char_length(${t.name}) between 1 and 80`),
  ],
);
