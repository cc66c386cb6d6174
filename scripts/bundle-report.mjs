// Runs after `next build` (npm run build): the first-load JavaScript of every page route, raw and
// gzipped (level 9), from Next's own route-bundle-stats (chunk lists per route; Next 16 no longer prints
// sizes). Fails the build when a route is over its budget (issue 36, decision 068):
//
//   the menu board                      150 kB
//   /sign-in, /signup                    90 kB
//   the public board, the TV board      150 kB
//   every other dashboard page          200 kB  (the pages under app/(dashboard))
//
// A budgeted path served by a route handler (app/<path>/route.ts: plain HTML, decision 068) loads none
// of the framework's chunks: 0 kB of them. /board is budgeted from the build that first has it.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = process.cwd();
const MENU_BOARD = "/locations/[locationId]/menus";

/** The routes of the pages under a folder of app/ (route groups and their parentheses left out of the path). */
function pageRoutes(dir, prefix = "") {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return pageRoutes(full, /^\(.*\)$/.test(entry) ? prefix : `${prefix}/${entry}`);
    return /^page\.(tsx|ts|jsx|js)$/.test(entry) ? [prefix || "/"] : [];
  });
}

/** [route, budget in kB, required: fail when the build has no such route]. The first rule that names a route wins. */
const BUDGETS = [
  [MENU_BOARD, 150, true],
  ["/sign-in", 90, true],
  ["/signup", 90, true],
  ["/preview/menus/[menuId]", 150, true],
  ["/board", 150, true],
  ...pageRoutes(path.join(root, "app", "(dashboard)")).map((route) => [route, 200, true]),
];
const budgetOf = new Map();
for (const [route, kb, required] of BUDGETS) if (!budgetOf.has(route)) budgetOf.set(route, { kb, required });

/** Whether app/ answers `route` with a route handler (a plain HTML page) rather than a page. */
const isRouteHandler = (route) =>
  ["ts", "js"].some((ext) => existsSync(path.join(root, "app", ...route.split("/").filter(Boolean), `route.${ext}`)));

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

const table = rows.map((row) => ({
  route: row.route,
  raw: row.firstLoadUncompressedJsBytes,
  gzip: row.firstLoadChunkPaths.reduce((sum, file) => sum + gzipSize(file), 0),
  note: "",
}));
for (const [route, { required }] of budgetOf) {
  if (table.some((row) => row.route === route)) continue;
  if (isRouteHandler(route)) table.push({ route, raw: 0, gzip: 0, note: "  (route handler: plain HTML)" });
  else if (required) table.push({ route, raw: null, gzip: null, note: "" });
}
table.sort((a, b) => a.route.localeCompare(b.route));

const width = Math.max(...table.map((row) => row.route.length), 5);
console.log(
  `\nFirst-load JavaScript per route (kB; gzip level 9)\n${"route".padEnd(width)}  ${"raw".padStart(8)}  ${"gzip".padStart(8)}  budget`,
);
const over = [];
for (const row of table) {
  const budget = budgetOf.get(row.route)?.kb;
  let verdict = "";
  if (row.gzip === null) verdict = `≤ ${budget} MISSING: no stats for this budgeted route`;
  else if (budget !== undefined)
    verdict = row.gzip / 1024 <= budget ? `≤ ${budget} ok` : `> ${budget} OVER by ${kb(row.gzip - budget * 1024)}`;
  if (verdict.includes("OVER") || verdict.includes("MISSING")) over.push(row.route);
  const sizes = row.gzip === null ? `${"-".padStart(8)}  ${"-".padStart(8)}` : `${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}`;
  console.log(`${row.route.padEnd(width)}  ${sizes}  ${verdict}${row.note}`);
}
// What every page loads (the framework: React, React DOM, the router): the floor under each budget.
const shared = rows[0].firstLoadChunkPaths.filter((file) => rows.every((row) => row.firstLoadChunkPaths.includes(file)));
console.log(`framework baseline (the chunks every page loads): ${kb(shared.reduce((sum, file) => sum + gzipSize(file), 0))} kB gzip`);
if (over.length > 0) console.error(`\nbundle report: over budget or missing: ${over.join(", ")}`);
process.exit(over.length > 0 ? 1 : 0);
