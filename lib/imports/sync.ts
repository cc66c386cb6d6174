import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, events, hours, items, menus, sections } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { WEEKDAYS } from "@/lib/shared/weekdays";
import { KINDS } from "./schemas";
import type { SourceContainer, SourceEvent, SourceHour, SourceItem, SourceMenu, SourceSection, SourceSnapshot } from "./source";

// Bringing a location in line with a snapshot of its source (venue-operations §6), inside the caller's
// transaction. Each record taken from the source keeps `source_id`, "<origin>#<kind>:<id>": the origin
// (the source's base URL and location) tells one source's records from another's and from the venue's
// own (null), the kind keeps a custom menu's ids apart from a menu's. A record of this origin is
// created, updated (only the fields that differ, so a run against an unchanged source writes nothing
// and raises no version) or removed when the source no longer has it; the venue's own records are never
// touched, and keep their order after the imported ones. The same walk answers the dry run's plan: the
// caller runs it in a transaction it rolls back (lib/imports/imports.ts), so the plan is exactly what
// the import would do.

export type Kind = (typeof KINDS)[number];
export type Tally = { create: number; update: number; remove: number; unchanged: number };
export type Conflict = { kind: string; message: string };
export type Removal = { type: string; name: string };
export type Plan = { counts: Record<Kind, Tally>; conflicts: Conflict[]; removals: Removal[] };

const emptyPlan = (): Plan => ({
  counts: Object.fromEntries(KINDS.map((kind) => [kind, { create: 0, update: 0, remove: 0, unchanged: 0 }])) as Record<Kind, Tally>,
  conflicts: [],
  removals: [],
});

/** The prefix of every source_id an import from `baseUrl`'s location `sourceLocationId` writes. */
export const originOf = (normalizedBaseUrl: string, sourceLocationId: number) => `${normalizedBaseUrl}/locations/${sourceLocationId}`;

// ---- Comparing a stored row with what the source says --------------------------------------------

const NUMERIC = new Set(["originalAbv", "originalIbu", "customAbv", "customIbu", "rating", "price", "latitude", "longitude"]);

