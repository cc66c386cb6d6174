import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sandboxToastRecords as records } from "./schema";

// The Toast sandbox's records: one row each, the JSON Toast would answer (menu items, stock, orders,
// restaurants) or keeps (API clients and their tokens).

export type Kind = "restaurant" | "item" | "stock" | "order" | "client" | "token";
export // biome-ignore lint/suspicious/noExplicitAny: Toast's JSON, read field by field as Toast documents it
type Json = Record<string, any>;
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** A GUID as Toast writes them (lower-case UUID); seeded ones from a name, so they are stable. */
export function toastGuid(seed?: string): string {
  if (!seed) return randomUUID();
  const hex = createHash("sha256").update(`toast:${seed}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function getRecord(db: Tx, id: string, kind: Kind): Promise<Json | null> {
  const [row] = await db.select({ data: records.data, kind: records.kind }).from(records).where(eq(records.id, id));
  if (!row || row.kind !== kind) return null;
  return row.data as Json;
}

export async function putRecord(
  db: Tx,
  { id, kind, restaurantGuid, data }: { id: string; kind: Kind; restaurantGuid: string; data: Json },
) {
  await db
    .insert(records)
    .values({ id, kind, restaurantGuid, data, updatedAt: new Date() })
    .onConflictDoUpdate({ target: records.id, set: { data, updatedAt: new Date() } });
}

/** A restaurant's records of one kind, in creation order. */
export async function listRecords(db: Tx, kind: Kind, restaurantGuid: string): Promise<Json[]> {
  const rows = await db
    .select({ data: records.data })
    .from(records)
    .where(and(eq(records.kind, kind), eq(records.restaurantGuid, restaurantGuid)))
    .orderBy(asc(records.seq));
  return rows.map((row) => row.data as Json);
}
