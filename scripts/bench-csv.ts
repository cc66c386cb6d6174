/**
 * Menu CSV benchmark (venue-operations §6, decision 059), in process on an in-memory PGlite: builds a
 * menu of 2,000 CSV rows (20 sections × 50 items × 2 prices; names with commas, quotes, line breaks
 * and non-ASCII; 50 items are catalogue beers the demo already has), then measures, --runs times each:
 *   - export (exportMenuCsv: the tree read and the file written),
 *   - import dry run of that file into an empty menu (parse, checks, catalogue ids, counts),
 *   - import applied into the empty menu (one transaction of 2,000 rows), and re-applied over itself
 *     (the 2,000 rows it replaces deleted in the same transaction).
 * For each: the time, the heap delta (heapUsed after − before, after a GC when node runs with
 * --expose-gc) and the process's peak RSS so far. Then (decision 077) a file of --rows rows (CSV_MAX_ROWS by
 * default, the limit) applied into an empty menu while another caller asks `select 1` over and over:
 * the longest that caller waited is how long the import held the embedded database; and a file past
 * the limit, refused before any write. The lib functions the routes call are measured (no
 * HTTP, no Next.js); figures only, no assertion.
 *
 *   npm run bench -- csv
 *   NODE_OPTIONS=--expose-gc npm run bench -- csv --runs 5
 */
import { parseArgs } from "node:util";
import { eq, isNotNull, sql } from "drizzle-orm";
import { openPglite, type Db } from "@/lib/db/client";
import { actingAs } from "@/lib/db/actor";
import { containerSizes, containers, items, locations, menus, sections, users } from "@/lib/db/schema";
import { seedDemo, DEMO } from "@/lib/demo/seed";
import type { BeerCatalogue } from "@/lib/menus/catalogue";
import { exportMenuCsv } from "@/lib/menus/csv/export";
import { importMenuCsv } from "@/lib/menus/csv/import";
import { CSV_MAX_ROWS } from "@/lib/menus/csv/rows";
import { createMenu } from "@/lib/menus/menus";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "3" }, rows: { type: "string", default: String(CSV_MAX_ROWS) } },
});
const runs = Number(args.runs);
const bigRows = Number(args.rows);
const SHAPE = { sections: 20, items: 50, prices: 2 } as const;
const ACTOR = { user_id: null, name: "bench", via: "system" as const };
// Every catalogue id in the file is one the business already has: the catalogue is never asked.
const noCatalogue: BeerCatalogue = {
  getBeer: async () => {
    throw new Error("the benchmark's file names only beers the business has");
  },
  searchBeers: async () => ({ beers: [], near: [] }),
};

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; heap: number; peakRss: number }> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  const result = await work();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  return { result, ms, heap, peakRss: process.resourceUsage().maxRSS * 1024 };
}

const NAMES = ['Hazy "Best", Ever', "Weißbier «Spezial»", "日本のラガー", "Cask ale\nsecond line", "Porter; dark", "Pils"];

async function buildMenu(db: Db) {
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO.owner.email));
  const [location] = await db.select().from(locations).where(eq(locations.businessId, owner!.businessId)).limit(1);
  const sizes = await db.select().from(containerSizes).limit(SHAPE.prices);
  const known = await db.selectDistinct({ id: items.untappdId }).from(items).where(isNotNull(items.untappdId)).limit(50);
  const menu = await actingAs(ACTOR, () => createMenu(db, { location: location!, fields: { name: "CSV bench" } }));
  await actingAs(ACTOR, () =>
    db.transaction(async (tx) => {
      const sectionRows = await tx
        .insert(sections)
        .values(Array.from({ length: SHAPE.sections }, (_, s) => ({ menuId: menu.id, position: s, name: `Section ${s + 1}, «${s}»` })))
        .returning({ id: sections.id });
      let n = 0;
      const itemValues = sectionRows.flatMap(({ id }, s) =>
        Array.from({ length: SHAPE.items }, (_, i) => ({
          sectionId: id,
          position: i,
          untappdId: n < known.length ? known[n++]!.id : null,
          originalName: `${NAMES[(s + i) % NAMES.length]} ${s + 1}.${i + 1}`,
          originalBrewery: "Brauerei Ölmühle, Ltd.",
          originalStyle: "Lager",
          originalDescription: 'Crisp, with a "dry" finish.\nServed cold.',
          originalAbv: "5.5",
          originalIbu: "22",
        })),
      );
      const itemRows = await tx.insert(items).values(itemValues).returning({ id: items.id });
      await tx
        .insert(containers)
        .values(
          itemRows.flatMap(({ id }) =>
            sizes.map((size, p) => ({ itemId: id, containerSizeId: size.id, price: `${6 + p}.50`, position: p })),
          ),
        );
    }),
  );
  return { location: location!, businessId: owner!.businessId, menuId: menu.id };
}

