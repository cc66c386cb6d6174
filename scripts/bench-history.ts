/**
 * History and revert benchmark (live-menus §6), in process, on embedded PGlite and, when
 * BENCH_DATABASE_URL is set, on a fresh PostgreSQL database created next to it (dropped at the end).
 * On each it builds a 20×25×3 menu (sections × items × prices) in the demo owner's first location, then:
 *   - revert to a version 200 single-price edits back (target < 1 s), measured --reverts times, each
 *     followed by a revert of the revert;
 *   - bytes added to the history (menu_changes + menu_edits, tables and indexes) by 1,000 single-price
 *     edits (target < 5 MB), and the stored jsonb per edit;
 *   - p50/p99 of listVersions (GET /menus/:id/versions, first page) and readMenuVersion
 *     (GET /menus/:id/versions/:v, 200 and 1,000 versions back) over --calls calls each (target p99 < 100 ms).
 * The lib functions the routes call are measured (no HTTP, no Next.js); figures only, no assertion.
 *
 *   npm run bench -- history
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- history --calls 200
 */
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { and, eq, sql } from "drizzle-orm";
import { openPglite, openPostgres, type Database, type Db } from "@/lib/db/client";
import { actingAs } from "@/lib/db/actor";
import { containerSizes, containers, items, locations, menus, sections, users } from "@/lib/db/schema";
import { seedDemo, DEMO } from "@/lib/demo/seed";
import { updateContainer } from "@/lib/menus/containers";
import { createMenu, readMenu } from "@/lib/menus/menus";
import { listVersions, readMenuVersion } from "@/lib/menus/history/versions";
import { revertMenu } from "@/lib/menus/history/revert";

const { values: args } = parseArgs({
  options: { calls: { type: "string", default: "100" }, reverts: { type: "string", default: "3" } },
});
const calls = Number(args.calls);
const reverts = Number(args.reverts);
const SHAPE = [20, 25, 3] as const;
const ACTOR = { user_id: null, name: "bench", via: "system" as const };

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const fmt = (n: number) => `${n.toFixed(1)} ms`;
const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function historyBytes(db: Db) {
  const [row] = await rows<{ bytes: string }>(
    db,
    sql`select (pg_total_relation_size('menu_changes') + pg_total_relation_size('menu_edits'))::text as bytes`,
  );
  return Number(row!.bytes);
}

async function buildMenu(db: Db) {
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO.owner.email));
  const [location] = await db.select().from(locations).where(eq(locations.businessId, owner!.businessId)).limit(1);
  const [size] = await db.select().from(containerSizes).limit(1);
  const menu = await actingAs(ACTOR, () => createMenu(db, { location: location!, fields: { name: "History bench" } }));
  await actingAs(ACTOR, () =>
    db.transaction(async (tx) => {
      const sectionRows = await tx
        .insert(sections)
        .values(Array.from({ length: SHAPE[0] }, (_, s) => ({ menuId: menu.id, position: s, name: `Section ${s + 1}` })))
        .returning({ id: sections.id });
      const itemRows = await tx
        .insert(items)
        .values(
          sectionRows.flatMap(({ id }, s) =>
            Array.from({ length: SHAPE[1] }, (_, i) => ({
              sectionId: id,
              position: i,
              originalName: `Beer ${s + 1}.${i + 1}`,
              originalAbv: "5.5",
            })),
          ),
        )
        .returning({ id: items.id });
      await tx
        .insert(containers)
        .values(
          itemRows.flatMap(({ id }) =>
            Array.from({ length: SHAPE[2] }, (_, c) => ({ itemId: id, containerSizeId: size!.id, price: `${5 + c}.00`, position: c })),
          ),
        );
    }),
  );
  const containerIds = (
    await db
      .select({ id: containers.id })
      .from(containers)
      .innerJoin(items, eq(items.id, containers.itemId))
      .innerJoin(sections, and(eq(sections.id, items.sectionId), eq(sections.menuId, menu.id)))
  ).map((row) => row.id);
  return { menuId: menu.id, businessId: owner!.businessId, containerIds };
}

