import { randomBytes } from "node:crypto";
import pg from "pg";
import { openPglite, openPostgres, installDatabase, type Database } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed";

/** A test file's database; `url` names a PostgreSQL one, so a test can open a second instance on it. */
export type TestDatabase = Database & { url: string | null };

/** A fresh database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function freshDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB !== "postgres" || !url) return { ...(await openPglite("memory://")), url: null };
  const name = `taproom_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 20);
  return {
    ...database,
    url: target.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export async function installFreshDatabase({ seed = true } = {}): Promise<TestDatabase> {
  const database = await freshDatabase();
  if (seed) await seedDemo(database.db);
  installDatabase(database);
  return database;
}
