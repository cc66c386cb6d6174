import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { items, locations, menus, sections } from "@/lib/db/schema";
import type { Timed, TimedState } from "@/lib/schedules/evaluate";
import { type Tagged, tagged } from "@/lib/http/conditional";
import { type ReadCache, readCache, whenKept, withReadCache } from "@/lib/live/read-cache";
import { keptLocation, locationList, weight } from "@/lib/locations/reads";
import { notFound } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { listContainerSizes } from "@/lib/container-sizes/container-sizes";
import { listMenus } from "./menus";
import { menuJson, type Menu } from "./serialize";
import { timedColumns, timedOf } from "./timed";

// The menus' reads of live-menus §2, kept by the read cache (lib/live/read-cache.ts): each menu's row
// with its 86 ends and plain answer (the head, which the full menu's tag is derived from:
// lib/menus/full-menu.ts), a location's menu list, and the one list of container sizes.

/** GET /locations/:id/menus (without include_legacy); `lang`: in that language, tagged by its body, not kept (decision 100). */
export async function menusAnswer(db: Db, scope: Scope, lang?: string): Promise<Tagged> {
  if (lang === undefined) return locationList(db, scope, "menus", async (location) => ({ menus: await listMenus(db, { location }) }));
  return tagged({ menus: await listMenus(db, { location: await keptLocation(db, scope), lang }) });
}

/** GET /container_sizes: one list for everyone. */
export function containerSizesAnswer(db: Db, cache?: ReadCache): Tagged | Promise<Tagged> {
  const answer = (kept: ReadCache) =>
    kept.remember("container_sizes", async () => {
      const sizes = tagged({ container_sizes: await listContainerSizes(db) });
      return { value: sizes, bytes: weight(sizes), tags: ["container_sizes"] };
    });
  return cache ? answer(cache) : withReadCache(answer);
}

/**
 * A menu as the read model keeps it: the row, its location's business and currency, the instants at
 * which an 86 of one of its items ends (sorted; the answer changes by time alone at each), and the
 * plain answer of GET /menus/:id.
 */
export type MenuHead = {
  menu: Menu;
  businessId: number;
  currency: string;
  /** The location's languages, the default first (decision 097): only `?lang=` answers read them. */
  languages: string[];
  /** The location's IANA zone: schedules and happy hours are on its clock. */
  zone: string;
  expiries: number[];
  /** What the answer's schedules depend on: the menu's and its sections' schedules, its happy hours. */
  timed: Timed;
  /** The schedules' state last worked out, and until when it holds (lib/menus/full-menu.ts). */
  timedState?: TimedState;
  plain: Tagged;
  /** The full menu's last tag and what it was derived from besides the menu (lib/menus/full-menu.ts). */
  fullTag?: { from: string; tag: string };
};

/** The menu with its location and its 86 ends, in one statement; null when there is no such menu. */
async function loadHead(db: Db, id: number): Promise<MenuHead | null> {
  const menuSections = db.select({ id: sections.id }).from(sections).where(eq(sections.menuId, menus.id));
  const ends = db
    .select({ end: sql`floor(extract(epoch from ${items.eightySixedUntil}) * 1000)`.as("end") })
    .from(items)
    .where(and(sql`${items.sectionId} in ${menuSections}`, isNotNull(items.eightySixedAt), isNotNull(items.eightySixedUntil)));
  const timed = timedColumns(db);
  const [row] = await db
    .select({
      menu: menus,
      businessId: locations.businessId,
      currency: locations.currency,
      languages: locations.languages,
      zone: locations.timeZone,
      expiries: sql<unknown>`(select coalesce(json_agg(distinct e."end"), '[]'::json) from ${ends} as e)`,
      ...timed.columns,
    })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(eq(menus.id, id))
    .limit(1);
  if (!row) return null;
  const raw = typeof row.expiries === "string" ? JSON.parse(row.expiries) : row.expiries;
  const expiries = (raw as (number | string)[]).map(Number).sort((a, b) => a - b);
  return {
    menu: row.menu,
    businessId: row.businessId,
    currency: row.currency,
    languages: row.languages,
    zone: row.zone,
    expiries,
    timed: timedOf(row.menu.schedule, row),
    plain: tagged({ menu: menuJson(row.menu) }),
  };
}

/** The caller's menu as kept (one statement when not), or 404. `since`: see ReadCache.remember. */
export function menuHead(db: Db, { businessId, id }: Scope, cache: ReadCache, since = cache.generation): MenuHead | Promise<MenuHead> {
  const head = cache.remember(
    `menu:${id}`,
    async () => {
      const value = await loadHead(db, id);
      const tags = value ? [`menu:${id}`, `location:${value.menu.locationId}`] : [`menu:${id}`];
      return { value, bytes: value ? weight(value.plain) + 1000 : 200, tags };
    },
    since,
  );
  const checked = (found: MenuHead | null) => {
    if (!found || found.businessId !== businessId) throw notFound("menu");
    return found;
  };
  // Kept, it is answered without a promise (issue 55).
  return whenKept(head, checked);
}

/** GET /menus/:id without full=true. */
export async function menuAnswer(db: Db, scope: Scope): Promise<Tagged> {
  return (await menuHead(db, scope, await readCache())).plain;
}
