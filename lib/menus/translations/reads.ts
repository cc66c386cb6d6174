import { eq, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { items, sections, type StoredTranslations } from "@/lib/db/schema";
import { etag, type LazyTagged, type Tagged, tagged } from "@/lib/http/conditional";
import { readCache } from "@/lib/live/read-cache";
import type { Scope } from "@/lib/server/scope";
import { type FullMenuAsk, fullMenu } from "@/lib/menus/full-menu";
import { menuHead } from "@/lib/menus/reads";
import { menuJson } from "@/lib/menus/serialize";
import type { MenuTreeResponse, SectionTreeResponse } from "@/lib/menus/schemas/menus";
import { translateTexts, translation } from "./translate";

// GET /menus/:id?lang= (decision 097): the same answer as without `lang`, its menu's, sections' and
// items' texts in that language where translated, each object flagged with what fell back. Without
// `lang` nothing here runs: the answers and their tags are the ones the read model always gave.

type Ask = { lang: string };

/** GET /menus/:id?lang=: tagged by its body, which holds everything it depends on. */
export async function translatedMenuAnswer(db: Db, scope: Scope, { lang }: Ask): Promise<Tagged> {
  const head = await menuHead(db, scope, await readCache());
  return tagged({ menu: translateTexts("menu", menuJson(head.menu), head.menu.translations, translation(head.languages, lang)) });
}

/**
 * GET /menus/:id?full=true&lang=: tagged without building, from the untranslated answer's tag, the
 * language and the location's default (which decides what counts as a fallback); translations live in
 * the rows, whose every change raises the menu's version and so the untranslated tag.
 */
export async function translatedFullMenu(
  db: Db,
  scope: Scope,
  ask: FullMenuAsk & Ask,
  clock: () => number = Date.now,
): Promise<LazyTagged & Pick<Awaited<ReturnType<typeof fullMenu>>, "head">> {
  // Kept only when nothing of the menu changed since before its tree was read (ReadCache.remember's `since`).
  const since = (await readCache()).generation;
  const base = await fullMenu(db, scope, ask, clock);
  const { head } = base;
  const how = translation(head.languages, ask.lang);
  const tag = etag("lang-1", base.tag, ask.lang, head.languages[0] ?? "en");
  const body = async () => {
    const cache = await readCache();
    const kept = await cache.remember(
      `tree-lang:${tag}`,
      async () => {
        const tree = JSON.parse(Buffer.from(await base.body()).toString("utf8")) as { menu: MenuTreeResponse };
        const out = { menu: translateTree(tree.menu, await rowTranslations(db, head.menu.id), head.menu.translations, how) };
        const bytes = Buffer.from(JSON.stringify(out));
        const tags = [`menu:${head.menu.id}`, `location:${head.menu.locationId}`, "container_sizes"];
        return { value: bytes, bytes: bytes.byteLength, tags, transient: ask.at !== undefined };
      },
      since,
    );
    return kept;
  };
  return { head, tag, body };
}

/** A full menu's tree with its menu's, sections' and items' texts in the language `how` says. */
export function translateTree(
  tree: MenuTreeResponse,
  texts: RowTranslations,
  menuTranslations: StoredTranslations,
  how: { language: string; isDefault: boolean },
): MenuTreeResponse {
  const section = (json: SectionTreeResponse): SectionTreeResponse => ({
    ...translateTexts("section", json, texts.sections.get(json.id), how),
    items: json.items.map((item) => translateTexts("item", item, texts.items.get(item.id), how)),
  });
  return {
    ...translateTexts("menu", tree, menuTranslations, how),
    sections: tree.sections.map(section),
    on_deck_section: tree.on_deck_section && section(tree.on_deck_section),
  };
}

export type RowTranslations = Awaited<ReturnType<typeof rowTranslations>>;

/** The translations of the menu's sections and items, by id: one statement each. */
export async function rowTranslations(db: Db, menuId: number) {
  const sectionRows = await db
    .select({ id: sections.id, translations: sections.translations })
    .from(sections)
    .where(eq(sections.menuId, menuId));
  const ids = sectionRows.map((row) => row.id);
  const itemRows =
    ids.length === 0
      ? []
      : await db.select({ id: items.id, translations: items.translations }).from(items).where(inArray(items.sectionId, ids));
  return {
    sections: new Map<number, StoredTranslations>(sectionRows.map((row) => [row.id, row.translations])),
    items: new Map<number, StoredTranslations>(itemRows.map((row) => [row.id, row.translations])),
  };
}
