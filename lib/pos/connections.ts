import { and, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import { decryptSecret, encryptSecret, hashToken, newToken } from "@/lib/auth/tokens";
import type { Db } from "@/lib/db/client";
import { locations, posConnections } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { ApiError, invalid } from "@/lib/server/errors";
import { log, errorFields } from "@/lib/server/log";
import { found, type Scope } from "@/lib/server/scope";
import { callbackUrl } from "./config";
import { type PosCredentials, PosCallFailed, type PosLocation, type PosProvider, type PosTokens } from "./provider";
import { knownProvider, providerNamed } from "./providers";
import { POS_DIRECTIONS, type createPosConnectionBody, type updatePosConnectionBody } from "./schemas";
import type { z } from "zod";

// A location's connections to its POS (pos.md §2): one per location and provider. Square's way in is
// OAuth: the connection is `pending` with an `authorize_url` until the callback brings a code, whose
// tokens are kept sealed (AES-GCM under APP_SECRET) and refreshed before they expire. Toast's is its API
// client's keys: connected at once, the keys sealed as the refresh token (a new token is a new login). The POS location
// must keep the location's currency (422 `currency`). Disconnecting deletes the connection, its
// mappings and what it owes the POS: every instance reads the row for every event and job, so traffic
// stops at once everywhere, and Taproom's menus stay as they are.

export type PosConnection = typeof posConnections.$inferSelect;

export function connectionJson(row: PosConnection, authorizeUrl: string | null = null) {
  return {
    id: row.id,
    location_id: row.locationId,
    provider: row.provider,
    status: row.status,
    authorize_url: row.status === "pending" ? authorizeUrl : null,
    external_location_id: row.externalLocationId,
    direction: row.direction,
    directions: POS_DIRECTIONS.filter(
      (direction) => direction !== "taproom_to_pos" || knownProvider(row.provider)?.writesCatalogue === true,
    ),
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listConnections(db: Db, location: Pick<Location, "id">) {
  const rows = await db.select().from(posConnections).where(eq(posConnections.locationId, location.id)).orderBy(posConnections.id);
  return { pos_connections: rows.map((row) => connectionJson(row)) };
}

/** The connection `id` of the caller's business (404 otherwise), with its location. */
export async function getConnection(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ connection: posConnections, location: locations })
    .from(posConnections)
    .innerJoin(locations, eq(locations.id, posConnections.locationId))
    .where(and(eq(posConnections.id, id), eq(locations.businessId, businessId)));
  return found(row, "POS connection");
}

/**
 * POST /locations/:id/pos_connections: by the provider's way in. OAuth (Square): pending, with the
 * consent URL. Keys (Toast): the keys exchanged and the restaurant checked at once, then connected with
 * the keys sealed; refused keys → 422 naming them, nothing saved. A direction the provider cannot write
 * (`taproom_to_pos` at Toast, whose menus API is read-only) → 422 `direction`.
 */
export async function createConnection(
  db: Db,
  { location, input, now = new Date() }: { location: Location; input: z.infer<typeof createPosConnectionBody>; now?: Date },
) {
  const provider = providerNamed(input.provider);
  const direction = input.direction ?? "pos_to_taproom";
  checkDirection(provider, direction);
  if (provider.connectsWith === "keys") return connectWithKeys(db, { location, input, direction, now });
  const typed = (["client_id", "client_secret", "restaurant_guid"] as const).filter((key) => input[key] !== undefined);
  if (typed.length)
    throw invalid(typed.map((path) => ({ path, message: `${provider.label} connects through its consent page, not with keys` })));
  const state = newToken();
  const [row] = await db
    .insert(posConnections)
    .values({
      locationId: location.id,
      provider: provider.name,
      status: "pending",
      direction,
      externalLocationId: input.external_location_id ?? null,
      stateHash: hashToken(state),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw alreadyConnected(provider.name);
  return connectionJson(row, provider.authorizeUrl({ state, redirectUri: callbackUrl(provider.name) }));
}

const alreadyConnected = (name: string) =>
  new ApiError("conflict", `The location already has a ${name} connection: change it (PATCH) or disconnect it first.`);

function checkDirection(provider: PosProvider, direction: PosConnection["direction"]) {
  if (direction === "taproom_to_pos" && !provider.writesCatalogue) {
    throw invalid([
      {
        path: "direction",
        message: `${provider.label}'s API does not take menu writes: choose pos_to_taproom or prices_from_pos`,
      },
    ]);
  }
}

/** Toast's way in: the keys for a token, the restaurant checked (its currency too), connected at once. */
async function connectWithKeys(
  db: Db,
  {
    location,
    input,
    direction,
    now,
  }: { location: Location; input: z.infer<typeof createPosConnectionBody>; direction: PosConnection["direction"]; now: Date },
) {
  const provider = providerNamed(input.provider);
  const restaurant = input.restaurant_guid ?? input.external_location_id;
  const missing = [
    ...(input.client_id ? [] : ["client_id"]),
    ...(input.client_secret ? [] : ["client_secret"]),
    ...(restaurant ? [] : ["restaurant_guid"]),
  ];
  if (missing.length) throw invalid(missing.map((path) => ({ path, message: `${provider.label} connects with this; it is required` })));
  const [existing] = await db
    .select({ id: posConnections.id })
    .from(posConnections)
    .where(and(eq(posConnections.locationId, location.id), eq(posConnections.provider, provider.name)));
  if (existing) throw alreadyConnected(provider.name);
  let tokens: PosTokens;
  let chosen: PosLocation;
  try {
    tokens = await provider.exchangeKeys({ clientId: input.client_id!, clientSecret: input.client_secret!, locationId: restaurant! });
    chosen = await chooseLocation(tokens, provider.name, restaurant!, location, "restaurant_guid");
  } catch (error) {
    if (!(error instanceof PosCallFailed)) throw error;
    if (error.status === 401 || error.status === 403) {
      throw invalid([
        { path: "client_id", message: `${provider.label} refused this client id and secret (${error.message})` },
        { path: "client_secret", message: `${provider.label} refused this client id and secret` },
      ]);
    }
    throw new ApiError("source_failed", error.message, { sourceStatus: error.status });
  }
  const [row] = await db
    .insert(posConnections)
    .values({
      locationId: location.id,
      provider: provider.name,
      status: "connected",
      direction,
      externalLocationId: chosen.id,
      merchantId: tokens.merchantId || chosen.id,
      ...sealed(tokens),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw alreadyConnected(provider.name);
  return connectionJson(row);
}

/** The POS location the connection uses, checked against the Taproom location's currency (422 `currency`). */
async function chooseLocation(
  tokens: { accessToken: string },
  providerName: string,
  wanted: string | null,
  location: Location,
  path = "external_location_id",
): Promise<PosLocation> {
  const provider = providerNamed(providerName);
  const all = await provider.locations(tokens.accessToken);
  const chosen = wanted ? all.find((each) => each.id === wanted) : all[0];
  if (!chosen) {
    throw invalid([
      {
        path,
        message: wanted ? `the ${providerName} account has no location ${wanted}` : `the ${providerName} account has no location`,
      },
    ]);
  }
  if (chosen.currency.toUpperCase() !== location.currency.toUpperCase()) {
    throw invalid([
      {
        path: "currency",
        message: `the ${providerName} location ${chosen.id} sells in ${chosen.currency}, this location in ${location.currency}; they must agree`,
      },
    ]);
  }
  return chosen;
}

/** The OAuth callback: the code for tokens, the POS location chosen and checked, connected. Answers the connection. */
export async function finishConnect(
  db: Db,
  { providerName, state, code, now = new Date() }: { providerName: string; state: string; code: string | null; now?: Date },
) {
  const provider = knownProvider(providerName);
  if (!provider) throw new ApiError("not_found", "No such POS provider.");
  const [row] = await db
    .select({ connection: posConnections, location: locations })
    .from(posConnections)
    .innerJoin(locations, eq(locations.id, posConnections.locationId))
    .where(and(eq(posConnections.stateHash, hashToken(state)), eq(posConnections.provider, provider.name)));
  if (!row)
    throw new ApiError(
      "link_expired",
      "This connection link is unknown or was already used: start again from the location's POS settings.",
    );
  const { connection, location } = row;
  // The state is used once, whatever follows.
  await db.update(posConnections).set({ stateHash: null, updatedAt: now }).where(eq(posConnections.id, connection.id));
  if (!code) {
    await db
      .update(posConnections)
      .set({ status: "error", lastError: "The POS account owner denied the connection.", updatedAt: now })
      .where(eq(posConnections.id, connection.id));
    return { connection, location, connected: false };
  }
  try {
    const tokens = await provider.exchangeCode({ code, redirectUri: callbackUrl(provider.name) });
    const chosen = await chooseLocation(tokens, provider.name, connection.externalLocationId, location);
    await db
      .update(posConnections)
      .set({
        status: "connected",
        externalLocationId: chosen.id,
        merchantId: tokens.merchantId,
        ...sealed(tokens),
        lastError: null,
        updatedAt: now,
      })
      .where(eq(posConnections.id, connection.id));
    return { connection, location, connected: true };
  } catch (error) {
    const message =
      error instanceof ApiError
        ? (error.extra.errors?.map((each) => ("path" in each ? `${each.path}: ${each.message}` : each.message)).join("; ") ?? error.detail)
        : error instanceof Error
          ? error.message
          : String(error);
    await db
      .update(posConnections)
      .set({ status: "error", lastError: message, updatedAt: now })
      .where(eq(posConnections.id, connection.id));
    return { connection, location, connected: false };
  }
}

const sealed = (tokens: PosTokens) => ({
  accessTokenEncrypted: encryptSecret(tokens.accessToken),
  refreshTokenEncrypted: tokens.refreshToken ? encryptSecret(tokens.refreshToken) : null,
  tokenExpiresAt: tokens.expiresAt,
});

/** PATCH /pos_connections/:id: the direction, or another POS location (checked again for its currency). */
export async function updateConnection(db: Db, scope: Scope, input: z.infer<typeof updatePosConnectionBody>, now = new Date()) {
  const { connection, location } = await getConnection(db, scope);
  const changes: Partial<PosConnection> = { updatedAt: now };
  if (input.direction) {
    checkDirection(providerNamed(connection.provider), input.direction);
    changes.direction = input.direction;
  }
  if (input.external_location_id && input.external_location_id !== connection.externalLocationId) {
    if (connection.status === "connected") {
      const credentials = await credentialsOf(db, connection, now);
      await chooseLocation(credentials, connection.provider, input.external_location_id, location).catch((error) => {
        if (error instanceof PosCallFailed) throw new ApiError("source_failed", error.message, { sourceStatus: error.status });
        throw error;
      });
    }
    changes.externalLocationId = input.external_location_id;
  }
  const [row] = await db.update(posConnections).set(changes).where(eq(posConnections.id, connection.id)).returning();
  return connectionJson(row!);
}

/** DELETE /pos_connections/:id: gone, with its mappings and what it owed the POS; Taproom's data stays. */
export async function deleteConnection(db: Db, scope: Scope) {
  const { connection } = await getConnection(db, scope);
  await db.delete(posConnections).where(eq(posConnections.id, connection.id));
}

/**
 * The connection's credentials, its tokens refreshed first when they are near their end. No transaction
 * is held across the POS's answer (on PGlite an open transaction holds the whole database, and the
 * built-in sandbox answers from that database): the new tokens are written only if the row still has
 * the tokens this refresh started from (compare-and-set on their expiry); an instance that lost the race
 * uses the winner's. Two instances may both refresh at the same moment, which Square and Toast both
 * allow (the older token stays good until it ends). Throws PosCallFailed when the POS cannot be used.
 */
export async function credentialsOf(db: Db, connection: PosConnection, now = new Date()): Promise<PosCredentials> {
  const provider = providerNamed(connection.provider);
  if (connection.status !== "connected" || !connection.accessTokenEncrypted || !connection.externalLocationId) {
    throw new PosCallFailed("The connection is not connected.", null);
  }
  const current = { accessToken: decryptSecret(connection.accessTokenEncrypted), externalLocationId: connection.externalLocationId };
  if (!provider.refreshDue(connection.tokenExpiresAt, now) || !connection.refreshTokenEncrypted) return current;
  const refreshToken = decryptSecret(connection.refreshTokenEncrypted);
  let tokens: PosTokens;
  try {
    tokens = await provider.refresh(refreshToken);
  } catch (error) {
    log().warn({ ...errorFields(error), connection: connection.id }, "A POS token could not be refreshed");
    return current;
  }
  const [kept] = await db
    .update(posConnections)
    .set({ ...sealed({ ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }), updatedAt: now })
    .where(
      and(
        eq(posConnections.id, connection.id),
        eq(posConnections.status, "connected"),
        connection.tokenExpiresAt ? eq(posConnections.tokenExpiresAt, connection.tokenExpiresAt) : isNull(posConnections.tokenExpiresAt),
      ),
    )
    .returning({ id: posConnections.id });
  if (kept) return { accessToken: tokens.accessToken, externalLocationId: connection.externalLocationId };
  // Refreshed by another instance meanwhile, or disconnected: the row says which.
  const [fresh] = await db.select().from(posConnections).where(eq(posConnections.id, connection.id));
  if (fresh?.status !== "connected" || !fresh.accessTokenEncrypted) throw new PosCallFailed("The connection was disconnected.", null);
  return {
    accessToken: decryptSecret(fresh.accessTokenEncrypted),
    externalLocationId: fresh.externalLocationId ?? connection.externalLocationId,
  };
}

/**
 * Notes a failed call on the connection (`last_error`), or clears it after a good one. A good call on a
 * connection with nothing to clear writes nothing: every webhook ends here, and a row written 50 times a
 * second for no change is a lock every webhook of the venue waits for.
 */
export async function noteOutcome(db: Db, connectionId: number, error: string | null, now = new Date()) {
  if (error !== null) {
    await db
      .update(posConnections)
      .set({ lastError: error.slice(0, 500), updatedAt: now })
      .where(eq(posConnections.id, connectionId));
    return;
  }
  await db
    .update(posConnections)
    .set({ lastError: null, status: "connected", updatedAt: now })
    .where(and(eq(posConnections.id, connectionId), or(isNotNull(posConnections.lastError), ne(posConnections.status, "connected"))));
}
