/**
 * Printed menu benchmark (venue-operations §9, decision 066), in process on an in-memory PGlite: builds
 * a menu of 500 items (25 sections × 20 items, 2 prices each, a description on every item), then times
 * printMenu (the full menu read, the guests' view and the PDF drawn with its fonts) for each layout on
 * both papers, --runs times each, the first run of each cold (the tree read, the fonts parsed). With
 * --out DIR it also writes each PDF there, and the demo menu's, to look at (pdftoppm -png).
 * The lib function the route calls is measured (no HTTP, no Next.js); figures only, no assertion.
 * Decision 077: the PDF is drawn on the print worker thread and kept, so each line also gives the
 * event loop's longest stall while it printed (what every other request of the instance waits), and a
 * second ask of the same PDF is timed (kept: nothing drawn). --items N prints a menu of N items too
 * (2,000 by default, the limit), and one past the limit is refused.
 *
 *   npm run bench -- print
 *   npm run bench -- print --runs 5 --out /tmp/print
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq } from "drizzle-orm";
import { openPglite, type Db } from "@/lib/db/client";
import { actingAs } from "@/lib/db/actor";
import { containerSizes, containers, items, locations, menus, sections, users } from "@/lib/db/schema";
import { seedDemo, DEMO } from "@/lib/demo/seed";
import { createMenu } from "@/lib/menus/menus";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { PRINT_MAX_ITEMS, printMenu } from "@/lib/menus/off-screen/print";
import { forgetPrinted, printStats } from "@/lib/menus/off-screen/print-pool";
import { LAYOUTS, PAPERS } from "@/lib/menus/schemas/off-screen";

const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "3" }, out: { type: "string" }, items: { type: "string", default: String(PRINT_MAX_ITEMS) } },
});
const runs = Number(args.runs);
const SHAPE = { sections: 25, items: 20, prices: 2 } as const;
const ACTOR = { user_id: null, name: "bench", via: "system" as const };
const STYLES = ["IPA - American", "Stout - Imperial", "Pilsner - Czech", "Sour - Gose", "Porter - Baltic", "Lager - Helles"];

async function buildMenu(db: Db, shape: { sections: number; items: number; prices: number } = SHAPE) {
  const [owner] = await db.select().from(users).where(eq(users.email, DEMO.owner.email));
  const [location] = await db.select().from(locations).where(eq(locations.businessId, owner!.businessId)).limit(1);
  const sizes = await db.select().from(containerSizes).limit(shape.prices);
  const menu = await actingAs(ACTOR, () =>
    createMenu(db, { location: location!, fields: { name: `Print bench ${shape.sections * shape.items}` } }),
  );
  await actingAs(ACTOR, () =>
    db.transaction(async (tx) => {
      const sectionRows = await tx
        .insert(sections)
        .values(Array.from({ length: shape.sections }, (_, s) => ({ menuId: menu.id, position: s, name: `Section ${s + 1}` })))
        .returning({ id: sections.id });
      const itemRows = await tx
        .insert(items)
        .values(
          sectionRows.flatMap(({ id }, s) =>
            Array.from({ length: shape.items }, (_, i) => ({
              sectionId: id,
              position: i,
              originalName: `Bench Beer ${s + 1}.${i + 1}`,
              originalBrewery: "Brauerei Ölmühle",
              originalStyle: STYLES[(s + i) % STYLES.length]!,
              originalDescription: "Crisp and dry, with a long bitter finish and a little stone fruit on the nose.",
              originalAbv: "5.5",
              originalIbu: "22",
              tapNumber: String(s * shape.items + i + 1),
            })),
          ),
        )
        .returning({ id: items.id });
      await tx
        .insert(containers)
        .values(
          itemRows.flatMap(({ id }) =>
            sizes.map((size, p) => ({ itemId: id, containerSizeId: size.id, price: `${6 + p}.50`, position: p })),
          ),
        );
    }),
  );
  return { businessId: owner!.businessId, locationId: location!.id, menuId: menu.id };
}

async function main() {
  const database = await openPglite("memory://");
  const db = database.db;
  try {
    await seedDemo(db);
    const fixture = await buildMenu(db);
    const scope = { businessId: fixture.businessId, id: fixture.menuId };
    console.log(`PGlite (in memory); a menu of ${SHAPE.sections * SHAPE.items} items, ${SHAPE.prices} prices each`);
    const timed = async (what: string, menuScope: typeof scope, paper: (typeof PAPERS)[number], layout: (typeof LAYOUTS)[number]) => {
      const stall = monitorEventLoopDelay({ resolution: 10 });
      stall.enable();
      const drawn = printStats.drawn;
      const start = process.hrtime.bigint();
      const { pdf } = await printMenu(db, menuScope, { paper, layout });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      stall.disable();
      const again = process.hrtime.bigint();
      await printMenu(db, menuScope, { paper, layout });
      const againMs = Number(process.hrtime.bigint() - again) / 1e6;
      const pages = (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
      console.log(
        `${what.padEnd(30)} ${ms.toFixed(1).padStart(8)} ms   ${String(pages).padStart(3)} pages   ${(pdf.byteLength / 1024).toFixed(0).padStart(5)} KiB   loop stall ≤ ${(stall.max / 1e6).toFixed(0)} ms   again ${againMs.toFixed(1)} ms (drawn ${printStats.drawn - drawn})`,
      );
      return pdf;
    };
    for (let run = 1; run <= runs; run++) {
      console.log(`\n## run ${run}`);
      // Each run draws again: the kept PDFs are forgotten.
      forgetPrinted();
      for (const layout of LAYOUTS)
        for (const paper of PAPERS) {
          const pdf = await timed(`${layout} on ${paper}`, scope, paper, layout);
          if (args.out && run === 1) write(`bench-${layout}-${paper}.pdf`, pdf);
        }
    }
    const many = Number(args.items);
    const big = await buildMenu(db, { sections: Math.ceil(many / 100), items: 100, prices: 2 });
    console.log(`\n## a menu of ${Math.ceil(many / 100) * 100} items`);
    await timed("list on a4", { businessId: big.businessId, id: big.menuId }, "a4", "list");
    const over = await buildMenu(db, { sections: PRINT_MAX_ITEMS / 100 + 1, items: 100, prices: 1 });
    try {
      await printMenu(db, { businessId: over.businessId, id: over.menuId }, { paper: "a4", layout: "list" });
      console.log(`a menu of ${PRINT_MAX_ITEMS + 100} items: printed (the limit did not hold)`);
    } catch (error) {
      console.log(
        `a menu of ${PRINT_MAX_ITEMS + 100} items: refused, ${(error as { status?: number }).status} ${(error as Error).message}`,
      );
    }
    if (args.out) {
      // The demo location's published menus as they print, to look at.
      const published = await db
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.locationId, fixture.locationId), eq(menus.unpublished, false)));
      for (const { id } of published)
        for (const layout of LAYOUTS)
          for (const paper of PAPERS)
            write(`demo-${id}-${layout}-${paper}.pdf`, (await printMenu(db, { ...scope, id }, { paper, layout })).pdf);
    }
  } finally {
    await database.close();
  }
}

function write(name: string, pdf: Buffer) {
  mkdirSync(args.out!, { recursive: true });
  writeFileSync(path.join(args.out!, name), pdf);
}

await main();
