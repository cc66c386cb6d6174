import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import pg from "pg";
import { migrationsFolder, openPglite, openPostgres, installDatabase, POOL_TIMES, type Database } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed";

/** A test file's database; `url` names a PostgreSQL one, so a test can open a second instance on it. */
export type TestDatabase = Database & { url: string | null };

/** A database the test server holds for one test file: created now, dropped by `drop`. */
async function createPostgresDatabase(url: string) {
  const name = `taproom_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { url: target.toString(), drop };
}

const postgresUrl = () => (process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined);

/** A fresh database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function freshDatabase(): Promise<TestDatabase> {
  const server = postgresUrl();
  if (!server) return { ...(await openPglite("memory://")), url: null };
  const { url, drop } = await createPostgresDatabase(server);
  // A test waits for a free connection as long as it takes: its own timeout bounds it (decision 073).
  const database = await openPostgres(url, 20, migrationsFolder, { ...POOL_TIMES, waitMs: 0 });
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

export async function installFreshDatabase({ seed = true } = {}): Promise<TestDatabase> {
  const database = await freshDatabase();
  if (seed) await seedDemo(database.db);
  installDatabase(database);
  return database;
}

/** A migrations folder holding the migrations up to and including `lastTag` (`0016_token_hash_lookup`), as that release shipped them. */
function migrationsThrough(lastTag: string): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  const folder = mkdtempSync(path.join(os.tmpdir(), "taproom-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, last + 1);
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return folder;
}

/**
 * A fresh database as the release whose last migration was `lastTag` left it (PGlite in a directory of
 * its own, or a new PostgreSQL database), and `upgrade()`, which closes it and opens it again as the
 * current release starts: running every migration since. Close what `upgrade()` answers to remove it.
 */
export async function databaseAsOf(lastTag: string): Promise<{ database: Database; upgrade: () => Promise<TestDatabase> }> {
  const folder = migrationsThrough(lastTag);
  const server = postgresUrl();
  if (server) {
    const { url, drop } = await createPostgresDatabase(server);
    const database = await openPostgres(url, 5, folder);
    const upgrade = async (): Promise<TestDatabase> => {
      await database.close();
      rmSync(folder, { recursive: true, force: true });
      const upgraded = await openPostgres(url, 20);
      return {
        ...upgraded,
        url,
        close: async () => {
          await upgraded.close();
          await drop();
        },
      };
    };
    return { database, upgrade };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "taproom-pglite-"));
  const database = await openPglite(dir, folder);
  const upgrade = async (): Promise<TestDatabase> => {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
    const upgraded = await openPglite(dir);
    return {
      ...upgraded,
      url: null,
      close: async () => {
        await upgraded.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  };
  return { database, upgrade };
}
