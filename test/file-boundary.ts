import { afterAll } from "vitest";
import { resetEnvForTests } from "@/lib/server/env";

/**
 * Test files share their worker's process and modules (vitest.config.ts: `isolate: false`): what one
 * file sets must not reach the next. Each setup file calls this in its own body, which Vitest runs again
 * before every test file (an imported module's body runs once a worker): the environment the file
 * starts with is put back when it ends, and the settings read from it are read afresh. Process state
 * kept per database (lib/db/process-global.ts: WeakMaps keyed by the database) starts empty with each
 * file's fresh database.
 */
export function fileBoundary() {
  const started = { ...process.env };
  resetEnvForTests();
  afterAll(() => {
    for (const name of Object.keys(process.env)) if (!(name in started)) delete process.env[name];
    Object.assign(process.env, started);
    resetEnvForTests();
  });
}
