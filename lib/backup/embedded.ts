import { createHmac, timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { appKey } from "@/lib/auth/secret";
import { createPglite, dumpPglite, openPglite, runningMarker } from "@/lib/db/client";
import { checkIntegrity } from "./integrity";

// Backups of the embedded database (issue 32 item 4, decision 060): `npm run backup -- FILE` and
// `npm run restore -- FILE`. PGlite is one process's: while the app runs, only the app may read its
// directory, so the backup asks the app (POST /api/backup, local, with a key derived from the app's
// secret) for PGlite's own dump taken between two transactions; with no app running it opens the
// directory itself. A restore never touches a running app's directory and swaps directories by rename.

export type RunningApp = { pid: number; url: string };

/** The app holding `dataDir`, from the marker it keeps (lib/db/client.ts), or null when none runs. */
export function runningApp(dataDir: string): RunningApp | null {
  const marker = runningMarker(dataDir);
  if (!existsSync(marker)) return null;
  try {
    const app = JSON.parse(readFileSync(marker, "utf8")) as RunningApp;
    process.kill(app.pid, 0); // throws when no such process: a marker left by a crash
    return app;
  } catch {
    return null;
  }
}

/** The backup route's key: derived from the app's secret, so anyone who can read that secret may ask. */
export function backupKey(): string {
  return createHmac("sha256", appKey()).update("taproom:backup").digest("base64url");
}

export function isBackupKey(given: string | null): boolean {
  if (!given) return false;
  const expected = Buffer.from(backupKey());
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Writes `bytes` to `file` by way of a temporary file and a rename: a reader never sees half a backup. */
function writeAtomically(file: string, bytes: Uint8Array) {
  const temporary = `${file}.partial-${process.pid}`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
}

export type BackupResult = { file: string; bytes: number; via: "running app" | "directory" };

/** `npm run backup -- FILE`: the embedded database at `dataDir` as a gzipped tarball in FILE. */
export async function backupTo(file: string, dataDir: string): Promise<BackupResult> {
  const app = runningApp(dataDir);
  let bytes: Uint8Array;
  if (app) {
    const response = await fetch(`${app.url.replace(/\/$/, "")}/api/backup`, { method: "POST", headers: { "x-backup-key": backupKey() } });
    if (!response.ok)
      throw new Error(`The running app (pid ${app.pid}, ${app.url}) refused the backup: ${response.status} ${await response.text()}`);
    bytes = new Uint8Array(await response.arrayBuffer());
  } else {
    if (!existsSync(dataDir)) throw new Error(`No embedded database at ${dataDir}.`);
    const client = await createPglite({ dataDir });
    try {
      bytes = new Uint8Array(await (await dumpPglite(client)).arrayBuffer());
    } finally {
      await client.close();
    }
  }
  writeAtomically(file, bytes);
  return { file, bytes: bytes.byteLength, via: app ? "running app" : "directory" };
}

export type RestoreResult = { dataDir: string; previous: string | null };

/**
 * `npm run restore -- FILE`: unpacks the backup into a new directory beside `dataDir`, migrates it to
 * this release, checks it (checkIntegrity), then renames the current directory aside (kept, never
 * deleted) and the new one into place. Refuses while an app runs on `dataDir`.
 */
export async function restoreFrom(file: string, dataDir: string, now = new Date()): Promise<RestoreResult> {
  const app = runningApp(dataDir);
  if (app) {
    throw new Error(
      `An app is running on ${dataDir} (pid ${app.pid}, ${app.url}): stop it first. A restore never overwrites the data of a running app.`,
    );
  }
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`No backup file at ${file}.`);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  const fresh = `${dataDir}.restoring-${stamp}`;
  try {
    const database = await openPglite(fresh, undefined, new Blob([readFileSync(file)]));
    try {
      const report = await checkIntegrity(database.db);
      if (!report.ok) throw new Error(`The backup fails the integrity checks:\n- ${report.problems.join("\n- ")}`);
    } finally {
      await database.close();
    }
  } catch (error) {
    rmSync(fresh, { recursive: true, force: true });
    throw error;
  }
  let previous: string | null = null;
  if (existsSync(dataDir)) {
    previous = `${dataDir}.before-restore-${stamp}`;
    renameSync(dataDir, previous);
  }
  renameSync(fresh, dataDir);
  return { dataDir, previous };
}
