import { and, asc, eq, gt, inArray, lte, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, menuChanges, menuEdits, sections, type StoredSchedule } from "@/lib/db/schema";
import { priceAt, scheduleAt } from "@/lib/schedules/evaluate";
import { iso } from "@/lib/shared/iso";
import { nestTree, treeIds } from "@/lib/menus/tree-rows";
import type { MenuTreeResponse } from "./schemas/menus";
import { containerJson, itemJson, menuJson, sectionJson, type Container, type Item, type Menu, type Section } from "./serialize";

type TreeOf = { menu: Menu; currency: string };

/**
 * A live tree (full=true, the board) answers for an instant on the location's clock: the prices in
 * force then, and only the menus and sections on then (all of them, marked, with `includeUnavailable`).
 * Without it the tree is the menu as stored (history, revert, exports).
 */
export type Live = { at: Date; zone: string; includeUnavailable: boolean };

/** `available_now` and `next_change_at` of a schedule at the live instant (none without a schedule). */
function inForceJson(schedule: StoredSchedule | null, live: Live) {
  if (!schedule) return undefined;
  const state = scheduleAt(schedule, live.at, live.zone);
  return { available_now: state.available, next_change_at: state.nextChangeAt && iso(state.nextChangeAt) };
}

/**
 * The rows of a menu's tree in position order: its sections, and the items and containers of the
 * sections `pick` names (every section when it names none: undefined), with the sizes the containers
 * name. Four queries however many sections and items it reads (one when `pick` names no section). The
 * sizes are read apart and matched here: a menu names a handful of sizes, and joining them onto each of
 * its containers made the database send (and the embedded one decode) every size's columns once per
 * container, twice the cost of the containers alone for a 500-item menu.
 */
async function readTree(db: Db, menu: Menu, pick: (sectionRows: Section[]) => number[] | undefined = () => undefined) {
  const sectionRows = await db
    .select()
    .from(sections)
    .where(eq(sections.menuId, menu.id))
    .orderBy(asc(sections.position), asc(sections.id));
  const only = pick(sectionRows);
  const { sectionIds, itemIds } = treeIds(
    db,
    menu.id,
    {
      sections: { table: sections, id: sections.id, parent: sections.menuId },
      items: { table: items, id: items.id, parent: items.sectionId },
    },
    only,
  );
  const none = only?.length === 0;
  const itemRows = none ? [] : await readItems(db, sectionIds);
  const containerRows = none
    ? []
    : await readContainers(db, itemRows.length <= TREE_ROWS_PER_READ ? [itemIds] : chunks(itemRows.map(({ id }) => id)));
  // Asked even for a menu without containers (`false`): a tree is the same number of statements at any size.
  const sizeIds = [...new Set(containerRows.flatMap(({ containerSizeId }) => (containerSizeId === null ? [] : [containerSizeId])))];
  const sizeRows = none ? [] : await db.select().from(containerSizes).where(inArray(containerSizes.id, sizeIds));
  const sizeById = new Map(sizeRows.map((size) => [size.id, size]));
  // Sizes by volume everywhere a guest reads them (issue 49: a Pint typed before its Half Pint must not
  // swap columns on the board); a price with no size after the sized ones, then the order they were set.
  const volume = (container: Container) => Number(sizeById.get(container.containerSizeId ?? -1)?.ounces ?? Number.POSITIVE_INFINITY);
  containerRows.sort((a, b) => a.itemId - b.itemId || volume(a) - volume(b) || a.position - b.position);
  const nested = nestTree(
    { sections: sectionRows, items: itemRows, containers: containerRows },
    {
      section: (section) => section.id,
      item: (item) => item.id,
      itemSection: (item) => item.sectionId,
      containerItem: (container) => container.itemId,
    },
  );
  const itemsOf = (sectionItems: { item: Item; containers: Container[] }[], currency: string, now = new Date(), live?: Live) =>
    sectionItems.map(({ item, containers: rows }) => ({
      ...itemJson(item, now),
      containers: rows.map((container) => {
        const size = container.containerSizeId === null ? null : (sizeById.get(container.containerSizeId) ?? null);
        const json = containerJson(container, size, currency);
        if (!live || !container.timePrices) return json;
        const price = priceAt(container.price, container.timePrices, live.at, live.zone);
        return { ...json, price: price.price, regular_price: price.regularPrice, price_until: price.priceUntil && iso(price.priceUntil) };
      }),
    }));
  return { sectionRows, only, nested, itemsOf };
}

