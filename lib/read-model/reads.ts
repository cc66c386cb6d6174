import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { items, locations, menus, sections } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { listContainerSizes } from "@/lib/container-sizes/container-sizes";
import { listEvents } from "@/lib/events/events";
import { listHours } from "@/lib/hours/hours";
import { currentOffsetHours, type Location, locationJson } from "@/lib/locations/locations";
import { listMenus } from "@/lib/menus/menus";
import { menuJson, type Menu } from "@/lib/menus/serialize";
import type { Scope } from "@/lib/scope";
import { type ReadCache, readCache } from "./cache";
import { bodyTag, type Tagged } from "./conditional";

// The reads of live-menus §2, kept by the read model (lib/read-model/cache.ts) per location, menu or
// the one global list, each under the tags whose notifications make it stale. The caller's business
// is checked against what is kept, so another business's id is 404 exactly as in the database.

/** A JSON body and its tag, weighed for the cache's budget (UTF-16 in memory: twice its length). */
export const answerOf = (data: unknown): Tagged => {
  const body = JSON.stringify(data);
  return { tag: bodyTag(body), body };
};
const weight = (answer: Tagged) => answer.body.length * 2 + 200;

/** The location row, and its answer with the zone offset it was made with, checked in quarter hour `quarter`. */
type KeptLocation = { row: Location | null; offset: number; answer: Tagged | null; quarter: number };

function locationRow(cache: ReadCache, db: Db, id: number, since = cache.generation) {
  return cache.remember<KeptLocation>(
    `location:${id}`,
    async () => {
      const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
      return { value: { row: row ?? null, offset: Number.NaN, answer: null, quarter: Number.NaN }, bytes: 2000, tags: [`location:${id}`] };
    },
    since,
  );
}

/** The caller's location (kept), or 404. */
export async function keptLocation(db: Db, { businessId, id }: Scope, cache?: ReadCache): Promise<Location> {
  const kept = await locationRow(cache ?? (await readCache()), db, id);
  if (!kept.row || kept.row.businessId !== businessId) throw notFound("location");
  return kept.row;
}

const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * GET /locations/:id. Its `tz_offset` follows the clock (a DST change), so the answer is redone when it
 * moves. A zone's offset changes only at whole quarter hours of UTC (offsets are multiples of 15
 * minutes and the rules change them at whole local minutes of the quarter: 02:00, 03:00, 00:00), so it
 * is looked up again in each quarter hour the answer is asked in, not on every request.
 */
export async function locationAnswer(db: Db, { businessId, id }: Scope, now: () => number = Date.now): Promise<Tagged> {
  const kept = await locationRow(await readCache(), db, id);
  if (!kept.row || kept.row.businessId !== businessId) throw notFound("location");
  const at = now();
  const quarter = Math.floor(at / QUARTER_HOUR_MS);
  if (kept.answer && kept.quarter === quarter) return kept.answer;
  const offset = currentOffsetHours(kept.row.timeZone, new Date(at));
  if (!kept.answer || kept.offset !== offset) {
    kept.answer = answerOf({ location: locationJson(kept.row, new Date(at)) });
    kept.offset = offset;
  }
  kept.quarter = quarter;
  return kept.answer;
}

/** A list of one location's (events, hours, menus), kept under `kind:<location>` and the location's tag. */
async function locationList(
  db: Db,
  scope: Scope,
  kind: "events" | "hours" | "menus",
  load: (location: Location) => Promise<unknown>,
): Promise<Tagged> {
  const cache = await readCache();
  const since = cache.generation;
  const location = await keptLocation(db, scope, cache);
  return cache.remember(
    `${kind}:${location.id}`,
    async () => {
      const answer = answerOf(await load(location));
      return { value: answer, bytes: weight(answer), tags: [`${kind}:${location.id}`, `location:${location.id}`] };
    },
    since,
  );
}

/** GET /locations/:id/events */
export const eventsAnswer = (db: Db, scope: Scope) =>
  locationList(db, scope, "events", async (location) => ({ events: await listEvents(db, { location }) }));

/** GET /locations/:id/hours */
export const hoursAnswer = (db: Db, scope: Scope) =>
  locationList(db, scope, "hours", async (location) => ({ hours: await listHours(db, { locationId: location.id }) }));

/** GET /locations/:id/menus (without include_legacy) */
export const menusAnswer = (db: Db, scope: Scope) =>
  locationList(db, scope, "menus", async (location) => ({ menus: await listMenus(db, { location }) }));

/** GET /container_sizes: one list for everyone. */
export async function containerSizesAnswer(db: Db, cache?: ReadCache): Promise<Tagged> {
  return (cache ?? (await readCache())).remember("container_sizes", async () => {
    const answer = answerOf({ container_sizes: await listContainerSizes(db) });
    return { value: answer, bytes: weight(answer), tags: ["container_sizes"] };
  });
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
  expiries: number[];
  plain: Tagged;
  /** The full menu's last tag and what it was derived from besides the menu (lib/read-model/full-menu.ts). */
  fullTag?: { from: string; tag: string };
};

/** The menu with its location and its 86 ends, in one statement; null when there is no such menu. */
async function loadHead(db: Db, id: number): Promise<MenuHead | null> {
  const menuSections = db.select({ id: sections.id }).from(sections).where(eq(sections.menuId, menus.id));
  const ends = db
    .select({ end: sql`floor(extract(epoch from ${items.eightySixedUntil}) * 1000)`.as("end") })
    .from(items)
    .where(and(sql`${items.sectionId} in ${menuSections}`, isNotNull(items.eightySixedAt), isNotNull(items.eightySixedUntil)));
  const [row] = await db
    .select({
      menu: menus,
      businessId: locations.businessId,
      currency: locations.currency,
      expiries: sql<unknown>`(select coalesce(json_agg(distinct e."end"), '[]'::json) from ${ends} as e)`,
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
    expiries,
    plain: answerOf({ menu: menuJson(row.menu) }),
  };
}

/** The caller's menu as kept (one statement when not), or 404. `since`: see ReadCache.remember. */
export async function menuHead(db: Db, { businessId, id }: Scope, cache: ReadCache, since = cache.generation): Promise<MenuHead> {
  const head = await cache.remember(
    `menu:${id}`,
    async () => {
      const value = await loadHead(db, id);
      const tags = value ? [`menu:${id}`, `location:${value.menu.locationId}`] : [`menu:${id}`];
      return { value, bytes: value ? weight(value.plain) + 1000 : 200, tags };
    },
    since,
  );
  if (!head || head.businessId !== businessId) throw notFound("menu");
  return head;
}

/** GET /menus/:id without full=true. */
export async function menuAnswer(db: Db, scope: Scope): Promise<Tagged> {
  return (await menuHead(db, scope, await readCache())).plain;
}