async function main() {
  const database = await openPglite("memory://");
  const db = database.db;
  try {
    await seedDemo(db);
    const fixture = await buildMenu(db);
    const scope = { businessId: fixture.businessId, id: fixture.menuId };
    const line = (what: string, m: { ms: number; heap: number; peakRss: number }) =>
      console.log(`${what.padEnd(34)} ${m.ms.toFixed(1).padStart(8)} ms   heap Δ ${mb(m.heap).padStart(9)}   peak RSS ${mb(m.peakRss)}`);
    console.log(`PGlite (in memory); ${gc ? "GC before each measure" : "no --expose-gc: heap deltas include garbage"}`);
    // PGlite's database lives in this process: the RSS before any CSV work is the floor the peaks stand on.
    console.log(`peak RSS with the demo and the 2,000-row menu built, before any CSV work: ${mb(process.resourceUsage().maxRSS * 1024)}`);
    for (let run = 1; run <= runs; run++) {
      console.log(`\n## run ${run}`);
      const exported = await measured(() => exportMenuCsv(db, scope));
      const { csv } = exported.result;
      if (run === 1) console.log(`file: ${csv.split("\r\n").length - 2} rows, ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB`);
      line("export", exported);
      const empty = await actingAs(ACTOR, () => createMenu(db, { location: fixture.location, fields: { name: `CSV target ${run}` } }));
      const target = { businessId: fixture.businessId, id: empty.id };
      const call =
        (dryRun: boolean, into = target) =>
        () =>
          actingAs(ACTOR, () => importMenuCsv(db, { ...into, text: csv, dryRun, catalogue: noCatalogue }));
      const dry = await measured(call(true));
      line(`import dry run (${dry.result.counts.containers} prices)`, dry);
      line("import applied into an empty menu", await measured(call(false)));
      line("import re-applied over itself", await measured(call(false)));
      const [after] = await db.select({ version: menus.version }).from(menus).where(eq(menus.id, empty.id));
      if (run === 1) console.log(`the target menu went from version 1 to ${after!.version}: one version per applied import`);
    }
    await heldFor(db, fixture, bigRows);
    await heldFor(db, fixture, CSV_MAX_ROWS * 2);
  } finally {
    await database.close();
  }
}

/** A file of `rows` rows (an item and a price each) applied while another caller keeps asking the database. */
async function heldFor(db: Db, fixture: Awaited<ReturnType<typeof buildMenu>>, rows: number) {
  const [size] = await db.select().from(containerSizes).limit(1);
  const csv = [
    "section,item,brewery,style,abv,ibu,description,container,price,untappd_id",
    ...Array.from({ length: rows }, (_, at) => `Shelf ${Math.floor(at / 100)},Beer ${at},Brewery,IPA,5.5,40,,${size!.name},6.50,`),
  ].join("\r\n");
  const menu = await actingAs(ACTOR, () => createMenu(db, { location: fixture.location, fields: { name: `CSV ${rows} rows` } }));
  let running = true;
  let longest = 0;
  let asked = 0;
  const other = (async () => {
    while (running) {
      const start = performance.now();
      await db.execute(sql`select 1`);
      longest = Math.max(longest, performance.now() - start);
      asked += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const start = performance.now();
  const cpu = process.cpuUsage();
  let outcome: string;
  try {
    const result = await actingAs(ACTOR, () =>
      importMenuCsv(db, { businessId: fixture.businessId, id: menu.id, text: csv, dryRun: false, catalogue: noCatalogue }),
    );
    outcome = `applied (${result.counts.items} items)`;
  } catch (error) {
    outcome = `refused: ${(error as { status?: number }).status} ${(error as Error).message}`;
  }
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  running = false;
  await other;
  console.log(
    `\n${rows} rows (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KiB): ${outcome}\n  ${ms.toFixed(0)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms); another caller's longest wait ${longest.toFixed(0)} ms over ${asked} asks`,
  );
}

await main();
