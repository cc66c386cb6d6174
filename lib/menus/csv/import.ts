import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { insertRows } from "@/lib/db/bulk-insert";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, locations, menus, sections } from "@/lib/db/schema";
import { getMenu } from "@/lib/menus/access";
import { rows } from "@/lib/menus/history/target";
import type { BeerCatalogue } from "@/lib/menus/catalogue";
import { type CatalogueColumns, fromCatalogue } from "@/lib/menus/items";
import { layMatches, liftMatches } from "@/lib/pos/mappings";
import { catalogueLabels } from "@/lib/shared/labels";
import { ApiError, invalid, notFound } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { type CsvCounts, type CsvError, type CsvRow, countPlan, type PlannedItem, type PlannedSection, planRows, readCsv } from "./rows";

// PUT /menus/:id/import.csv (venue-operations §6, decision 059): the file replaces the menu's sections,
// items and containers in one transaction, so one change and one version, undone through History.
// What the file does not carry is kept from the rows it replaces where one matches (below).

type Item = typeof items.$inferSelect;
type ItemRow = typeof items.$inferInsert;
type Menu = typeof menus.$inferSelect;

const LOOKUPS_AT_ONCE = 4;
/** Imports (dry runs too) one instance works on at once; a business has one at a time (decision 077). */
export const CSV_IMPORTS_AT_ONCE = 2;
export const CSV_RETRY_AFTER_SECONDS = 5;
const working = new Set<number>();

/**
 * Between batches: the embedded database answers in microtasks, so without a macrotask turn no other
 * request of the instance even starts until the import ends; with one, those its read cache answers
 * (another business's menus, boards) are served while the import writes.
 */
async function batchWritten(table: "sections" | "items" | "containers", rows: number) {
  await new Promise<void>((resolve) => setImmediate(resolve));
  await csvImportHooks.written?.(table, rows);
}

/** Tests: called after each batch of rows written, inside the import's transaction. */
export const csvImportHooks: { written?: (table: "sections" | "items" | "containers", rows: number) => void | Promise<void> } = {};

/** A catalogue beer's columns, read from an item the business already has or from the catalogue. */
type Beer = Omit<CatalogueColumns, "untappdId">;

export type CsvImport = { dry_run: boolean; counts: CsvCounts; replaced: CsvCounts; rows: CsvRow[]; version: number };

const refuse = (errors: CsvError[]) =>
  invalid(errors, `${new Set(errors.map((error) => error.line)).size} line(s) of the file need fixing; nothing was changed.`);

/**
 * The beers the file names by untappd_id: an item of the business with that id lends its catalogue
 * columns (this menu's first), so a file exported here comes back without asking the catalogue;
 * any other id is looked up in the catalogue, and one it does not know is an error on each of its rows.
 */
const beerOf = (item: Item): Beer => ({
  originalName: item.originalName,
  originalBrewery: item.originalBrewery,
  originalStyle: item.originalStyle,
  originalDescription: item.originalDescription,
  originalAbv: item.originalAbv,
  originalIbu: item.originalIbu,
  originalCalories: item.originalCalories,
  labelImage: item.labelImage,
  labelImageHd: item.labelImageHd,
  breweryLocation: item.breweryLocation,
  untappdBeerSlug: item.untappdBeerSlug,
  untappdBreweryId: item.untappdBreweryId,
  inProduction: item.inProduction,
  rating: item.rating,
});

async function resolveBeers(
  db: Db,
  {
    businessId,
    menuId,
    plan,
    catalogue,
  }: { businessId: number; menuId: number; plan: PlannedSection[]; catalogue: Pick<BeerCatalogue, "getBeer"> },
): Promise<Map<number, Beer>> {
  const planned = plan.flatMap((section) => section.items).filter((item) => item.untappdId !== null);
  const ids = [...new Set(planned.map((item) => item.untappdId!))];
  const beers = new Map<number, Beer>();
  if (ids.length === 0) return beers;
  const known = await db
    .selectDistinctOn([items.untappdId], { untappdId: items.untappdId, item: items })
    .from(items)
    .innerJoin(sections, eq(sections.id, items.sectionId))
    .innerJoin(menus, eq(menus.id, sections.menuId))
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(locations.businessId, businessId), inArray(items.untappdId, ids)))
    .orderBy(items.untappdId, desc(sql`${menus.id} = ${menuId}`), desc(items.updatedAt));
  for (const { untappdId, item } of known) beers.set(untappdId!, beerOf(item));
  const missing = ids.filter((id) => !beers.has(id));
  // A few lookups at a time: the catalogue's hourly budget is shared with the whole dashboard.
  const found: Awaited<ReturnType<typeof catalogue.getBeer>>[] = [];
  for (let at = 0; at < missing.length; at += LOOKUPS_AT_ONCE) {
    found.push(...(await Promise.all(missing.slice(at, at + LOOKUPS_AT_ONCE).map((id) => catalogue.getBeer(id, { businessId })))));
  }
  found.forEach((beer, index) => {
    if (!beer) return;
    beers.set(missing[index]!, fromCatalogue(beer));
  });
  const errors = planned
    .filter((item) => !beers.has(item.untappdId!))
    .map((item) => ({ line: item.line, field: "untappd_id", message: `no beer ${item.untappdId} in the catalogue` }));
  if (errors.length > 0) throw refuse(errors);
  return beers;
}

