import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, menus } from "@/lib/db/schema";
import { etag } from "@/lib/http/conditional";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { type FullMenu, fullMenu } from "@/lib/menus/full-menu";
import type { Location } from "@/lib/locations/locations";
import { type FellBack, type GuestFilter, type GuestSection, guestSections, NO_FILTER } from "./guest-menu";
import { type GuestVenueInfo, guestVenueInfo } from "./venue-info";
import { chooseLanguage } from "@/lib/shared/language";
import { type GuestWords, guestWords } from "@/lib/shared/guest-words";
import { rowTranslations, translateTree } from "@/lib/menus/translations/reads";
import { translation } from "@/lib/menus/translations/translate";

// The public reads of menus off the screen (venue-operations §9): the phone menu of a location and a
// menu embedded in a venue's page. Both are the full menu's read (lib/menus/full-menu.ts: kept per
// version, its tag known without the tree), so a 304 builds nothing, and a change, an 86 or a schedule
// boundary changes the tag on every instance alike. Published menus of locations not archived only:
// anything else is null (answered 404).

/** Raised when the pages' HTML changes shape, so a new release does not answer 304 for old pages. */
const SHAPE = "guest-5";

export type GuestMenu = {
  id: number;
  name: string;
  description: string | null;
  footer: string | null;
  fellBack: FellBack;
  sections: GuestSection[];
};
/**
 * `language`: the one the page is in, chosen from `?lang=` then Accept-Language among the location's
 * (decision 097); `negotiated`: whether Accept-Language chose it (the answer then varies by that header).
 */
export type GuestPage<T> = { tag: string; location: Location; language: string; negotiated: boolean; content: () => Promise<T> };
/** What a guest's request asks of the language: `?lang=` and the Accept-Language header. */
export type LanguageAsk = { lang?: string | null; accept?: string | null };

/** A guest request's `?lang=` and Accept-Language (bounded: a header is not a place to spend work). */
export const guestLanguageAsk = (request: Request): LanguageAsk => ({
  lang: new URL(request.url).searchParams.get("lang")?.slice(0, 35) ?? null,
  accept: request.headers.get("accept-language")?.slice(0, 512) ?? null,
});

/** The page's language, and whether it depends on Accept-Language (more than one language, no `?lang=` it has). */
export function guestLanguage(location: Location, ask: LanguageAsk) {
  const language = chooseLanguage(location.languages, { asked: ask.lang, accept: ask.accept });
  const asked = !!ask.lang && ask.lang.toLowerCase() === language.toLowerCase();
  return { language, negotiated: location.languages.length > 1 && !asked };
}

const published = (db: Db, locationId: number) =>
  db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.locationId, locationId), eq(menus.unpublished, false)))
    .orderBy(asc(menus.position), asc(menus.id));

async function liveLocation(db: Db, id: number): Promise<Location | null> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), isNull(locations.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** The full menu's tree as a guest reads it: in `language` when that is not the location's default. */
async function treeOf(db: Db, full: FullMenu, language: string): Promise<MenuTreeResponse> {
  const tree = (JSON.parse(Buffer.from(await full.body()).toString("utf8")) as { menu: MenuTreeResponse }).menu;
  const how = translation(full.head.languages, language);
  if (how.isDefault) return tree;
  return translateTree(tree, await rowTranslations(db, tree.id), full.head.menu.translations, how);
}
/** What a guest reads of a live tree; a guest's filter leaves out the items it does not pass; `words`: the page's. */
export const guestMenuOf = (menu: MenuTreeResponse, filter: GuestFilter = NO_FILTER, words: GuestWords = guestWords("en")): GuestMenu => ({
  id: menu.id,
  name: menu.name,
  description: menu.description,
  footer: menu.footer,
  fellBack: menu.translation?.fallback ?? [],
  sections: guestSections(menu, filter, words),
});

/** GET /m/:locationId: the location's published menus in their order (a menu off its schedule left out). */
export async function phoneMenus(
  db: Db,
  locationId: number,
  clock: () => number = Date.now,
  ask: LanguageAsk = {},
): Promise<GuestPage<MenuTreeResponse[]> | null> {
  const location = await liveLocation(db, locationId);
  if (!location) return null;
  const { language, negotiated } = guestLanguage(location, ask);
  const scope = (id: number) => ({ businessId: location.businessId, id });
  const fulls = await Promise.all((await published(db, location.id)).map(({ id }) => fullMenu(db, scope(id), {}, clock)));
  const tag = etag(
    SHAPE,
    "phone",
    location.id,
    location.name,
    location.updatedAt.toISOString(),
    language,
    ...fulls.map((full) => full.tag),
  );
  return {
    tag,
    location,
    language,
    negotiated,
    // A menu out of its window (its tree says so, and has no sections) is not shown by its name alone.
    content: async () =>
      (await Promise.all(fulls.map((full) => treeOf(db, full, language)))).filter((menu) => menu.available_now !== false),
  };
}

export type PhoneContent = { trees: MenuTreeResponse[]; info: GuestVenueInfo };

/**
 * GET /m/:locationId: the published menus and, beside them, the venue's hours, "open now" and next
 * events read at the same instant. The tag is the menus' and the hash of those words: it changes when
 * the venue opens or closes, at midnight ("today"), when an event is over, and on any write to them.
 */
export async function phonePage(
  db: Db,
  locationId: number,
  clock: () => number = Date.now,
  ask: LanguageAsk = {},
): Promise<GuestPage<PhoneContent> | null> {
  const page = await phoneMenus(db, locationId, clock, ask);
  if (!page) return null;
  const venue = await guestVenueInfo(db, page.location, new Date(clock()), page.language);
  return {
    tag: etag(page.tag, venue.tag),
    location: page.location,
    language: page.language,
    negotiated: page.negotiated,
    content: async () => ({ trees: await page.content(), info: venue.info }),
  };
}

/** GET /embed/menus/:id: one published menu, with its location (whose embed_origins may frame it). */
export async function embeddedMenu(
  db: Db,
  menuId: number,
  clock: () => number = Date.now,
  ask: LanguageAsk = {},
): Promise<GuestPage<MenuTreeResponse> | null> {
  const [row] = await db
    .select({ location: locations })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(and(eq(menus.id, menuId), eq(menus.unpublished, false), isNull(locations.archivedAt)))
    .limit(1);
  if (!row) return null;
  const full = await fullMenu(db, { businessId: row.location.businessId, id: menuId }, {}, clock);
  const { language, negotiated } = guestLanguage(row.location, ask);
  const tag = etag(SHAPE, "embed", row.location.id, row.location.name, row.location.updatedAt.toISOString(), language, full.tag);
  return { tag, location: row.location, language, negotiated, content: () => treeOf(db, full, language) };
}
