import "./env";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildTemplates, TEMPLATES_ENV } from "./database";

// Once per run, before any test file: the migrated database and the migrated and seeded one, as
// templates every test file clones (test/database.ts). A fresh database per file stays the contract;
// what is no longer repeated per file is running every migration and the demo seed (on PGlite most of a
// file's set-up: ~15 s of 20 on a busy machine).
let built: { dir: string; drop: () => Promise<void> } | null = null;

export async function setup() {
  if (process.env[TEMPLATES_ENV]) return; // a second project of the same run: built already
  const dir = mkdtempSync(path.join(os.tmpdir(), "taproom-templates-"));
  const { templates, drop } = await buildTemplates(dir);
  built = { dir, drop };
  // The test files' processes start after this, with this environment.
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
}

export async function teardown() {
  if (!built) return;
  await built.drop();
  rmSync(built.dir, { recursive: true, force: true });
  built = null;
}
