import { createHash, randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { type Json, recordStore, type Tx } from "../records";
import { sandboxToastRecords as records } from "./schema";

// The Toast sandbox's records: one row each, the JSON Toast would answer (menu items, stock, orders,
// restaurants) or keeps (API clients and their tokens).

export type Kind = "restaurant" | "item" | "stock" | "order" | "client" | "token";
export type { Json, Tx } from "../records";

/** A GUID as Toast writes them (lower-case UUID); seeded ones from a name, so they are stable. */
export function toastGuid(seed?: string): string {
  if (!seed) return randomUUID();
  const hex = createHash("sha256").update(`toast:${seed}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const store = recordStore<Kind>(records);
export const getRecord = (db: Tx, id: string, kind: Kind) => store.get(db, id, kind);
export const putRecord = (db: Tx, { restaurantGuid, ...record }: { id: string; kind: Kind; restaurantGuid: string; data: Json }) =>
  store.put(db, { ...record, owner: restaurantGuid });

/** A restaurant's records of one kind, in creation order. */
export async function listRecords(db: Tx, kind: Kind, restaurantGuid: string): Promise<Json[]> {
  const rows = await db
    .select({ data: records.data })
    .from(records)
    .where(and(eq(records.kind, kind), eq(records.owner, restaurantGuid)))
    .orderBy(asc(records.seq));
  return rows.map((row) => row.data as Json);
}
