// `npm run lint:refs`: every file a comment names exists. A comment that points to `lib/x/y.ts`, `y.ts` or
// `lib/x/` after the file was moved or deleted sends the next reader to nothing; this finds them. It reads
// the comments of the code (app, components, lib, sandbox, scripts, test, e2e, lint, the root's scripts) and
// the whole of ARCHITECTURE.md and README.md, the documents that describe the code as it is (the decision
// records describe it as it was, and keep the names of files since gone). Takes well under a second.
//
// A name with a folder (`lib/menus/tree.ts`, `./target.ts`, `menus/tree.ts`) must resolve from the
// repository's root, from the file's own folder, or as the tail of a file's path; a bare `tree.ts` must be
// some file's name; a folder (`lib/menus/off-screen/`) must exist. Markdown files named without a folder
// (`v4-public-api.md`) are the spec's, outside this repository, and are not checked.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", ".git", ".data", ".server", "bench-results", "test-results", "playwright-report"]);
const CODE = /\.(ts|tsx|mjs|cjs|js|grit)$/;
const CODE_ROOTS = /^(app|components|lib|sandbox|scripts|test|e2e|lint)\//;

/** Every file under the root but generated output, as root-relative paths with `/`. */
function walk(dir, out) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith(".next")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(path.relative(ROOT, full).split(path.sep).join("/"));
  }
  return out;
}

const files = walk(ROOT, []);
const fileSet = new Set(files);
const names = new Set(files.map((file) => path.posix.basename(file)));
const folders = new Set(
  files.flatMap((file) =>
    file
      .split("/")
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join("/")),
  ),
);

/** A file name with an extension a reader would follow (`./x.ts`, `lib/a/b.tsx`, `c.sql`). */
const FILE_NAME = /(?<![\w@.:/$[-])((?:\.{1,2}\/)*(?:[\w.[\]-]+\/)*[\w[\]-][\w.[\]-]*\.(?:tsx?|mjs|cjs|sql|md|css|grit))(?![\w/])/g;
/** A folder under one of the repository's own top-level folders (`lib/menus/`, `app/api/v1/[[...path]]`). */
const FOLDER = /(?<![\w@.:/$[-])((?:app|components|lib|sandbox|scripts|test|e2e|docs|public)\/[\w.[\]/-]*)/g;
/** Comments: line and block (JSX's `{/* … *\/}` included); biome-ignore lines name rules (`lint/a11y/…`), not files. */
const COMMENT = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

function exists(name, from) {
  const plain = name.replace(/^@\//, "");
  if (fileSet.has(plain) || folders.has(plain.replace(/\/$/, ""))) return true;
  const relative = path.posix.normalize(path.posix.join(path.posix.dirname(from), name)).replace(/\/$/, "");
  if (fileSet.has(relative) || folders.has(relative)) return true;
  if (!name.includes("/")) return names.has(name);
  // A path that leaves out its first folders (`menus/tree.ts` for lib/menus/tree.ts).
  return files.some((file) => file.endsWith(`/${plain}`));
}

/** Without the sentence's punctuation and a bracket it did not open (`[lib/a.ts](lib/a.ts)`, `lib/a/.`). */
function trimmed(name) {
  let out = name.replace(/[.,-]+$/, "");
  while (out.endsWith("]") && out.split("[").length < out.split("]").length) out = out.slice(0, -1);
  while (out.startsWith("[") && out.split("[").length > out.split("]").length) out = out.slice(1);
  return out;
}

/** Addresses (`https://host/page.md`) are not files here: blanked, keeping every offset. */
const withoutAddresses = (text) => text.replace(/\b[a-z]+:\/\/\S+/g, (address) => " ".repeat(address.length));

/** Checks the names in `text`, which starts at `offset` of `source` (for the line numbers). */
function check(file, text, offset, problems, source) {
  const report = ([, name], index) => problems.push(`${file}:${source.slice(0, offset + index).split("\n").length}: ${name}`);
  for (const match of withoutAddresses(text).matchAll(FILE_NAME)) {
    const name = trimmed(match[1]);
    // The spec's documents (`v4-public-api.md`, `../shared/spec/…`) are outside this repository.
    if ((name.endsWith(".md") && !name.includes("/")) || name.startsWith("../shared/")) continue;
    if (!exists(name, file)) report([match[0], name], match.index);
  }
  for (const match of withoutAddresses(text).matchAll(FOLDER)) {
    const name = trimmed(match[1]);
    if (/\.\w+$/.test(name)) continue;
    const plain = name.replace(/\/$/, "");
    const found = folders.has(plain) || ["ts", "tsx", "mjs", "js"].some((ext) => fileSet.has(`${plain}.${ext}`));
    // `docs/decisions/003`: a record by its number.
    if (!found && !files.some((file) => file.startsWith(`${plain}-`))) report([match[0], name], match.index);
  }
}

const problems = [];
for (const file of files) {
  if (file === "lint/file-references.mjs") continue; // its comments show the names it looks for
  const isCode = CODE.test(file) && (CODE_ROOTS.test(file) || !file.includes("/")) && !file.startsWith("lib/db/migrations/");
  if (isCode) {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    for (const match of source.matchAll(COMMENT)) {
      if (match[0].includes("biome-ignore") || match[0].startsWith("//#")) continue;
      check(file, match[0], match.index, problems, source);
    }
  } else if (file === "ARCHITECTURE.md" || file === "README.md") {
    const source = readFileSync(path.join(ROOT, file), "utf8");
    // Shell examples name the reader's own files (`-o taproom-api.ts`): fenced blocks are blanked.
    check(
      file,
      source.replace(/```[\s\S]*?```/g, (block) => block.replace(/[^\n]/g, " ")),
      0,
      problems,
      source,
    );
  }
}

if (problems.length > 0) {
  console.error(`Comments and documents naming files that do not exist (moved or deleted?):\n${problems.join("\n")}`);
  process.exit(1);
}