async function currentCounts(db: Db, menuId: number): Promise<CsvCounts> {
  const [counts] = await rows<CsvCounts>(
    db,
    sql`select (select count(*) from ${sections} s where s.menu_id = ${menuId} and s.type = 'Section')::int as sections,
      (select count(*) from ${items} i join ${sections} s on s.id = i.section_id where s.menu_id = ${menuId} and s.type = 'Section')::int as items,
      (select count(*) from ${containers} c join ${items} i on i.id = c.item_id join ${sections} s on s.id = i.section_id
        where s.menu_id = ${menuId} and s.type = 'Section')::int as containers`,
  );
  return counts!;
}

const busy = (detail: string) =>
  new ApiError("rate_limited", `${detail} Try again in ${CSV_RETRY_AFTER_SECONDS} seconds.`, {
    headers: { "retry-after": String(CSV_RETRY_AFTER_SECONDS) },
  });

/**
 * Validates the file against the menu (every bad cell listed: 422, nothing written); with `dryRun`
 * answers what it would apply, otherwise replaces the menu's content with it in one transaction.
 * One import per business at a time and CSV_IMPORTS_AT_ONCE per instance: past them 429, Retry-After.
 */
export async function importMenuCsv(
  db: Db,
  scope: Scope & { text: string; dryRun: boolean; catalogue: Pick<BeerCatalogue, "getBeer"> },
): Promise<CsvImport> {
  if (working.has(scope.businessId)) throw busy("Another CSV import of this business is under way.");
  if (working.size >= CSV_IMPORTS_AT_ONCE) throw busy("Too many CSV imports are under way.");
  working.add(scope.businessId);
  try {
    return await importWhole(db, scope);
  } finally {
    working.delete(scope.businessId);
  }
}

async function importWhole(
  db: Db,
  { businessId, id, text, dryRun, catalogue }: Scope & { text: string; dryRun: boolean; catalogue: Pick<BeerCatalogue, "getBeer"> },
): Promise<CsvImport> {
  const { menu } = await getMenu(db, { businessId, id });
  const { rows: fileRows, errors: readErrors, delimiter } = readCsv(text);
  if (readErrors.length > 0 && fileRows.length === 0) throw refuse(readErrors);
  const sizes = await db.select({ id: containerSizes.id, name: containerSizes.name }).from(containerSizes).orderBy(containerSizes.position);
  const { sections: plan, errors } = planRows(fileRows, { sizes, delimiter });
  const all = [...readErrors, ...errors].sort((a, b) => a.line - b.line);
  if (all.length > 0) throw refuse(all);
  const beers = await resolveBeers(db, { businessId, menuId: menu.id, plan, catalogue });
  const counts = countPlan(plan);
  if (dryRun) return { dry_run: true, counts, replaced: await currentCounts(db, menu.id), rows: fileRows, version: menu.version };
  const { replaced, version } = await db.transaction(async (tx) => {
    // Lock order: location, then menu (decision 009), as every write to a tree takes them.
    await tx.execute(sql`select 1 from ${locations} where ${locations.id} = ${menu.locationId} for update`);
    const [locked] = await tx.select().from(menus).where(eq(menus.id, menu.id)).for("update");
    if (!locked) throw notFound("menu");
    const replaced = await currentCounts(tx, menu.id);
    await replaceContent(tx, locked, plan, beers);
    const [after] = await tx.select({ version: menus.version }).from(menus).where(eq(menus.id, menu.id));
    return { replaced, version: after!.version };
  });
  return { dry_run: false, counts, replaced, rows: fileRows, version };
}

// ---- the replacement ----

