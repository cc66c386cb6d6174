/**
 * The database a bench runs on, in this process: an embedded PGlite in a temporary folder, or, with
 * DATABASE_URL, a fresh PostgreSQL database created beside it (dropped at the end). Figures from one
 * never touch the other's data.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "@/lib/db/client";

export type BenchDatabase = { database: Database; close: () => Promise<void>; where: string };

/** Opens the bench's database; `name` names its folder or database (`taproom-bench-<name>-…`). */
export async function openBenchDatabase(name: string, { pool = 10 } = {}): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dir = mkdtempSync(path.join(tmpdir(), `taproom-bench-${name}-`));
    const database = await openPglite(dir);
    return {
      database,
      where: "PGlite (embedded)",
      close: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  process.env.APP_SECRET ??= `bench-${name}-${randomBytes(24).toString("hex")}`;
  const dbName = `taproom_bench_${name.replace(/\W/g, "_")}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const target = new URL(url);
  target.pathname = `/${dbName}`;
  const database = await openPostgres(target.toString(), pool);
  return {
    database,
    where: "PostgreSQL",
    close: async () => {
      await database.close();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    },
  };
}
