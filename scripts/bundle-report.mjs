// Runs after `next build` (npm run build): the first-load JavaScript of every page route, raw and
// gzipped, from Next's own route-bundle-stats (chunk lists per route; Next 16 no longer prints sizes).
// Fails the build when a route is over its budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGETS_KB = { "/locations/[locationId]/menus": 250, "/locations/[locationId]/boards": 200, "/board": 150 };

const distDir = process.env.NEXT_DIST_DIR || ".next";
const statsFile = path.join(distDir, "diagnostics", "route-bundle-stats.json");
let rows;
try {
  rows = JSON.parse(readFileSync(statsFile, "utf8"));
} catch {
  console.error(`bundle report: ${statsFile} not found; run next build first.`);
  process.exit(1);
}

const gzipped = new Map();
const gzipSize = (file) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gzipped.get(file);
};
const kb = (bytes) => (bytes / 1024).toFixed(1);

const table = rows
  .map((row) => ({
    route: row.route,
    raw: row.firstLoadUncompressedJsBytes,
    gzip: row.firstLoadChunkPaths.reduce((sum, file) => sum + gzipSize(file), 0),
  }))
  .sort((a, b) => a.route.localeCompare(b.route));

const width = Math.max(...table.map((row) => row.route.length), 5);
console.log(
  `\nFirst-load JavaScript per route (kB; gzip level 9)\n${"route".padEnd(width)}  ${"raw".padStart(8)}  ${"gzip".padStart(8)}  budget`,
);
let over = false;
for (const row of table) {
  const budget = BUDGETS_KB[row.route];
  const verdict = budget === undefined ? "" : row.gzip / 1024 <= budget ? `≤ ${budget} ok` : `> ${budget} OVER`;
  over ||= verdict.endsWith("OVER");
  console.log(`${row.route.padEnd(width)}  ${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}  ${verdict}`);
}
for (const route of Object.keys(BUDGETS_KB)) {
  if (!table.some((row) => row.route === route)) {
    console.error(`bundle report: no stats for budgeted route ${route}`);
    over = true;
  }
}
process.exit(over ? 1 : 0);
