import { formatPrice } from "@/lib/shared/format-price";
import { ALLERGENS, type Allergen, DIETARY, type Dietary } from "@/lib/shared/labels";
import { containsLine, type GuestWords, guestWords } from "@/lib/shared/guest-words";
import { invalid } from "@/lib/server/errors";
import type { ItemTreeResponse, MenuTreeResponse, SectionTreeResponse } from "@/lib/menus/schemas/menus";

// What a guest reads of a live menu tree (the full menu, or the board's), on paper, on a phone or in
// a venue's page alike: no 86'd item, no section hidden from guests, no on-deck section, and no section
// that only 86'd items filled. Sections and menus off their schedule are already out of a live tree.

export type GuestPrice = { label: string | null; price: string; amount: string; currency: string; calories: number | null };
/** The texts of a row that fell back to the default language (decision 097): marked with its `lang` on the page. */
export type FellBack = readonly ("name" | "description" | "footer")[];
export type GuestItem = {
  id: number;
  fellBack: FellBack;
  name: string;
  tap: string | null;
  details: string;
  description: string | null;
  allergens: Allergen[];
  dietary: Dietary[];
  prices: GuestPrice[];
};
/** A guest's filter (venue-operations §13): leave out items with any of `without`; keep only items with every `only`. */
export type GuestFilter = { without: Allergen[]; only: Dietary[] };
export const NO_FILTER: GuestFilter = { without: [], only: [] };
export type GuestSection = { id: number; name: string; description: string | null; fellBack: FellBack; items: GuestItem[] };

/** "Brewery · IPA · 6.5% ABV · 60 IBU · cask" (cask and nitro in the page's words). */
function detailsOf(item: ItemTreeResponse, words: GuestWords): string {
  const parts = [item.brewery, item.style];
  if (item.abv !== null) parts.push(`${Number(item.abv)}% ABV`);
  if (item.ibu !== null) parts.push(`${Number(item.ibu)} IBU`);
  if (item.cask) parts.push(words.cask);
  if (item.nitro) parts.push(words.nitro);
  return parts.filter((part): part is string => !!part && part.trim() !== "").join(" · ");
}

const guestItem = (item: ItemTreeResponse, words: GuestWords): GuestItem => ({
  id: item.id,
  fellBack: item.translation?.fallback ?? [],
  name: item.name,
  tap: item.tap_number,
  details: detailsOf(item, words),
  description: item.description,
  allergens: item.allergens,
  dietary: item.dietary,
  prices: item.containers.map((container) => ({
    label: container.name ?? container.container_size?.name ?? null,
    price: formatPrice(container.price, container.currency),
    amount: container.price,
    currency: container.currency,
    calories: container.calories,
  })),
});

/** Whether an item passes a guest's filter: none of the allergens left out, every tag asked for. */
export const passes = (item: Pick<ItemTreeResponse, "allergens" | "dietary">, filter: GuestFilter) =>
  !filter.without.some((allergen) => item.allergens.includes(allergen)) && filter.only.every((tag) => item.dietary.includes(tag));

function guestSection(section: SectionTreeResponse, filter: GuestFilter, words: GuestWords): GuestSection | null {
  if (!section.public) return null;
  const items = section.items.filter((item) => !item.eighty_sixed && passes(item, filter));
  if (items.length === 0 && section.items.length > 0) return null;
  return {
    id: section.id,
    name: section.name,
    description: section.description,
    fellBack: section.translation?.fallback ?? [],
    items: items.map((item) => guestItem(item, words)),
  };
}

/** The sections a guest reads, in the menu's order; a filter leaves out the items it does not pass; `words`: the page's. */
export const guestSections = (
  menu: Pick<MenuTreeResponse, "sections">,
  filter: GuestFilter = NO_FILTER,
  words: GuestWords = guestWords("en"),
): GuestSection[] =>
  menu.sections.map((section) => guestSection(section, filter, words)).filter((section): section is GuestSection => section !== null);

/** "Contains: Gluten, Milk" (words, never an icon alone) in the page's words, or null when none is declared. */
export const allergenLine = (item: Pick<GuestItem, "allergens">, words: GuestWords = guestWords("en")) =>
  containsLine(words, item.allergens);

/** "Vegan · Alcohol-free · Contains: Gluten": what print adds to an item's details, in the page's words. */
export const labelWords = (item: Pick<GuestItem, "allergens" | "dietary">, words: GuestWords = guestWords("en")): string[] => {
  const allergens = allergenLine(item, words);
  return [...item.dietary.map((tag) => words.dietary[tag]), ...(allergens ? [allergens] : [])];
};

const listOf = <T extends string>(url: URL, name: string, values: readonly T[], what: string): T[] => {
  const asked = url.searchParams
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
  if (asked.length > values.length * 2)
    throw invalid([{ path: `query.${name}`, message: `lists at most ${values.length} ${what}` }], "The query did not pass validation.");
  const unknown = asked.find((value) => !values.includes(value as T));
  if (unknown !== undefined)
    throw invalid(
      [{ path: `query.${name}`, message: `must be one of ${values.join(", ")} (got ${unknown.slice(0, 40)})` }],
      "The query did not pass validation.",
    );
  return values.filter((value) => asked.includes(value));
};

/**
 * A guest's filter from the phone menu's query, as its plain form sends it: `without` and `only`,
 * repeated or comma-separated (`?without=gluten&without=milk&only=vegan`). A word outside the lists is 422.
 */
export const guestFilterOf = (url: URL): GuestFilter => ({
  without: listOf(url, "without", ALLERGENS, "allergens"),
  only: listOf(url, "only", DIETARY, "dietary tags"),
});

/** The filter as a stable key (one spelling per filter): part of the page's tag. */
export const filterKey = (filter: GuestFilter) => `without=${filter.without.join(",")};only=${filter.only.join(",")}`;
