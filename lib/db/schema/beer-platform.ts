import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./venues";

// ---- The beer-platform (v4) forwarder ------------------------------------------------------------

/** Public v4 lookups, cached for every app instance. `key` is the upstream path and query without credentials. */
export const v4Cache = pgTable(
  "v4_cache",
  {
    key: text().primaryKey(),
    status: integer().notNull(),
    body: text().notNull(),
    headers: jsonb().$type<Record<string, string>>().notNull(),
    expiresAt: stamp("expires_at").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("v4_cache_expires_idx").on(t.expiresAt)],
);

/** A user's connected beer-platform account; the access token is sealed (AES-GCM) and never sent out. */
export const beerAccounts = pgTable("beer_accounts", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  platformUserName: text("platform_user_name"),
  accessTokenEncrypted: text("access_token_encrypted").notNull(),
  connectedAt: stamp("connected_at").notNull().defaultNow(),
});

/** OAuth `state` values in flight: one use, short-lived, bound to the user who started the flow. */
export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  returnTo: text("return_to"),
  expiresAt: stamp("expires_at").notNull(),
});
