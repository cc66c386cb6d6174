import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { apiKeys, users, type User } from "@/lib/db/schema";
import { newToken, hashToken } from "@/lib/auth/tokens";
import { ApiError, invalid, notFound } from "@/lib/server/errors";
import { recordTeamActivity, usableLocations } from "@/lib/team/team";
import type { Scope } from "@/lib/auth/scopes";
import { worksEverywhere } from "@/lib/auth/permissions";
import type { ApiKeyInput, ApiKeyPatch, ApiKeyResponse } from "./schemas";

// Integration keys (venue-operations §12, decision 056): named, scoped, revocable keys an integration
// sends as `Authorization: Bearer tpk_…`. Owners manage every key of the business; a manager the keys
// whose locations are all theirs (and only such keys can they make). How a key is let in is
// lib/auth/caller.ts's (`keyCaller`); which paths each scope opens, lib/auth/scopes.ts's.

type KeyRow = typeof apiKeys.$inferSelect;
type Member = Pick<User, "id" | "businessId" | "role" | "locationIds" | "name">;

const PREFIX_LENGTH = 10; // "tpk_" and 6 characters of the secret

function keyJson(row: KeyRow, creator: { id: number; name: string }): ApiKeyResponse {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as Scope[],
    location_ids: row.locationIds,
    created_by: { id: creator.id, name: creator.name },
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Whether `member` manages the key: an owner every key, a manager the keys within their locations. */
const manages = (member: Member, locationIds: number[] | null) =>
  worksEverywhere(member.role) ||
  (locationIds !== null && member.locationIds !== null && locationIds.every((id) => member.locationIds!.includes(id)));

/** A key's locations as asked, checked: the business's, not archived, and within a manager's own. */
async function checkedLocations(db: Db, member: Member, locationIds: number[] | null | undefined): Promise<number[] | null> {
  const ids = locationIds ?? null;
  if (ids === null) {
    if (!worksEverywhere(member.role)) {
      throw invalid([{ path: "api_key.location_ids", message: "must name your locations: only an owner makes a key for every location" }]);
    }
    return null;
  }
  const outside = member.locationIds === null ? [] : ids.filter((id) => !member.locationIds!.includes(id));
  if (outside.length > 0) {
    throw invalid([
      {
        path: "api_key.location_ids",
        message: `must be locations you work at: ${outside.join(", ")} ${outside.length === 1 ? "is" : "are"} not`,
      },
    ]);
  }
  try {
    await usableLocations(db, member.businessId, ids);
  } catch (error) {
    throw error instanceof ApiError && error.code === "validation_failed"
      ? invalid([{ path: "api_key.location_ids", message: "must name locations of your business that are not archived" }])
      : error;
  }
  return ids;
}

/** GET /api_keys: the keys the caller manages, oldest first, with their creators. */
export async function listApiKeys(db: Db, member: Member): Promise<ApiKeyResponse[]> {
  const rows = await db
    .select({ key: apiKeys, creator: { id: users.id, name: users.name } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.businessId, member.businessId))
    .orderBy(asc(apiKeys.id));
  return rows.filter((row) => manages(member, row.key.locationIds)).map((row) => keyJson(row.key, row.creator));
}

async function findManaged(db: Db, member: Member, id: number) {
  const [row] = await db
    .select({ key: apiKeys, creator: { id: users.id, name: users.name } })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.id, id), eq(apiKeys.businessId, member.businessId)))
    .limit(1);
  if (!row || !manages(member, row.key.locationIds)) throw notFound("integration key");
  return row;
}

const scopeWords = (scopes: readonly string[]) => scopes.join(", ");

/** POST /api_keys: a new key; the answer is the only time its secret is shown. */
export async function createApiKey(db: Db, member: Member, input: ApiKeyInput): Promise<ApiKeyResponse & { secret: string }> {
  const locationIds = await checkedLocations(db, member, input.location_ids);
  const secret = `tpk_${newToken()}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        businessId: member.businessId,
        createdBy: member.id,
        name: input.name,
        prefix: secret.slice(0, PREFIX_LENGTH),
        secretHash: hashToken(secret),
        scopes: input.scopes,
        locationIds,
      })
      .returning();
    await recordTeamActivity(tx, {
      businessId: member.businessId,
      scopes: [locationIds],
      kind: "api_key.created",
      summary: `Created the integration key “${row!.name}” (${scopeWords(row!.scopes)})`,
      target: { type: "api_key", id: row!.id },
    });
    return { ...keyJson(row!, member), secret };
  });
}

/** PATCH /api_keys/:id: rename, or change scopes or locations (in force at once on every instance). */
export async function updateApiKey(db: Db, member: Member, id: number, patch: ApiKeyPatch): Promise<ApiKeyResponse> {
  const { key, creator } = await findManaged(db, member, id);
  const locationIds = patch.location_ids === undefined ? key.locationIds : await checkedLocations(db, member, patch.location_ids);
  const change = {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.scopes !== undefined ? { scopes: patch.scopes } : {}),
    ...(patch.location_ids !== undefined ? { locationIds } : {}),
  };
  if (Object.keys(change).length === 0) return keyJson(key, creator);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(apiKeys).set(change).where(eq(apiKeys.id, key.id)).returning();
    await recordTeamActivity(tx, {
      businessId: member.businessId,
      scopes: [key.locationIds, row!.locationIds],
      kind: "api_key.updated",
      summary: `Changed the integration key “${row!.name}” (${scopeWords(row!.scopes)})`,
      target: { type: "api_key", id: row!.id },
    });
    return keyJson(row!, creator);
  });
}

/** DELETE /api_keys/:id: revoked at once, on every instance (the row's notification). */
export async function revokeApiKey(db: Db, member: Member, id: number): Promise<void> {
  const { key } = await findManaged(db, member, id);
  await db.transaction(async (tx) => {
    await tx.delete(apiKeys).where(eq(apiKeys.id, key.id));
    await recordTeamActivity(tx, {
      businessId: member.businessId,
      scopes: [key.locationIds],
      kind: "api_key.revoked",
      summary: `Revoked the integration key “${key.name}”`,
      target: { type: "api_key", id: key.id },
    });
  });
}