/** Keys sorted at every level: jsonb does not keep the order an object was written in. */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, stable((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function same(key: string, stored: unknown, wanted: unknown): boolean {
  if (key === "eightySixedAt") return (stored ?? null) === null ? (wanted ?? null) === null : (wanted ?? null) !== null;
  if (stored === null || stored === undefined || wanted === null || wanted === undefined) return (stored ?? null) === (wanted ?? null);
  if (stored instanceof Date || wanted instanceof Date) return new Date(stored as Date).getTime() === new Date(wanted as Date).getTime();
  if (NUMERIC.has(key)) return Number(stored) === Number(wanted);
  if (typeof stored === "object" || typeof wanted === "object") return JSON.stringify(stable(stored)) === JSON.stringify(stable(wanted));
  return stored === wanted;
}

/** The fields of `wanted` that differ from `stored`. */
function differing<T extends Record<string, unknown>>(stored: Record<string, unknown>, wanted: T): Partial<T> {
  return Object.fromEntries(Object.entries(wanted).filter(([key, value]) => !same(key, stored[key], value))) as Partial<T>;
}

/** Timestamps as the source has them (a source that leaves them out: now, as a new record would). */
const stamps = (record: { created_at: Date | null; updated_at: Date | null }) => ({
  ...(record.created_at ? { createdAt: record.created_at } : {}),
  ...(record.updated_at ? { updatedAt: record.updated_at } : {}),
});

// ---- The source's records as this app's columns ------------------------------------------------------

const str = (value: string | number | null | undefined) => (value === null || value === undefined ? null : String(value));
const int = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === "" ? null : Math.round(Number(value));

function itemColumns(item: SourceItem) {
  const original = <T>(answered: T | undefined, plain: T) => (answered === undefined ? plain : answered);
  return {
    untappdId: item.untappd_id,
    originalName: str(original(item.original_name, item.name)) ?? "",
    originalBrewery: str(original(item.original_brewery, item.brewery)),
    originalStyle: str(original(item.original_style, item.style)),
    originalDescription: str(original(item.original_description, item.description)),
    originalAbv: str(original(item.original_abv, item.abv)),
    originalIbu: str(original(item.original_ibu, item.ibu)),
    originalCalories: int(original(item.original_calories, item.calories)),
    customName: item.custom_name,
    customBrewery: item.custom_brewery,
    customStyle: item.custom_style,
    customDescription: item.custom_description,
    customAbv: item.custom_abv,
    customIbu: item.custom_ibu,
    customCalories: item.custom_calories,
    labelImage: item.label_image,
    labelImageHd: item.label_image_hd,
    breweryLocation: item.brewery_location,
    untappdBeerSlug: item.untappd_beer_slug,
    untappdBreweryId: item.untappd_brewery_id,
    tapNumber: item.tap_number,
    cask: item.cask,
    nitro: item.nitro,
    inProduction: item.in_production,
    rating: item.rating,
    // An 86 in force at the source is in force here, from when the source last changed the item; only
    // whether it is set is compared (./same), so a run does not move the start of one already here.
    eightySixedAt: item.eighty_sixed ? (item.updated_at ?? new Date()) : null,
    eightySixedUntil: item.eighty_sixed ? item.eighty_sixed_until : null,
    eightySixedReason: item.eighty_sixed ? (item.eighty_sixed_reason ?? null) : null,
    ...(item.allergens ? { allergens: item.allergens } : {}),
    ...(item.dietary ? { dietary: item.dietary } : {}),
    ...stamps(item),
  };
}

const eventColumns = (event: SourceEvent) => ({
  name: event.name,
  description: event.description ?? "",
  startTime: event.start_time!,
  endTime: event.end_time,
  link: event.link,
  locationName: event.location_name,
  street: event.street,
  city: event.city,
  state: event.state,
  zip: event.zip,
  country: event.country,
  latitude: event.latitude,
  longitude: event.longitude,
  placeJson: event.place_json ?? null,
  fromFacebook: event.from_facebook,
  ...stamps(event),
});

/** `2000-01-01T18:30:00.000Z` (the v1 answer) or `18:30[:00]` → `18:30:00`. */
function wallClock(value: string | null): string | null {
  if (!value) return null;
  const match = /(?:T|^)(\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  return match ? `${match[1]}:${match[2]}:${match[3] ?? "00"}` : null;
}

// ---- The walk ------------------------------------------------------------------------------------------

type Sizes = Map<string, { id: number; name: string }>;

type Walk = {
  tx: Db;
  origin: string;
  plan: Plan;
  sizes: Sizes;
  /** "<kind>:<id>" of every record removed so far (what went with it is counted from here). */
  removed: Set<string>;
};

const ownedBy = (origin: string, sourceId: string | null) => sourceId?.startsWith(`${origin}#`) === true;

/**
 * One sibling list under one parent: the source's records in the source's order, the venue's own after
 * them in their order. Creates (in one statement), updates and removes; answers each source record's
 * local id. `columns` are what the source says of each record, as this app's columns.
 */
async function syncList<Source extends { id: number }, Row extends { id: number; sourceId: string | null; position: number }>(
  walk: Walk,
  {
    kind,
    table,
    idColumn,
    stored,
    wanted,
    prefix,
    columns,
    parent,
    name,
    keeps,
  }: {
    kind: Exclude<Kind, "events" | "hours">;
    table: PgTable;
    idColumn: AnyPgColumn;
    /** The list's stored rows (all of them: the venue's own too). */
    stored: Row[];
    wanted: Source[];
    /** "menu" or "custom_menu": the kind part of the source id. */
    prefix: (record: Source) => string;
    columns: (record: Source) => Record<string, unknown>;
    /** The parent column's value for new rows, and for rows moved here from another parent. */
    parent: Record<string, unknown>;
    name: (row: Row) => string;
    /** Whether the venue has added something of its own to the row (it is kept, as the venue's). */
    keeps?: (row: Row) => boolean;
  },
): Promise<Map<Source, number>> {
  const { tx, origin, plan } = walk;
  const tally = plan.counts[kind];
  const bySource = new Map(stored.filter((row) => row.sourceId !== null).map((row) => [row.sourceId!, row]));
  const ids = new Map<Source, number>();
  const wantedIds = new Set(wanted.map((record) => `${origin}#${prefix(record)}:${record.id}`));
  const gone = stored.filter((row) => ownedBy(origin, row.sourceId) && !wantedIds.has(row.sourceId!));
  const kept = await removeGone(walk, { kind, table, idColumn, gone, name, keeps });
  // The venue's own, and what it added to that the source no longer has, after the source's records.
  const own = stored.filter((row) => !ownedBy(origin, row.sourceId) || kept.has(row.id)).sort((a, b) => a.position - b.position);
  const inserts: { record: Source; values: Record<string, unknown> }[] = [];
  for (const [position, record] of wanted.entries()) {
    const sourceId = `${origin}#${prefix(record)}:${record.id}`;
    const values = { ...columns(record), ...parent, position };
    const row = bySource.get(sourceId);
    if (!row) {
      inserts.push({ record, values: { ...values, sourceId } });
      continue;
    }
    ids.set(record, row.id);
    const changed = differing(row as unknown as Record<string, unknown>, values);
    if (Object.keys(changed).length === 0) {
      tally.unchanged++;
      continue;
    }
    await tx.update(table).set(changed).where(eq(idColumn, row.id));
    // A move in the list alone (the source's order, or the venue's own records making room) is not an update of the record.
    if (Object.keys(changed).some((key) => key !== "position")) tally.update++;
    else tally.unchanged++;
  }
  if (inserts.length > 0) {
    // Matched back by source id: the order of RETURNING is not promised.
    const created = (await tx
      .insert(table)
      .values(inserts.map(({ values }) => values))
      .returning({ id: idColumn, sourceId: sql<string>`${sql.identifier("source_id")}` })) as { id: number; sourceId: string }[];
    const createdIds = new Map(created.map((row) => [row.sourceId, row.id]));
    for (const { record, values } of inserts) ids.set(record, createdIds.get(values.sourceId as string)!);
    tally.create += inserts.length;
  }
  for (const [offset, row] of own.entries()) {
    const position = wanted.length + offset;
    if (row.position !== position) await tx.update(table).set({ position }).where(eq(idColumn, row.id));
  }
  return ids;
}

function containerColumns(walk: Walk, container: SourceContainer) {
  const sizeName = container.container_size?.name ?? null;
  const size = sizeName === null ? null : (walk.sizes.get(sizeName.trim().toLowerCase()) ?? null);
  if (sizeName !== null && size === null && !walk.plan.conflicts.some((conflict) => conflict.message.includes(`“${sizeName}”`))) {
    walk.plan.conflicts.push({
      kind: "container_size",
      message: `No container size here is named “${sizeName}”: its prices are imported with that name and no size.`,
    });
  }
  const label = container.name ?? sizeName;
  return {
    containerSizeId: size?.id ?? null,
    // A label that is just the size's name is not kept: the answer names the size (contract §4).
    name: size && label === size.name ? null : label,
    price: container.price ?? "0",
    calories: container.calories,
    ...stamps(container),
  };
}

const kindOf = (legacy: boolean, kind: string) => (legacy ? `custom_${kind}` : kind);

async function syncMenuTree(walk: Walk, menuId: number, menu: SourceMenu) {
  const { tx } = walk;
  const storedSections = await tx.select().from(sections).where(eq(sections.menuId, menuId));
  const sectionIds = storedSections.map((section) => section.id);
  const storedItems = sectionIds.length ? await tx.select().from(items).where(inArray(items.sectionId, sectionIds)) : [];
  const itemIds = storedItems.map((item) => item.id);
  const storedContainers = itemIds.length ? await tx.select().from(containers).where(inArray(containers.itemId, itemIds)) : [];

  const sectionLists: { type: "Section" | "OnDeckSection"; wanted: SourceSection[] }[] = [
    { type: "Section", wanted: menu.sections },
    { type: "OnDeckSection", wanted: menu.on_deck_section ? [menu.on_deck_section] : [] },
  ];
  const placed: { sectionId: number; section: SourceSection }[] = [];
  const onDeck = menu.on_deck_section;
  const onDeckId = onDeck && `${walk.origin}#${kindOf(menu.legacy, "section")}:${onDeck.id}`;
  const storedOnDeck = storedSections.filter((section) => section.type === "OnDeckSection");
  if (onDeckId && !storedOnDeck.some((section) => ownedBy(walk.origin, section.sourceId)) && storedOnDeck[0]) {
    // A menu has one on-deck section: the venue's own becomes the source's rather than a second one.
    await tx.update(sections).set({ sourceId: onDeckId }).where(eq(sections.id, storedOnDeck[0].id));
    storedOnDeck[0].sourceId = onDeckId;
  }
  for (const { type, wanted } of sectionLists) {
    const ids = await syncList(walk, {
      kind: "sections",
      table: sections,
      idColumn: sections.id,
      stored: storedSections.filter((section) => section.type === type),
      wanted,
      prefix: () => kindOf(menu.legacy, "section"),
      columns: (section) => ({
        type,
        name: section.name ?? "",
        description: section.description,
        public: section.public,
        ...stamps(section),
      }),
      parent: { menuId },
      name: (row) => row.name,
      keeps: (row) => storedItems.some((item) => item.sectionId === row.id && !ownedBy(walk.origin, item.sourceId)),
    });
    for (const [section, sectionId] of ids) placed.push({ sectionId, section });
  }
  // Items and containers are matched across the whole menu, so one moved to another section at the
  // source moves here too instead of being removed and created again: of the rows the removals above
  // did not take (directly or with their section), what the source no longer has anywhere in the menu
  // is removed first, then each list takes its own rows and the ones moving in.
  const sectionOf = new Map(storedItems.map((item) => [item.id, item.sectionId]));
  const alive = (kind: "sections" | "items", id: number) => !walk.removed.has(`${kind}:${id}`);
  const itemAlive = (id: number) => alive("items", id) && alive("sections", sectionOf.get(id)!);
  const itemKey = (item: SourceItem) => `${walk.origin}#${kindOf(menu.legacy, "item")}:${item.id}`;
  const wantedItems = new Set(placed.flatMap(({ section }) => section.items.map(itemKey)));
  const itemsLeft = await removeUnwanted(walk, {
    kind: "items",
    rows: storedItems.filter((item) => alive("sections", item.sectionId)),
    wanted: wantedItems,
    table: items,
    idColumn: items.id,
    name: (row) => row.customName ?? row.originalName,
    keeps: (row) => storedContainers.some((container) => container.itemId === row.id && !ownedBy(walk.origin, container.sourceId)),
  });
  const placedItems: { itemId: number; item: SourceItem }[] = [];
  for (const { sectionId, section } of placed) {
    const here = new Set(section.items.map(itemKey));
    const ids = await syncList(walk, {
      kind: "items",
      table: items,
      idColumn: items.id,
      stored: itemsLeft.filter(
        (item) =>
          (item.sourceId !== null && here.has(item.sourceId)) || (item.sectionId === sectionId && !ownedBy(walk.origin, item.sourceId)),
      ),
      wanted: section.items,
      prefix: () => kindOf(menu.legacy, "item"),
      columns: (item) => itemColumns(item),
      parent: { sectionId },
      name: (row) => row.customName ?? row.originalName,
    });
    for (const [item, itemId] of ids) placedItems.push({ itemId, item });
  }
  const containerKey = (container: SourceContainer) => `${walk.origin}#${kindOf(menu.legacy, "container")}:${container.id}`;
  const containersLeft = await removeUnwanted(walk, {
    kind: "containers",
    rows: storedContainers.filter((container) => itemAlive(container.itemId)),
    wanted: new Set(placedItems.flatMap(({ item }) => item.containers.map(containerKey))),
    table: containers,
    idColumn: containers.id,
    name: (row) => `${row.name ?? "price"} ${row.price}`,
  });
  for (const { itemId, item } of placedItems) {
    const here = new Set(item.containers.map(containerKey));
    await syncList(walk, {
      kind: "containers",
      table: containers,
      idColumn: containers.id,
      stored: containersLeft.filter(
        (container) =>
          (container.sourceId !== null && here.has(container.sourceId)) ||
          (container.itemId === itemId && !ownedBy(walk.origin, container.sourceId)),
      ),
      // In the source's own order of its prices: their positions where it answers them, else as listed.
      wanted: item.containers
        .map((container, at) => ({ container, at }))
        .sort((a, b) => (a.container.position ?? a.at) - (b.container.position ?? b.at) || a.at - b.at)
        .map(({ container }) => container),
      prefix: () => kindOf(menu.legacy, "container"),
      columns: (container) => containerColumns(walk, container),
      parent: { itemId },
      name: (row) => `${row.name ?? "price"} ${row.price}`,
    });
  }
  // What the cascade took with the sections removed above, for the plan's counts.
  const gone = storedItems.filter((item) => walk.removed.has(`sections:${item.sectionId}`));
  const goneIds = new Set(gone.map((item) => item.id));
  walk.plan.counts.items.remove += gone.length;
  walk.plan.counts.containers.remove += storedContainers.filter((container) => goneIds.has(container.itemId)).length;
}

/**
 * Removes records of this origin the source no longer has (their own children go with them), except
 * one the venue has added something of its own to: that one is kept as the venue's (its source_id
 * cleared) and said in the plan, so nothing a person added is lost. Answers the ids kept.
 */
async function removeGone<Row extends { id: number; sourceId: string | null }>(
  walk: Walk,
  {
    kind,
    table,
    idColumn,
    gone,
    name,
    keeps,
  }: {
    kind: Exclude<Kind, "events" | "hours">;
    table: PgTable;
    idColumn: AnyPgColumn;
    gone: Row[];
    name: (row: Row) => string;
    keeps?: (row: Row) => boolean;
  },
): Promise<Set<number>> {
  const kept = gone.filter((row) => keeps?.(row) ?? false);
  const removed = gone.filter((row) => !kept.includes(row));
  const noun = kind.slice(0, -1);
  if (removed.length > 0) {
    await walk.tx.delete(table).where(
      inArray(
        idColumn,
        removed.map((row) => row.id),
      ),
    );
    walk.plan.counts[kind].remove += removed.length;
    for (const row of removed) walk.plan.removals.push({ type: noun, name: name(row) });
    for (const row of removed) walk.removed.add(`${kind}:${row.id}`);
  }
  if (kept.length > 0) {
    await walk.tx
      .update(table)
      .set({ sourceId: null })
      .where(
        inArray(
          idColumn,
          kept.map((row) => row.id),
        ),
      );
    for (const row of kept) {
      row.sourceId = null;
      walk.plan.conflicts.push({
        kind: noun,
        message: `The source no longer has the ${noun} “${name(row)}”, but you added to it here: it is kept as your own.`,
      });
    }
  }
  return new Set(kept.map((row) => row.id));
}

/** Removes the rows of this origin the source no longer has anywhere in the menu; answers the rest. */
async function removeUnwanted<Row extends { id: number; sourceId: string | null }>(
  walk: Walk,
  {
    kind,
    rows,
    wanted,
    table,
    idColumn,
    name,
    keeps,
  }: {
    kind: "items" | "containers";
    rows: Row[];
    wanted: Set<string>;
    table: PgTable;
    idColumn: AnyPgColumn;
    name: (row: Row) => string;
    keeps?: (row: Row) => boolean;
  },
): Promise<Row[]> {
  const gone = rows.filter((row) => ownedBy(walk.origin, row.sourceId) && !wanted.has(row.sourceId!));
  await removeGone(walk, { kind, table, idColumn, gone, name, keeps });
  return rows.filter((row) => !walk.removed.has(`${kind}:${row.id}`));
}

async function syncEvents(walk: Walk, location: Location, wanted: SourceEvent[]) {
  const { tx, origin, plan } = walk;
  const tally = plan.counts.events;
  const stored = await tx
    .select()
    .from(events)
    .where(and(eq(events.locationId, location.id), like(events.sourceId, `${origin}#%`)));
  const bySource = new Map(stored.map((row) => [row.sourceId!, row]));
  const wantedIds = new Set(wanted.map((event) => `${origin}#event:${event.id}`));
  const gone = stored.filter((row) => !wantedIds.has(row.sourceId!));
  if (gone.length > 0) {
    await tx.delete(events).where(
      inArray(
        events.id,
        gone.map((row) => row.id),
      ),
    );
    tally.remove += gone.length;
    for (const row of gone) plan.removals.push({ type: "event", name: row.name });
  }
  const inserts: (typeof events.$inferInsert)[] = [];
  for (const event of wanted) {
    const sourceId = `${origin}#event:${event.id}`;
    const values = eventColumns(event);
    const row = bySource.get(sourceId);
    if (!row) {
      inserts.push({ ...values, locationId: location.id, sourceId });
      continue;
    }
    const changed = differing(row as unknown as Record<string, unknown>, values);
    if (Object.keys(changed).length === 0) tally.unchanged++;
    else {
      await tx.update(events).set(changed).where(eq(events.id, row.id));
      tally.update++;
    }
  }
  if (inserts.length > 0) await tx.insert(events).values(inserts);
  tally.create += inserts.length;
}

async function syncHours(walk: Walk, location: Location, wanted: SourceHour[]) {
  const { tx, plan } = walk;
  const stored = await tx.select().from(hours).where(eq(hours.locationId, location.id));
  for (const hour of wanted) {
    const day = WEEKDAYS.indexOf(hour.day.toLowerCase() as (typeof WEEKDAYS)[number]);
    if (day < 0) continue;
    const values = {
      alwaysOpen: hour.always_open,
      closed: hour.closed,
      openAt: hour.always_open || hour.closed ? null : wallClock(hour.open_at),
      closeAt: hour.always_open || hour.closed ? null : wallClock(hour.close_at),
    };
    const row = stored.find((entry) => entry.day === day);
    if (!row) {
      await tx.insert(hours).values({ ...values, locationId: location.id, day });
      plan.counts.hours.create++;
      continue;
    }
    const changed = differing(row as unknown as Record<string, unknown>, values);
    if (Object.keys(changed).length === 0) plan.counts.hours.unchanged++;
    else {
      await tx
        .update(hours)
        .set({ ...changed, updatedAt: sql`now()` })
        .where(eq(hours.id, row.id));
      plan.counts.hours.update++;
    }
  }
}

/**
 * The menus the source no longer has: which of them the venue has added sections to (kept), and what
 * removing the others takes with it (the cascade), counted before it does.
 */
async function goneMenus(walk: Walk, storedMenus: (typeof menus.$inferSelect)[], wanted: Set<string>): Promise<Set<number>> {
  const candidates = storedMenus.filter((row) => ownedBy(walk.origin, row.sourceId) && !wanted.has(row.sourceId!)).map((row) => row.id);
  if (candidates.length === 0) return new Set();
  const added = await walk.tx
    .selectDistinct({ menuId: sections.menuId })
    .from(sections)
    .where(and(inArray(sections.menuId, candidates), sql`coalesce(${sections.sourceId}, '') not like ${`${walk.origin}#%`}`));
  const keep = new Set(added.map((row) => row.menuId));
  const gone = candidates.filter((id) => !keep.has(id));
  if (gone.length === 0) return keep;
  const goneSections = walk.tx.select({ id: sections.id }).from(sections).where(inArray(sections.menuId, gone));
  const goneItems = walk.tx.select({ id: items.id }).from(items).where(inArray(items.sectionId, goneSections));
  const [counted] = await walk.tx
    .select({
      sections: sql<number>`(select count(*)::int from ${sections} where ${inArray(sections.menuId, gone)})`,
      items: sql<number>`(select count(*)::int from ${items} where ${inArray(items.sectionId, goneSections)})`,
      containers: sql<number>`(select count(*)::int from ${containers} where ${inArray(containers.itemId, goneItems)})`,
    })
    .from(sql`(select 1) as one`);
  walk.plan.counts.sections.remove += Number(counted?.sections ?? 0);
  walk.plan.counts.items.remove += Number(counted?.items ?? 0);
  walk.plan.counts.containers.remove += Number(counted?.containers ?? 0);
  return keep;
}

/** Writes the snapshot into `location` in `tx` and answers what it did. */
export async function syncLocation(
  tx: Db,
  { location, origin, snapshot }: { location: Location; origin: string; snapshot: SourceSnapshot },
): Promise<Plan> {
  const plan = emptyPlan();
  const sizes: Sizes = new Map(
    (await tx.select({ id: containerSizes.id, name: containerSizes.name }).from(containerSizes)).map((size) => [
      size.name.trim().toLowerCase(),
      size,
    ]),
  );
  const walk: Walk = { tx, origin, plan, sizes, removed: new Set() };
  if (snapshot.location.currency && snapshot.location.currency !== location.currency) {
    plan.conflicts.push({
      kind: "currency",
      message: `The source's prices are in ${snapshot.location.currency}, this location's in ${location.currency}: the amounts are imported as they are.`,
    });
  }
  // One import at a time per location: the location row is locked for the rest of the transaction.
  await tx.execute(sql`select 1 from locations where id = ${location.id} for update`);
  const storedMenus = await tx.select().from(menus).where(eq(menus.locationId, location.id)).orderBy(asc(menus.position));
  const keptMenus = await goneMenus(
    walk,
    storedMenus,
    new Set(snapshot.menus.map((menu) => `${origin}#${kindOf(menu.legacy, "menu")}:${menu.id}`)),
  );
  const ids = await syncList(walk, {
    kind: "menus",
    table: menus,
    idColumn: menus.id,
    stored: storedMenus,
    wanted: snapshot.menus,
    prefix: (menu) => kindOf(menu.legacy, "menu"),
    columns: (menu) => ({
      name: menu.name,
      description: menu.description,
      footer: menu.footer,
      unpublished: menu.unpublished,
      ...stamps(menu),
    }),
    parent: { locationId: location.id },
    name: (row) => row.name,
    keeps: (row) => keptMenus.has(row.id),
  });
  for (const menu of snapshot.menus) {
    const twin = storedMenus.find(
      (row) => !ownedBy(origin, row.sourceId) && row.name.trim().toLowerCase() === menu.name.trim().toLowerCase(),
    );
    if (twin) {
      plan.conflicts.push({
        kind: "menu",
        message: `This location already has a menu named “${twin.name}” of its own: it is kept, beside the imported one.`,
      });
    }
    await syncMenuTree(walk, ids.get(menu)!, menu);
  }
  await syncEvents(walk, location, snapshot.events);
  await syncHours(walk, location, snapshot.hours);
  return plan;
}
