import { afterAll, beforeAll } from "vitest";
import { installFreshDatabase } from "./database";
import type { Database } from "@/lib/db/client";

process.env.APP_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
process.env.EXPOSE_SQL_COUNT = "true";

let database: Database | undefined;

beforeAll(async () => {
  database = await installFreshDatabase();
});

afterAll(async () => {
  await database?.close();
});
