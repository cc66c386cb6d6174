import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import pg from "pg";
import { migrationsFolder, openPglite, openPostgres, installDatabase, POOL_TIMES, type Database } from "@/lib/db/client";
import { seedDemo } from "@/lib/demo/seed";

/** A test file's database; `url` names a PostgreSQL one, so a test can open a second instance on it. */
export type TestDatabase = Database & { url: string | null };

/** A database the test server holds for one test file: created now (a copy of `template` when given), dropped by `drop`. */
async function createPostgresDatabase(url: string, { template, prefix = "taproom_test" }: { template?: string; prefix?: string } = {}) {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { name, url: target.toString(), drop };
}

const postgresUrl = () => (process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined);

/**
 * The run's template databases (test/global-setup.ts): every migration run, and the demo seed on top
 * (`seeded`). PGlite's are data directories as dumpDataDir's tarballs; PostgreSQL's are databases
 * that CREATE DATABASE … TEMPLATE copies. Nothing connects to a template after it is built.
 */
type Templates = {
  pglite: { bare: string; seeded: string };
  postgres: { bare: string; seeded: string } | null;
};
export const TEMPLATES_ENV = "TAPROOM_TEST_TEMPLATES";

/** Builds the templates (PGlite's under `dir`); `drop` removes PostgreSQL's. */
export async function buildTemplates(dir: string): Promise<{ templates: Templates; drop: () => Promise<void> }> {
  const pglite = { bare: path.join(dir, "bare.tar.gz"), seeded: path.join(dir, "seeded.tar.gz") };
  const embedded = await openPglite("memory://");
  try {
    const dump = async (file: string) => writeFileSync(file, Buffer.from(await (await embedded.dumpDataDir!()).arrayBuffer()));
    await dump(pglite.bare);
    await seedDemo(embedded.db);
    await dump(pglite.seeded);
  } finally {
    await embedded.close();
  }
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { templates: { pglite, postgres: null }, drop: async () => {} };
  const bare = await createPostgresDatabase(server, { prefix: "taproom_template" });
  await (await openPostgres(bare.url, 2)).close();
  const seeded = await createPostgresDatabase(server, { template: bare.name, prefix: "taproom_template" });
  const seeding = await openPostgres(seeded.url, 2);
  try {
    await seedDemo(seeding.db);
  } finally {
    await seeding.close();
  }
  const drop = async () => {
    await bare.drop();
    await seeded.drop();
  };
  return { templates: { pglite, postgres: { bare: bare.name, seeded: seeded.name } }, drop };
}

function templates(): Templates | null {
  const value = process.env[TEMPLATES_ENV];
  return value ? (JSON.parse(value) as Templates) : null;
}

/** The run's PGlite template (`seeded`: with the demo data) as a data directory's tarball for openPglite, if there is one. */
export function pgliteTemplate({ seeded = false } = {}): Blob | undefined {
  const template = templates();
  return template ? new Blob([readFileSync(template.pglite[seeded ? "seeded" : "bare"])]) : undefined;
}

/**
 * A fresh database for one test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's
 * server; a copy of the run's template (migrated, and `seeded` with the demo data), or, without one,
 * migrated (and seeded) here.
 */
export async function freshDatabase({ seeded = false } = {}): Promise<TestDatabase> {
  const server = postgresUrl();
  const template = templates();
  const which = seeded ? "seeded" : "bare";
  let database: Database;
  let url: string | null = null;
  if (!server) {
    database = await openPglite("memory://", migrationsFolder, pgliteTemplate({ seeded }));
  } else {
    const created = await createPostgresDatabase(server, { template: template?.postgres?.[which] });
    // A test waits for a free connection as long as it takes: its own timeout bounds it (decision 073).
    const opened = await openPostgres(created.url, 20, migrationsFolder, { ...POOL_TIMES, waitMs: 0 });
    url = created.url;
    database = {
      ...opened,
      close: async () => {
        await opened.close();
        await created.drop();
      },
    };
  }
  // Without a template (a run that skipped the global set-up), the copy's seed is done here.
  if (seeded && !(server ? template?.postgres : template)) await seedDemo(database.db);
  return { ...database, url };
}

export async function installFreshDatabase({ seed = true } = {}): Promise<TestDatabase> {
  const database = await freshDatabase({ seeded: seed });
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