/**
 * The most rows one statement of a tree's read brings (decision 077): a long menu is read a page at a
 * time, and the embedded database, which answers one statement at a time, serves other callers between
 * the pages instead of waiting for the whole tree (a 2,000-item menu in one statement held it for
 * seconds). A menu within one page is read in as many statements as before.
 */
export const TREE_ROWS_PER_READ = 500;

const chunks = (ids: number[]) =>
  Array.from({ length: Math.ceil(ids.length / TREE_ROWS_PER_READ) }, (_, i) =>
    ids.slice(i * TREE_ROWS_PER_READ, (i + 1) * TREE_ROWS_PER_READ),
  );

type Ids = number[] | SQLWrapper;

/** The items of `sectionIds`, by section and position, a page at a time (keyset on section, position, id). */
async function readItems(db: Db, sectionIds: Ids): Promise<Item[]> {
  const rows: Item[] = [];
  for (;;) {
    const last = rows.at(-1);
    const page = await db
      .select()
      .from(items)
      .where(
        and(
          inArray(items.sectionId, sectionIds),
          last ? sql`(${items.sectionId}, ${items.position}, ${items.id}) > (${last.sectionId}, ${last.position}, ${last.id})` : undefined,
        ),
      )
      .orderBy(asc(items.sectionId), asc(items.position), asc(items.id))
      .limit(TREE_ROWS_PER_READ + 1);
    rows.push(...page.slice(0, TREE_ROWS_PER_READ));
    if (page.length <= TREE_ROWS_PER_READ) return rows;
  }
}

/** The containers of each group of items (one statement a group), by item and position. */
async function readContainers(db: Db, groups: Ids[]): Promise<Container[]> {
  const rows: Container[] = [];
  for (const itemIds of groups) {
    const page = await db
      .select()
      .from(containers)
      .where(inArray(containers.itemId, itemIds))
      .orderBy(asc(containers.itemId), asc(containers.position));
    rows.push(...page);
  }
  return rows;
}

/** The answer's shape around its sections: the regular ones in order, then the on-deck one (or null). */
function shape<S>(sectionRows: Section[], each: (section: Section) => S) {
  const onDeck = sectionRows.find((section) => section.type === "OnDeckSection");
  return {
    sections: sectionRows.filter((section) => section.type === "Section").map(each),
    on_deck_section: onDeck ? each(onDeck) : null,
  };
}

/**
 * A serialised tree's parts, kept to build the next version's from: each section's `items` array as
 * JSON text (by section id), and the section of each of those items.
 */
export type TreeParts = { items: Map<number, string>; itemSection: Map<number, number> };

/** `JSON.stringify(object)` with `tail` (`,"key":value…`) added as its last members. */
const extended = (object: object, tail: string) => `${JSON.stringify(object).slice(0, -1)}${tail}}`;

/**
 * The one builder of a menu's whole tree (GET /menus/:id?full=true, the preview and board, history):
 * the full answer's JSON text, `{"menu": …}`, and its parts. With `reuse`, the parts of an earlier build of the same menu (and currency, sizes and
 * 86 epoch) and the sections changed since (changedSections), only those sections and any the earlier
 * build did not have are read again; every other section's items are taken as they were. The sections
 * themselves are always read (their names, order and membership). `now` decides which 86s are in
 * force. `read`: the sections whose items were read.
 */