// Rows per INSERT: each batch is one statement with one JSON parameter (lib/db/bulk-insert.ts).
export const CSV_WRITE_BATCH = 1000;
const chunks = <T>(list: T[]) =>
  Array.from({ length: Math.ceil(list.length / CSV_WRITE_BATCH) }, (_, at) => list.slice(at * CSV_WRITE_BATCH, (at + 1) * CSV_WRITE_BATCH));
const sameNumber = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b));
/** An override only where the file differs from the catalogue: a blank cell shows the catalogue's value. */
const override = (value: string | null, original: string | null) => (value === null || value === original ? null : value);
const numberOverride = (value: string | null, original: string | null) => (value === null || sameNumber(value, original) ? null : value);

/** What identifies an item across a re-import: its catalogue id, or its section, name and brewery. */
const itemKey = (section: string, item: { untappdId: number | null; name: string; brewery: string | null }) =>
  item.untappdId !== null ? `#${item.untappdId}` : `${section}\u0000${item.name}\u0000${item.brewery ?? ""}`;

type Kept = {
  sections: Map<string, typeof sections.$inferSelect>;
  items: Map<string, Item[]>;
  containers: Map<string, typeof containers.$inferSelect>;
};

/**
 * What the file does not carry, from the rows it replaces: a section's description and public flag (by
 * name), an item's tap number, cask, nitro, calories, allergens, dietary tags, label images and 86 (by
 * itemKey, in order), a container's name, calories and place (by its item and size).
 */
async function keptFrom(tx: Db, menuId: number): Promise<Kept> {
  const oldSections = await tx
    .select()
    .from(sections)
    .where(and(eq(sections.menuId, menuId), eq(sections.type, "Section")))
    .orderBy(sections.position);
  const sectionIds = oldSections.map((section) => section.id);
  const oldItems = sectionIds.length
    ? await tx.select().from(items).where(inArray(items.sectionId, sectionIds)).orderBy(items.sectionId, items.position)
    : [];
  const oldContainers = oldItems.length
    ? await tx
        .select()
        .from(containers)
        .where(
          inArray(
            containers.itemId,
            oldItems.map((item) => item.id),
          ),
        )
    : [];
  const kept: Kept = { sections: new Map(), items: new Map(), containers: new Map() };
  const sectionName = new Map(oldSections.map((section) => [section.id, section.name]));
  for (const section of oldSections) if (!kept.sections.has(section.name)) kept.sections.set(section.name, section);
  for (const item of oldItems) {
    const key = itemKey(sectionName.get(item.sectionId)!, {
      untappdId: item.untappdId,
      name: item.customName ?? item.originalName,
      brewery: item.customBrewery ?? item.originalBrewery,
    });
    kept.items.set(key, [...(kept.items.get(key) ?? []), item]);
  }
  for (const container of oldContainers) kept.containers.set(`${container.itemId}:${container.containerSizeId}`, container);
  return kept;
}

function itemValues(planned: PlannedItem, beer: Beer | undefined, before: Item | undefined): Omit<ItemRow, "sectionId" | "position"> {
  const venue = {
    tapNumber: before?.tapNumber ?? null,
    cask: before?.cask ?? false,
    nitro: before?.nitro ?? false,
    customCalories: before?.customCalories ?? null,
    eightySixedAt: before?.eightySixedAt ?? null,
    eightySixedUntil: before?.eightySixedUntil ?? null,
    eightySixedReason: before?.eightySixedReason ?? null,
    // What guests are told is in it (venue-operations §13): the file does not carry it.
    ...(before ? { allergens: before.allergens, dietary: before.dietary } : {}),
  };
  if (!beer) {
    return {
      ...venue,
      untappdId: null,
      originalName: planned.name,
      originalBrewery: planned.brewery,
      originalStyle: planned.style,
      originalDescription: planned.description,
      originalAbv: planned.abv,
      originalIbu: planned.ibu,
      originalCalories: before?.originalCalories ?? null,
      labelImage: before?.labelImage ?? null,
      labelImageHd: before?.labelImageHd ?? null,
    };
  }
  return {
    ...beer,
    // A catalogue beer starts with what its style says, as one added by hand does (decision 084).
    ...catalogueLabels(beer.originalStyle),
    ...venue,
    ...(before ? { labelImage: before.labelImage, labelImageHd: before.labelImageHd, inProduction: before.inProduction } : {}),
    untappdId: planned.untappdId,
    customName: planned.name === "" ? null : override(planned.name, beer.originalName),
    customBrewery: override(planned.brewery, beer.originalBrewery),
    customStyle: override(planned.style, beer.originalStyle),
    customDescription: override(planned.description, beer.originalDescription),
    customAbv: numberOverride(planned.abv, beer.originalAbv),
    customIbu: numberOverride(planned.ibu, beer.originalIbu),
  };
}

