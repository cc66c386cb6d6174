import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { ChangeActor } from "./changes";
import { id, stamp, timestamps } from "./columns";
import { businesses, locations, users } from "./venues";

// A business's team (venue-operations §3–§5): invitations as one-time links, password resets, and the
// activity log of writes that are not menu changes (those are in menu_changes, the feed).

export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    email: text().notNull(),
    role: text().notNull(),
    locationIds: integer("location_ids").array(),
    // SHA-256 of the link's token: the link itself is shown (and mailed) once.
    tokenHash: text("token_hash").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: stamp("expires_at").notNull(),
    acceptedAt: stamp("accepted_at"),
    revokedAt: stamp("revoked_at"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("invitations_token_hash_key").on(t.tokenHash),
    index("invitations_business_id_idx").on(t.businessId),
    check("invitations_email_lowercase", sql`${t.email} = lower(${t.email})`),
    check("invitations_role_valid", sql`${t.role} in ('owner', 'manager', 'staff')`),
    check("invitations_owner_all_locations", sql`(${t.role} = 'owner') = (${t.locationIds} is null)`),
  ],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: stamp("expires_at").notNull(),
    usedAt: stamp("used_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.tokenHash), index("password_resets_user_id_idx").on(t.userId)],
);

/**
 * One write that is not a menu change (events, hours, webhooks, the location, the team): who, when,
 * what, in words. GET /locations/:id/activity merges these with the location's menu changes.
 */
export const activity = pgTable(
  "activity",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    // Null for writes that concern the whole business (a member with every location, an owner).
    locationId: integer("location_id").references(() => locations.id, { onDelete: "cascade" }),
    at: stamp("at").notNull().defaultNow(),
    actor: jsonb().$type<ChangeActor>().notNull(),
    kind: text().notNull(),
    summary: text().notNull(),
    targetType: text("target_type").notNull(),
    targetId: integer("target_id"),
  },
  (t) => [index("activity_location_id_idx").on(t.locationId, t.id), index("activity_business_id_idx").on(t.businessId, t.id)],
);
