import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { stamp } from "./columns";
import { users } from "./venues";

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
