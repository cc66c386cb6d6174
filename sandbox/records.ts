import { eq } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { stamp } from "@/lib/db/schema/columns";

// A provider sandbox's state (Square's, Toast's): one table of records, each the JSON the provider would
// answer or keep, of a kind and an owner (Square's merchant, Toast's restaurant). `seq` orders every list
// and makes its cursor. Each sandbox names its table, its owner column and its kinds.

// biome-ignore lint/suspicious/noExplicitAny: the provider's JSON, read field by field as the provider documents it
export type Json = Record<string, any>;
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

export function recordsTable(name: string, ownerColumn: string) {
  return pgTable(
    name,
    {
      id: text().primaryKey(),
      kind: text().notNull(),
      owner: text(ownerColumn).notNull(),
      data: jsonb().$type<Record<string, unknown>>().notNull(),
      seq: bigint({ mode: "number" }).generatedAlwaysAsIdentity().notNull(),
      updatedAt: stamp("updated_at").notNull().defaultNow(),
    },
    (t) => [index(`${name}_kind_idx`).on(t.kind, t.owner, t.seq)],
  );
}

type Records = ReturnType<typeof recordsTable>;

/** Reading one record and writing one (insert or replace), for a sandbox's table and its kinds. */
export function recordStore<Kind extends string>(records: Records) {
  return {
    async get(db: Tx, id: string, kind?: Kind): Promise<Json | null> {
      const [row] = await db.select({ data: records.data, kind: records.kind }).from(records).where(eq(records.id, id));
      if (!row || (kind && row.kind !== kind)) return null;
      return row.data as Json;
    },
    async put(db: Tx, { id, kind, owner, data }: { id: string; kind: Kind; owner: string; data: Json }) {
      await db
        .insert(records)
        .values({ id, kind, owner, data, updatedAt: new Date() })
        .onConflictDoUpdate({ target: records.id, set: { data, updatedAt: new Date() } });
    },
  };
}
