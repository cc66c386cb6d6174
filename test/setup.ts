import { afterAll, beforeAll } from "vitest";
import { installFreshDatabase } from "./database";
import type { Database } from "@/lib/db/client";

process.env.APP_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.EXPOSE_SQL_COUNT = "true";
// Logins and the demo seed hash passwords: at the production cost (2^15) each hash is tens of
// milliseconds of CPU, so a rate-limit test would scale with the machine's speed. 2^10 keeps the same
// code path at a fraction of a millisecond; env.ts refuses a cost below 15 outside NODE_ENV=test.
process.env.PASSWORD_HASH_COST ??= "10";

let database: Database | undefined;

beforeAll(async () => {
  database = await installFreshDatabase();
});

afterAll(async () => {
  await database?.close();
});