export async function menuTreeJson(
  db: Db,
  { menu, currency, now, live }: TreeOf & { now?: Date; live?: Live },
  reuse?: { parts: TreeParts; changed: Set<number> },
): Promise<{ json: string; parts: TreeParts; read: number[] }> {
  const {
    sectionRows: allSections,
    only,
    nested,
    itemsOf,
  } = await readTree(
    db,
    menu,
    reuse && ((rows) => rows.map(({ id }) => id).filter((id) => reuse.changed.has(id) || !reuse.parts.items.has(id))),
  );
  const menuState = live && inForceJson(menu.schedule, live);
  const sectionState = new Map(live ? allSections.map((section) => [section.id, inForceJson(section.schedule, live)]) : []);
  // Out of their window: left out of a live tree (the whole menu's sections with the menu), unless kept.
  const on = (state: { available_now: boolean } | undefined) => state?.available_now !== false;
  const shown = (section: Section) => !live || live.includeUnavailable || (on(menuState) && on(sectionState.get(section.id)));
  const sectionRows = allSections.filter(shown);
  const read = new Set(only ?? allSections.map(({ id }) => id));
  const parts: TreeParts = { items: new Map(), itemSection: new Map() };
  const kept = new Set(allSections.map(({ id }) => id).filter((id) => !read.has(id)));
  // Sections not read again: unchanged since the earlier build, their items as they were.
  for (const [item, section] of reuse?.parts.itemSection ?? []) if (kept.has(section)) parts.itemSection.set(item, section);
  for (const { section, items: sectionItems } of nested) {
    if (kept.has(section.id)) {
      parts.items.set(section.id, reuse!.parts.items.get(section.id)!);
      continue;
    }
    parts.items.set(section.id, JSON.stringify(itemsOf(sectionItems, currency, now, live)));
    for (const { item } of sectionItems) parts.itemSection.set(item.id, section.id);
  }
  const stateText = (state: object | undefined) => (state ? `,${JSON.stringify(state).slice(1, -1)}` : "");
  const sectionText = (section: Section) =>
    extended(sectionJson(section), `${stateText(sectionState.get(section.id))},"items":${parts.items.get(section.id)}`);
  const { sections: regular, on_deck_section } = shape(sectionRows, sectionText);
  const json = `{"menu":${extended(
    menuJson(menu),
    `${stateText(menuState)},"sections":[${regular.join(",")}],"on_deck_section":${on_deck_section ?? "null"}`,
  )}}`;
  return { json, parts, read: [...read] };
}

/**
 * The sections of `menuId` whose items (or their containers) changed between versions `from` and `to`,
 * read from the history the database writes with every change (menu_edits), placing a container by
 * its item's section in `itemSection` or in the same edits. Null when that cannot be told: a version in
 * between is no longer kept, or a container's item is in neither (the caller builds the whole tree).
 */
export async function changedSections(
  db: Db,
  { menuId, from, to }: { menuId: number; from: number; to: number },
  itemSection: Map<number, number>,
): Promise<Set<number> | null> {
  if (from === to) return new Set();
  const edits = await db
    .select({
      version: menuChanges.version,
      table: menuEdits.table,
      rowId: menuEdits.rowId,
      oldParent: sql<string | null>`coalesce(${menuEdits.old}->>'section_id', ${menuEdits.old}->>'item_id')`,
      newParent: sql<string | null>`coalesce(${menuEdits.new}->>'section_id', ${menuEdits.new}->>'item_id')`,
    })
    .from(menuChanges)
    .leftJoin(menuEdits, eq(menuEdits.changeId, menuChanges.id))
    .where(and(eq(menuChanges.menuId, menuId), gt(menuChanges.version, from), lte(menuChanges.version, to)));
  if (new Set(edits.map(({ version }) => version)).size !== to - from) return null;
  const parents = (edit: (typeof edits)[number]) =>
    [edit.oldParent, edit.newParent].flatMap((parent) => (parent === null ? [] : [Number(parent)]));
  const sectionOf = new Map(itemSection);
  const changed = new Set<number>();
  for (const edit of edits) {
    if (edit.table !== "items") continue;
    for (const section of parents(edit)) changed.add(section);
    if (edit.newParent !== null) sectionOf.set(edit.rowId!, Number(edit.newParent));
  }
  for (const edit of edits) {
    if (edit.table !== "containers") continue;
    for (const item of parents(edit)) {
      const section = sectionOf.get(item);
      if (section === undefined) return null;
      changed.add(section);
    }
  }
  return changed;
}

/** The whole tree in position order as data (menuTreeJson's answer, parsed: one builder for both). */
export async function menuTree(db: Db, of: TreeOf & { now?: Date; live?: Live }): Promise<MenuTreeResponse> {
  return (JSON.parse((await menuTreeJson(db, of)).json) as { menu: MenuTreeResponse }).menu;
}
