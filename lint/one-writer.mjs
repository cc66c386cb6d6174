// One writer of changes (decision 085), checked by `npm run lint` (`lint:writers`): a change enters the
// feed only through lib/live/changes.ts's `recordChange` or the database's triggers, and a notification
// goes out only through lib/live/bus.ts's `notify` or the database's `taproom_notify`. So, outside the
// writers named below: no `insert into menu_changes` (as SQL or as Drizzle's insert(menuChanges)), no
// pg_notify, no call of the SQL writers themselves, and no copy of the "is a change of the menu" filter.
// The migrations up to 0032 are history and stay as they shipped; a later migration calls taproom_notify
// and taproom_insert_change. And one list of listeners: a background worker hears the bus through the
// job runner (a `wakeOn` job in instrumentation.ts's list), so only the per-connection streams and the
// read cache subscribe themselves.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** The last migration allowed to hold the writers' own SQL (it defines them). */
export const LAST_WRITER_MIGRATION = 32;

const RULES = [
  {
    name: "insert-menu-changes",
    pattern: /insert\s+into\s+(?:"?public"?\.)?"?menu_changes"?\b|\.insert\(\s*(?:schema\.)?menuChanges\s*\)/i,
    allowed: [],
    message: "a change is recorded by recordChange (lib/live/changes.ts) or the triggers, never inserted",
  },
  {
    name: "raw-pg-notify",
    pattern: /\bpg_notify\s*\(/i,
    allowed: [],
    message: "notify through lib/live/bus.ts's notify(tx, event) (taproom_notify in SQL), never pg_notify",
  },
  {
    name: "sql-writers",
    pattern: /\btaproom_(?:notify|insert_change|record_change)\s*\(/i,
    allowed: ["lib/live/bus.ts", "lib/live/changes.ts"],
    sqlAllowed: true,
    message: "the SQL writers are called by lib/live/bus.ts's notify and lib/live/changes.ts's recordChange only",
  },
  {
    name: "bus-subscribe",
    pattern: /^import\s*(?:type\s*)?\{[^}]*\bsubscribe\b[^}]*\}\s*from\s*"(?:@\/lib\/live|\.\.?(?:\/live)?)\/bus"/,
    allowed: [
      "instrumentation.ts",
      "lib/live/stream.ts",
      "lib/live/read-cache.ts",
      "lib/menus/display-stream.ts",
      "lib/boards/device-stream.ts",
    ],
    allowedUnder: ["test/"],
    message:
      "a background worker is a job with `wakeOn` in instrumentation.ts's list (the runner subscribes for it), not a subscriber of its own",
  },
  {
    name: "menu-change-filter",
    pattern: /not\s+like\s+'board\./i,
    allowed: [],
    sqlAllowed: true,
    message: "filter a menu's own changes with ofTheMenu() (lib/live/changes.ts), not a copy of its SQL",
  },
];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const ROOTS = ["app", "components", "lib", "sandbox", "scripts", "e2e", "test"];
const SKIP = new Set(["node_modules", ".next", ".server", ".data"]);

function migrationNumber(file) {
  const match = /^lib\/db\/migrations\/(\d+)_[^/]+\.sql$/.exec(file);
  return match ? Number(match[1]) : null;
}

/**
 * The violations in `files` (`{ file, text }`, paths relative to the repository): `file:line` and the rule.
 * A migration up to LAST_WRITER_MIGRATION is history: it may hold anything; a later one may call the
 * SQL writers but not bypass them.
 */
export function findViolations(files) {
  const found = [];
  for (const { file, text } of files) {
    const migration = migrationNumber(file);
    if (migration !== null && migration <= LAST_WRITER_MIGRATION) continue;
    if (migration === null && !SOURCE.test(file)) continue;
    // This checker names the patterns it forbids, and its own test writes them.
    if (file === "lint/one-writer.mjs" || file === "test/lint/one-writer.unit.test.ts") continue;
    const lines = text.split("\n");
    for (const rule of RULES) {
      if (rule.allowed.includes(file) || rule.allowedUnder?.some((dir) => file.startsWith(dir))) continue;
      if (migration !== null && rule.sqlAllowed) continue;
      lines.forEach((line, index) => {
        if (rule.pattern.test(line)) found.push({ file, line: index + 1, rule: rule.name, message: rule.message });
      });
    }
  }
  return found;
}

function walk(dir, into) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, into);
    else into.push(full);
  }
  return into;
}

/** Every file the rules look at, under `root`. */
export function repositoryFiles(root = process.cwd()) {
  const names = ROOTS.flatMap((dir) => walk(path.join(root, dir), [])).concat(
    readdirSync(root)
      .filter((name) => SOURCE.test(name))
      .map((name) => path.join(root, name)),
  );
  return names
    .map((name) => path.relative(root, name).split(path.sep).join("/"))
    .filter((file) => SOURCE.test(file) || migrationNumber(file) !== null)
    .map((file) => ({ file, text: readFileSync(path.join(root, file), "utf8") }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const violations = findViolations(repositoryFiles());
  for (const v of violations) console.error(`${v.file}:${v.line}  ${v.rule}: ${v.message}`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} write(s) around the one writer of changes (lint/one-writer.mjs, decision 085)`);
    process.exit(1);
  }
}
