import path from "node:path";
import { readdirSync, statSync } from "node:fs";

/** The folder of the /api/v1 route files. */
export const V1_ROOT = path.resolve(import.meta.dirname, "../app/api/v1");

/** Every `route.ts` under `dir` (default: all of /api/v1), for the tests that hold each route to a rule. */
export const routeFiles = (dir: string = V1_ROOT): string[] =>
  readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return entry === "route.ts" ? [full] : [];
  });