/** Deletes the menu's sections (their items and containers with them) and inserts the file's, in batches. */
async function replaceContent(tx: Db, menu: Menu, plan: PlannedSection[], beers: Map<number, Beer>) {
  const kept = await keptFrom(tx, menu.id);
  // Which old row each new one stands for (an item by itemKey, in order; a container by its item and size).
  const planned = plan.flatMap((section, at) =>
    section.items.map((item, position) => {
      const before = kept.items.get(itemKey(section.name, item))?.shift();
      const sizes = item.containers.map((container) => ({
        container,
        old: before ? kept.containers.get(`${before.id}:${container.sizeId}`) : undefined,
      }));
      return { item, before, sizes, at, position };
    }),
  );
  const successors = planned.flatMap(({ sizes }) => sizes.flatMap(({ old }) => old ?? []));
  // The POS keeps the items that come back: their matches move to the new rows, no removal owed.
  const lifted = await liftMatches(
    tx,
    planned.flatMap(({ before }) => (before ? [before.id] : [])),
    successors.map((container) => container.id),
  );
  // Leaves first, then their parents: each row's history trigger finds its menu through a parent still
  // there (a cascade would leave it to search this transaction's edits, once per row).
  const ofMenu = and(eq(sections.menuId, menu.id), eq(sections.type, "Section"));
  const sectionIds = tx.select({ id: sections.id }).from(sections).where(ofMenu);
  await tx
    .delete(containers)
    .where(inArray(containers.itemId, tx.select({ id: items.id }).from(items).where(inArray(items.sectionId, sectionIds))));
  await tx.delete(items).where(inArray(items.sectionId, sectionIds));
  await tx.delete(sections).where(ofMenu);
  if (plan.length === 0) return;
  const sectionId = new Map<number, number>();
  const newSections = plan.map((section, position) => {
    const before = kept.sections.get(section.name);
    return { menuId: menu.id, position, name: section.name, description: before?.description ?? null, public: before?.public ?? true };
  });
  for (const batch of chunks(newSections)) {
    for (const row of await insertRows(tx, sections, batch, ["id", "position"])) sectionId.set(row.position, row.id);
    await batchWritten("sections", batch.length);
  }
  const itemIds = new Map<string, number>();
  for (const batch of chunks(planned)) {
    const inserted = await insertRows(
      tx,
      items,
      batch.map(({ item, before, at, position }) => ({
        ...itemValues(item, item.untappdId === null ? undefined : beers.get(item.untappdId), before),
        sectionId: sectionId.get(at)!,
        position,
      })),
      ["id", "sectionId", "position"],
    );
    for (const row of inserted) itemIds.set(`${row.sectionId}:${row.position}`, row.id);
    await batchWritten("items", batch.length);
  }
  const newItemId = ({ at, position }: { at: number; position: number }) => itemIds.get(`${sectionId.get(at)!}:${position}`)!;
  // Guests read an item's prices by volume (decision 081), and the file lists them so: the positions an
  // item's kept containers had stay in their order, new ones after them in the file's.
  const newContainers = planned.flatMap(({ sizes, at: sectionAt, position }) =>
    sizes
      .map(({ container, old }, at) => ({ container, at, old }))
      .sort((a, b) => (a.old?.position ?? Number.POSITIVE_INFINITY) - (b.old?.position ?? Number.POSITIVE_INFINITY) || a.at - b.at)
      .map(({ container, old }, at) => ({
        itemId: newItemId({ at: sectionAt, position }),
        containerSizeId: container.sizeId,
        price: container.price,
        name: old?.name ?? null,
        calories: old?.calories ?? null,
        position: at,
      })),
  );
  const containerIds = new Map<string, number>();
  for (const batch of chunks(newContainers)) {
    for (const row of await insertRows(tx, containers, batch, ["id", "itemId", "containerSizeId"]))
      containerIds.set(`${row.itemId}:${row.containerSizeId}`, row.id);
    await batchWritten("containers", batch.length);
  }
  const itemOf = new Map(planned.flatMap((row) => (row.before ? [[row.before.id, newItemId(row)] as const] : [])));
  const containerOf = new Map(
    successors.flatMap((old) => {
      const id = containerIds.get(`${itemOf.get(old.itemId)}:${old.containerSizeId}`);
      return id === undefined ? [] : [[old.id, id] as const];
    }),
  );
  await layMatches(tx, lifted, itemOf, containerOf);
}
