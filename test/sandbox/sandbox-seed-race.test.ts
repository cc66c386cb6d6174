import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { getDatabase, type Db } from "@/lib/db/client";
import * as schema from "@/sandbox/schema";
import { ensureSandboxData } from "@/sandbox/seed/ensure";

/** A second Db over the same connection(s): what another app instance sharing the database would hold. */
async function twin(): Promise<{ db: Db; other: Db }> {
  const { db, kind } = await getDatabase();
  const client = (db as unknown as { $client: unknown }).$client;
  if (kind === "postgres") {
    const { drizzle } = await import("drizzle-orm/node-postgres");
    return { db, other: drizzle({ client: client as never, schema }) as unknown as Db };
  }
  const { drizzle } = await import("drizzle-orm/pglite");
  return { db, other: drizzle({ client: client as never, schema }) as unknown as Db };
}

it("seeds once when two instances start on an empty database at the same time", async () => {
  const { db, other } = await twin();
  await Promise.all([ensureSandboxData(db), ensureSandboxData(other), ensureSandboxData(db), ensureSandboxData(other)]);
  const [users] = await db.select({ n: count() }).from(schema.sandboxUsers);
  const [checkins] = await db.select({ n: count() }).from(schema.sandboxCheckins);
  expect(users!.n).toBe(200);
  expect(checkins!.n).toBe(3200);
});
