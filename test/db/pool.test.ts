import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../database";
import { getDatabase, migrationsFolder, openPostgres, type Database } from "@/lib/db/client";

// Decision 073: on PostgreSQL a request waits for one of the pool's busy connections for `waitMs`, not
// for the time a new connection may take to open; under load it waits its turn instead of failing.

describe.runIf(process.env.TEST_DB === "postgres")("the PostgreSQL pool", () => {
  let pool: Database;
  afterAll(async () => {
    await pool?.close();
  });

  it("lets a query wait for a busy pool longer than a connection may take to open", async () => {
    const first = (await getDatabase()) as TestDatabase;
    // Two connections: the migration's lock holds one while migrating over the other.
    pool = await openPostgres(first.url!, 2, migrationsFolder, { connectMs: 1000, waitMs: 0 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hold = async () => {
      let holding = () => {};
      const holds = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const done = pool.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        holding();
        await held;
      });
      await holds;
      return { done };
    };
    const holders = [await hold(), await hold()];
    // then() sends it now: a query of drizzle's runs only when asked for its answer.
    const waiting = pool.db.execute(sql`select 2 as two`).then((result) => result as unknown as { rows: { two: number }[] });
    // The query has waited past connectMs when a connection comes free.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    release();
    await Promise.all(holders.map((holder) => holder.done));
    expect((await waiting).rows[0]!.two).toBe(2);
  });
});