async function priceEdits(
  db: Db,
  { businessId, containerIds }: { businessId: number; containerIds: number[] },
  count: number,
  offset: number,
) {
  for (let n = 0; n < count; n++) {
    const id = containerIds[(n * 37 + offset) % containerIds.length]!;
    await actingAs(ACTOR, () => updateContainer(db, { businessId, id, fields: { price: `${(n % 90) + 3}.${(n + offset) % 10}0` } }));
  }
}

const currentVersion = async (db: Db, menuId: number) =>
  (await db.select({ version: menus.version }).from(menus).where(eq(menus.id, menuId)))[0]!.version;

async function measure(name: string, database: Database) {
  const db = database.db;
  console.log(`\n## ${name}`);
  await seedDemo(db);
  const fixture = await buildMenu(db);
  const scope = { businessId: fixture.businessId, id: fixture.menuId };
  console.log(`menu ${fixture.menuId}: ${SHAPE.join("×")} (${fixture.containerIds.length} prices)`);

  // Bytes: 1,000 single-price edits.
  const before = await historyBytes(db);
  const firstEdited = await currentVersion(db, fixture.menuId);
  let start = process.hrtime.bigint();
  await priceEdits(db, fixture, 1000, 0);
  const editMs = ms(start);
  const after = await historyBytes(db);
  const [stored] = await rows<{ edits: string; json: string }>(
    db,
    sql`select count(*)::text as edits, sum(coalesce(pg_column_size(e.old), 0) + coalesce(pg_column_size(e.new), 0))::text as json
      from menu_edits e join menu_changes c on c.id = e.change_id where c.menu_id = ${fixture.menuId} and c.version > ${firstEdited}`,
  );
  console.log(
    `1,000 single-price edits: history +${((after - before) / 1024 / 1024).toFixed(2)} MB (tables and indexes; target < 5 MB), ` +
      `${stored!.edits} edit rows, ${(Number(stored!.json) / 1000).toFixed(0)} bytes of jsonb per edit; ${(editMs / 1000).toFixed(1)} ms per edit`,
  );

  // Revert 200 edits back, then the revert of the revert.
  const revertTimes: number[] = [];
  const undoTimes: number[] = [];
  for (let n = 0; n < reverts; n++) {
    const latest = await currentVersion(db, fixture.menuId);
    start = process.hrtime.bigint();
    await actingAs(ACTOR, () => revertMenu(db, { ...scope, version: latest - 200 }));
    revertTimes.push(ms(start));
    start = process.hrtime.bigint();
    await actingAs(ACTOR, () => revertMenu(db, { ...scope, version: latest }));
    undoTimes.push(ms(start));
    await priceEdits(db, fixture, 5, n + 1);
  }
  console.log(`revert to 200 edits back: ${revertTimes.map(fmt).join(", ")} (target < 1 s); its undo: ${undoTimes.map(fmt).join(", ")}`);

  // Reads.
  const latest = await currentVersion(db, fixture.menuId);
  const timed = async (work: () => Promise<unknown>) => {
    await work();
    const times: number[] = [];
    for (let n = 0; n < calls; n++) {
      const t = process.hrtime.bigint();
      await work();
      times.push(ms(t));
    }
    return `p50 ${fmt(quantile(times, 0.5))}, p99 ${fmt(quantile(times, 0.99))}`;
  };
  console.log(
    `readMenu full=true (the baseline, today's tree): ${await timed(() => readMenu(db, { ...scope, full: true, sourceName: null }))}`,
  );
  console.log(`listVersions, first page of 20: ${await timed(() => listVersions(db, { ...scope, limit: 20 }))} (target p99 < 100 ms)`);
  console.log(`readMenuVersion, 200 back: ${await timed(() => readMenuVersion(db, { ...scope, version: latest - 200 }))}`);
  console.log(`readMenuVersion, 1,000 back: ${await timed(() => readMenuVersion(db, { ...scope, version: latest - 1000 }))}`);
}

async function main() {
  const pglite = await openPglite("memory://");
  try {
    await measure("PGlite (embedded)", pglite);
  } finally {
    await pglite.close();
  }
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log("\nBENCH_DATABASE_URL is not set: the PostgreSQL pass is skipped.");
    return;
  }
  const name = `taproom_bench_history_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), 4);
  try {
    await measure("PostgreSQL", database);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
