import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { id, stamp } from "./columns";
import { businesses, users } from "./venues";

/** The dashboard's cookie sessions: SHA-256 of the random cookie value, never the value itself. */
export const browserSessions = pgTable(
  "browser_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: stamp("created_at").notNull().defaultNow(),
    expiresAt: stamp("expires_at").notNull(),
  },
  (t) => [index("browser_sessions_user_id_idx").on(t.userId)],
);

/**
 * Integration keys (venue-operations §12): named, scoped, revocable; `Authorization: Bearer tpk_…`.
 * The secret is shown once; SHA-256 of it finds the key. A key acts as its creator within its scopes
 * and locations (null: every location the creator sees) and dies with its creator.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The secret's first characters (`tpk_` and 6 more), to tell keys apart in a list. */
    prefix: text().notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text().array().notNull(),
    locationIds: integer("location_ids").array(),
    createdAt: stamp("created_at").notNull().defaultNow(),
    /** Kept to the minute: written at most once a minute per key and instance. */
    lastUsedAt: stamp("last_used_at"),
  },
  (t) => [uniqueIndex("api_keys_secret_hash_key").on(t.secretHash), index("api_keys_business_id_idx").on(t.businessId)],
);
