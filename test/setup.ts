import "./env";
import { fileBoundary } from "./file-boundary";
import { afterAll, beforeAll } from "vitest";
import { installFreshDatabase } from "./database";
import type { Database } from "@/lib/db/client";

fileBoundary();

let database: Database | undefined;

beforeAll(async () => {
  database = await installFreshDatabase();
});

afterAll(async () => {
  await database?.close();
});
