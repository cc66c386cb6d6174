// Runs after `next build` (npm run build): the first-load JavaScript of every page route, raw and
// gzipped (level 9), from Next's own route-bundle-stats (chunk lists per route; Next 16 no longer prints
// sizes). Fails the build when a route is over its budget (issue 36, decision 068):
//
//   the menu editor                      150 kB
//   /sign-in, /signup                   the framework baseline + 10 kB (decision 092)
//   the menu display, the TV board      150 kB
//   every other dashboard page          200 kB  (the pages under app/(dashboard))
//
// The framework baseline is what every page loads (React, React DOM, the router): the chunks all routes share.
// /board is budgeted from the build that first has it.
import { readdirSync, readFileSync, statSync } from "node:fs";
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

/** What sign-in and sign-up may load beyond the framework baseline (decision 092): their form and its Server Action. */
const WAY_IN_OVER_BASELINE_KB = 10;

/**
 * [route, budget in kB (a number, or "baseline" plus kB), required: fail when the build has no such route].
 * The first rule that names a route wins.
 */
const BUDGETS = [
  [MENU_BOARD, 150, true],
  ["/sign-in", { baselinePlus: WAY_IN_OVER_BASELINE_KB }, true],
  ["/signup", { baselinePlus: WAY_IN_OVER_BASELINE_KB }, true],
  ["/preview/menus/[menuId]", 150, true],
  ["/board", 150, true],
  ...pageRoutes(path.join(root, "app", "(dashboard)")).map((route) => [route, 200, true]),
];
const budgetOf = new Map();
for (const [route, kb, required] of BUDGETS) if (!budgetOf.has(route)) budgetOf.set(route, { kb, required });

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
  if (!required || table.some((row) => row.route === route)) continue;
  table.push({ route, raw: null, gzip: null, note: "" });
}
// What every page loads (the framework: React, React DOM, the router): the floor under each budget.
const shared = rows[0].firstLoadChunkPaths.filter((file) => rows.every((row) => row.firstLoadChunkPaths.includes(file)));
const baseline = shared.reduce((sum, file) => sum + gzipSize(file), 0);
/** A budget in kB: a number, or the baseline plus some. */
const budgetKb = (kb) => (typeof kb === "number" ? kb : Math.round((baseline / 1024 + kb.baselinePlus) * 10) / 10);
table.sort((a, b) => a.route.localeCompare(b.route));

const width = Math.max(...table.map((row) => row.route.length), 5);
console.log(
  `\nFirst-load JavaScript per route (kB; gzip level 9)\n${"route".padEnd(width)}  ${"raw".padStart(8)}  ${"gzip".padStart(8)}  budget`,
);
const over = [];
for (const row of table) {
  const rule = budgetOf.get(row.route);
  const budget = rule && budgetKb(rule.kb);
  let verdict = "";
  if (row.gzip === null) verdict = `≤ ${budget} MISSING: no stats for this budgeted route`;
  else if (budget !== undefined)
    verdict = row.gzip / 1024 <= budget ? `≤ ${budget} ok` : `> ${budget} OVER by ${kb(row.gzip - budget * 1024)}`;
  if (verdict.includes("OVER") || verdict.includes("MISSING")) over.push(row.route);
  const sizes = row.gzip === null ? `${"-".padStart(8)}  ${"-".padStart(8)}` : `${kb(row.raw).padStart(8)}  ${kb(row.gzip).padStart(8)}`;
  console.log(`${row.route.padEnd(width)}  ${sizes}  ${verdict}${row.note}`);
}
console.log(
  `framework baseline (the chunks every page loads): ${kb(baseline)} kB gzip; /sign-in and /signup may load ${WAY_IN_OVER_BASELINE_KB} kB more`,
);
if (over.length > 0) console.error(`\nbundle report: over budget or missing: ${over.join(", ")}`);
process.exit(over.length > 0 ? 1 : 0);
