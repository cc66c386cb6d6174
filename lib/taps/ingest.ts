import { and, eq, inArray, isNull } from "drizzle-orm";
import { hashToken, newToken, sameHash } from "@/lib/auth/tokens";
import type { Db } from "@/lib/db/client";
import { locations, tapIngestTokens, taps } from "@/lib/db/schema";
import { ApiError, invalid } from "@/lib/server/errors";
import { hoursOf, NoKeg, pourOnTap, SKEW_MS } from "./pours";
import type { PourBatchInput } from "./schemas";

// Flow meters (venue-operations §8, decision 065): POST /locations/:id/pours takes a batch of readings
// with the location's ingest token (`Authorization: Bearer tpi_…`), which can do nothing else. A new
// token replaces the old; only its SHA-256 is kept, so it is shown once.

type Location = typeof locations.$inferSelect;
const PREFIX_LENGTH = 10; // "tpi_" and 6 characters of the secret

/** POST /locations/:id/ingest_token: a new token for the location (the previous one stops working). */
export async function issueIngestToken(db: Db, { location, now = new Date() }: { location: Location; now?: Date }) {
  const token = `tpi_${newToken()}`;
  const values = { locationId: location.id, tokenHash: hashToken(token), prefix: token.slice(0, PREFIX_LENGTH), createdAt: now };
  await db
    .insert(tapIngestTokens)
    .values(values)
    .onConflictDoUpdate({
      target: tapIngestTokens.locationId,
      set: { tokenHash: values.tokenHash, prefix: values.prefix, createdAt: now },
    });
  return { token, prefix: values.prefix, created_at: now.toISOString() };
}

const refused = () =>
  new ApiError(
    "unauthorized",
    "Send the location's ingest token as `Authorization: Bearer tpi_…` (POST /locations/:id/ingest_token issues one).",
  );

/** The location the ingest token opens, or 401. */
export async function ingestLocation(db: Db, { locationId, authorization }: { locationId: number; authorization: string | null }) {
  const token = /^Bearer (tpi_[A-Za-z0-9_-]{43})$/.exec(authorization ?? "")?.[1];
  if (!token) throw refused();
  const [row] = await db.select().from(tapIngestTokens).where(eq(tapIngestTokens.locationId, locationId));
  if (!row || !sameHash(row.tokenHash, hashToken(token))) throw refused();
  const [location] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), isNull(locations.archivedAt)));
  if (!location) throw refused();
  return location;
}

/**
 * The batch: every tap number is checked first (an unknown one is 422 and nothing is counted), then each
 * pour is counted on its own, in order, exactly as POST /taps/:id/pours would; a pour on a tap with no
 * keg is answered `no_keg` and not counted.
 */
export async function ingestPours(
  db: Db,
  { location, input, now = new Date() }: { location: Location; input: PourBatchInput; now?: Date },
) {
  const numbers = [...new Set(input.pours.map((pour) => pour.tap))];
  const rows = await db
    .select()
    .from(taps)
    .where(and(eq(taps.locationId, location.id), inArray(taps.number, numbers)));
  const byNumber = new Map(rows.map((row) => [row.number, row]));
  const unknown = input.pours.flatMap((pour, index) => [
    ...(byNumber.has(pour.tap) ? [] : [{ path: `pours.${index}.tap`, message: `no tap ${pour.tap} at this location` }]),
    ...(pour.at && new Date(pour.at).getTime() > now.getTime() + SKEW_MS
      ? [{ path: `pours.${index}.at`, message: "is in the future" }]
      : []),
  ]);
  if (unknown.length > 0) throw invalid(unknown);
  const hours = await hoursOf(db, location, now);
  const results = [];
  for (const pour of input.pours) {
    try {
      const { answer, repeated } = await pourOnTap(db, { tap: byNumber.get(pour.tap)!, location, input: pour, hours, now });
      results.push({
        tap: pour.tap,
        idempotency_key: pour.idempotency_key,
        status: repeated ? ("repeated" as const) : ("created" as const),
        ...answer,
      });
    } catch (error) {
      if (!(error instanceof NoKeg)) throw error;
      results.push({ tap: pour.tap, idempotency_key: pour.idempotency_key, status: "no_keg" as const, pour: null, keg: null });
    }
  }
  return { results };
}
