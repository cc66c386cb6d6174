import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, menuChanges, menus, sections } from "@/lib/db/schema";
import { ApiError, invalid, notFound } from "@/lib/server/errors";
import type { Location } from "@/lib/locations/locations";
import { getMenu } from "@/lib/menus/access";
import { containerJson, itemJson, menuJson, sectionJson, type Menu } from "@/lib/menus/serialize";
import { nestTree } from "@/lib/menus/tree-rows";
import { versionNumber, type VersionResponse } from "@/lib/menus/schemas/history";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import type { Scope } from "@/lib/server/scope";
import { ofTheMenu } from "@/lib/live/changes";
import { describeChanges } from "@/lib/live/feed";
import { HISTORY_RETENTION_DAYS } from "./retention";
import { targetRows, touchedIds, type TREE_TABLES, type TreeTable } from "./target";

const notBoardChange = ofTheMenu(menuChanges.type);

const keptSince = () => sql`now() - make_interval(days => ${HISTORY_RETENTION_DAYS})`;

export const versionExpired = (version: number) =>
  new ApiError("conflict", `Version ${version} is no longer kept: a menu's history is kept for ${HISTORY_RETENTION_DAYS} days.`);

/**
 * GET /menus/:id/versions: the menu's kept versions, newest first, `limit` per page; the next page
 * is `before` = the last version of this one.
 */
export async function listVersions(db: Db, { businessId, id, before, limit }: Scope & { before?: number; limit: number }) {
  const { menu } = await getMenu(db, { businessId, id });
  const changes = await db
    .select()
    .from(menuChanges)
    .where(
      and(
        eq(menuChanges.menuId, menu.id),
        // A board's offline and online are in the feed under its menu, but are not versions of the menu.
        notBoardChange,
        before === undefined ? undefined : lt(menuChanges.version, before),
        gte(menuChanges.at, keptSince() as unknown as Date),
      ),
    )
    .orderBy(desc(menuChanges.version), desc(menuChanges.id))
    .limit(limit);
  const described = await describeChanges(db, changes);
  return described.map(
    (json): VersionResponse => ({ version: json.version, at: json.at, actor: json.actor, summary: json.summary, changes: [json] }),
  );
}

/** A version the menu has had and still keeps: 404 past the current one, 409 once older than the retention. */
export async function requireKept(db: Db, menu: Menu, version: number) {
  if (version > menu.version) throw notFound("version");
  if (version === menu.version) return;
  const [kept] = await db
    .select({ id: menuChanges.id })
    .from(menuChanges)
    .where(
      and(
        eq(menuChanges.menuId, menu.id),
        eq(menuChanges.version, version),
        notBoardChange,
        gte(menuChanges.at, keptSince() as unknown as Date),
      ),
    )
    .limit(1);
  if (!kept) throw versionExpired(version);
}

/** GET /menus/:id/versions/:version: the whole tree as GET /menus/:id?full=true answered it at that version. */
export async function readMenuVersion(db: Db, { businessId, id, version }: Scope & { version: number }) {
  // One snapshot for the current rows and the history, so a change committed meanwhile is in both or neither.
  return db.transaction(
    async (tx) => {
      const { menu, location } = await getMenu(tx, { businessId, id });
      await requireKept(tx, menu, version);
      return menuAt(tx, { menu, location, version });
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

const byPosition = <T extends { position: number; id: number }>(a: T, b: T) => a.position - b.position || a.id - b.id;

/**
 * The tree at `version`, built in memory from the current rows and the state at that version of every
 * row touched since (lib/menus/history/target.ts); nothing is written. Container sizes are today's (they are
 * a global list, not part of a menu's history).
 */
export async function menuAt(
  db: Db,
  { menu, location, version }: { menu: Menu; location: Location; version: number },
): Promise<MenuTreeResponse> {
  const touched = await touchedIds(db, menu.id, version);
  // Only the tables with rows to put back are read (a run of price edits touches only containers).
  const then = <T extends TreeTable>(name: T, table: (typeof TREE_TABLES)[T]) =>
    touched.present.has(name) ? targetRows(db, table, name, menu.id, version) : Promise.resolve([]);
  const [menuThen] = (await then("menus", menus)) as Menu[];
  const sectionsThen = (await then("sections", sections)) as (typeof sections.$inferSelect)[];
  const itemsThen = (await then("items", items)) as (typeof items.$inferSelect)[];
  const containersThen = (await then("containers", containers)) as (typeof containers.$inferSelect)[];

  const sectionsNow = await db.select().from(sections).where(eq(sections.menuId, menu.id));
  const sectionRows = [
    ...sectionsNow.filter((section) => !touched.sections.has(section.id)),
    ...sectionsThen.filter((section) => section.menuId === menu.id),
  ].sort(byPosition);
  const sectionIds = new Set(sectionRows.map((section) => section.id));

  const itemsNow =
    sectionsNow.length === 0
      ? []
      : await db
          .select()
          .from(items)
          .where(inArray(items.sectionId, [...sectionsNow.map((s) => s.id)]));
  const itemRows = [...itemsNow.filter((item) => !touched.items.has(item.id)), ...itemsThen]
    .filter((item) => sectionIds.has(item.sectionId))
    .sort(byPosition);
  const itemIds = new Set(itemRows.map((item) => item.id));

  const containersNow =
    itemsNow.length === 0
      ? []
      : await db
          .select()
          .from(containers)
          .where(
            inArray(
              containers.itemId,
              itemsNow.map((item) => item.id),
            ),
          );
  const containerRows = [...containersNow.filter((container) => !touched.containers.has(container.id)), ...containersThen]
    .filter((container) => itemIds.has(container.itemId))
    .sort(byPosition);
  const sizeIds = [
    ...new Set(containerRows.flatMap((container) => (container.containerSizeId === null ? [] : [container.containerSizeId]))),
  ];
  const sizes = sizeIds.length === 0 ? [] : await db.select().from(containerSizes).where(inArray(containerSizes.id, sizeIds));
  const sizeById = new Map(sizes.map((size) => [size.id, size]));

  const tree = nestTree(
    { sections: sectionRows, items: itemRows, containers: containerRows },
    {
      section: (section) => section.id,
      item: (item) => item.id,
      itemSection: (item) => item.sectionId,
      containerItem: (container) => container.itemId,
    },
  );
  const sectionTree = ({ section, items: sectionItems }: (typeof tree)[number]) => ({
    ...sectionJson(section),
    items: sectionItems.map(({ item, containers: rows }) => ({
      ...itemJson(item),
      containers: rows.map((row) =>
        containerJson(row, row.containerSizeId === null ? null : (sizeById.get(row.containerSizeId) ?? null), location.currency),
      ),
    })),
  });
  const onDeck = tree.find(({ section }) => section.type === "OnDeckSection");
  return {
    ...menuJson({ ...menu, ...(menuThen ?? {}), version }),
    sections: tree.filter(({ section }) => section.type === "Section").map(sectionTree),
    on_deck_section: onDeck ? sectionTree(onDeck) : null,
  };
}

/** A version as the path names it: 422 unless a whole number from 1. */
export function parseVersion(raw: string): number {
  const parsed = versionNumber.safeParse(raw);
  if (!parsed.success) throw invalid([{ path: "version", message: parsed.error.issues[0]?.message ?? "must be a whole number from 1" }]);
  return parsed.data;
}
