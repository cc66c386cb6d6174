import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";

/**
 * Runs `seed` once per database in this process: every request awaits the same promise, and a failed
 * seed is forgotten so the next request tries again. The promises live on `globalThis` under
 * `taproom.<name>.seeded`, so every copy of the calling module (Next bundles it per route) shares them.
 * Across instances the seed itself serialises under its advisory lock.
 */
export function oncePerDatabase(name: string, seed: (db: Db) => Promise<void>): (db: Db) => Promise<void> {
  const slot = Symbol.for(`taproom.${name}.seeded`);
  const holder = globalThis as { [slot]?: WeakMap<Db, Promise<void>> };
  holder[slot] ??= new WeakMap();
  const seeded = holder[slot];
  return (db) => {
    let pending = seeded.get(db);
    if (!pending) {
      pending = seed(db).catch((error) => {
        seeded.delete(db);
        throw error;
      });
      seeded.set(db, pending);
    }
    return pending;
  };
}

/** A transaction, as a provider sandbox's seed writes its records in one. */
export type SeedTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * A provider sandbox's seed (Square's, Toast's): `fill` runs once per database, in one transaction under
 * the advisory lock `lock` (so two instances never both seed), and only while `table` is empty.
 */
export function seededOnce(name: string, lock: number, table: PgTable, fill: (tx: SeedTx) => Promise<void>) {
  return oncePerDatabase(name, (db) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
      const [any] = await tx.select({ one: sql`1` }).from(table).limit(1);
      if (!any) await fill(tx);
    }),
  );
}
