import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, type sql } from "drizzle-orm";
import { type Json, recordStore, type Tx } from "../records";
import { sandboxSquareRecords as records } from "./schema";

// The Square sandbox's records: one row each, the JSON Square would answer (catalog items and
// variations, inventory counts, orders and their payments, locations) or keeps (OAuth codes and tokens).

export type Kind = "location" | "catalog" | "inventory" | "order" | "payment" | "code" | "token" | "refresh" | "idem";
export type { Json } from "../records";

/** An id as Square writes them: 24 upper-case letters and digits (seeded ones from a name, so they are stable). */
export function squareId(seed?: string): string {
  const bytes = seed ? createHash("sha256").update(seed).digest() : randomBytes(24);
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return Array.from(bytes.subarray(0, 24), (byte) => alphabet[byte % 32]).join("");
}

const store = recordStore<Kind>(records);
export const getRecord = store.get;

export async function getRecords(db: Tx, ids: string[], kind: Kind): Promise<Json[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ data: records.data })
    .from(records)
    .where(and(inArray(records.id, ids), eq(records.kind, kind)))
    .orderBy(asc(records.seq));
  return rows.map((row) => row.data as Json);
}

export const putRecord = (db: Tx, { merchantId, ...record }: { id: string; kind: Kind; merchantId: string; data: Json }) =>
  store.put(db, { ...record, owner: merchantId });

export async function deleteRecord(db: Tx, id: string) {
  await db.delete(records).where(eq(records.id, id));
}

/** A page of a kind's records in creation order after the cursor (the last seq seen, base64). */
export async function page(
  db: Tx,
  {
    kind,
    merchantId,
    cursor,
    limit,
    where,
  }: { kind: Kind; merchantId: string; cursor?: string; limit: number; where?: ReturnType<typeof sql> },
): Promise<{ rows: Json[]; cursor?: string }> {
  const after = cursor ? Number(Buffer.from(cursor, "base64url").toString("utf8")) : 0;
  if (!Number.isSafeInteger(after) || after < 0) throw new Error("bad cursor");
  const rows = await db
    .select({ data: records.data, seq: records.seq })
    .from(records)
    .where(and(eq(records.kind, kind), eq(records.owner, merchantId), gt(records.seq, after), where))
    .orderBy(asc(records.seq))
    .limit(limit + 1);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return {
    rows: shown.map((row) => row.data as Json),
    cursor: more ? Buffer.from(String(shown.at(-1)!.seq)).toString("base64url") : undefined,
  };
}

export const isCursor = (cursor: string) =>
  /^[A-Za-z0-9_-]{1,40}$/.test(cursor) && /^\d+$/.test(Buffer.from(cursor, "base64url").toString("utf8"));
