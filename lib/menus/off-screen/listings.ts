import type { Allergen, Dietary } from "@/lib/shared/labels";
import type { Location } from "@/lib/locations/locations";
import { guestWords } from "@/lib/shared/guest-words";
import { allergenLine, type FellBack, type GuestItem, type GuestPrice } from "./guest-menu";
import type { GuestMenu } from "./guest-reads";

// A location's published menus for search listings (venue-operations §13, decision 084): schema.org
// `Menu` JSON-LD on the phone menu page, and the shape Google Business Profile's food-menu API takes
// (`FoodMenus`: menus[].sections[].items[] with `labels` and `attributes`). Both from the guest menu
// (no 86'd item, no hidden section), never filtered by a guest's choices. Pure. Both in the page's
// language (decision 100): the allergen words too; Google's labels name each text's language.

/** The language the menus are in, and the location's default (which a text that fell back is in). */
export type ListingLanguage = { language: string; default: string };
const DEFAULT_LANGUAGE: ListingLanguage = { language: "en", default: "en" };

// schema.org's RestrictedDiet members that our tags are; the others have none.
const SCHEMA_DIETS: Partial<Record<Dietary, string>> = {
  vegan: "https://schema.org/VeganDiet",
  vegetarian: "https://schema.org/VegetarianDiet",
  gluten_free: "https://schema.org/GlutenFreeDiet",
};

const offer = (price: GuestPrice) => ({
  "@type": "Offer",
  ...(price.label ? { name: price.label } : {}),
  price: price.amount,
  priceCurrency: price.currency,
});

function schemaItem(item: GuestItem, language: string) {
  const diets = item.dietary.flatMap((tag) => (SCHEMA_DIETS[tag] ? [SCHEMA_DIETS[tag]!] : []));
  const calories = item.prices.find((price) => price.calories !== null)?.calories;
  const description = [item.details, item.description, allergenLine(item, guestWords(language))].filter(Boolean).join(". ");
  return {
    "@type": "MenuItem",
    name: item.name,
    ...(description ? { description } : {}),
    ...(item.prices.length > 0 ? { offers: item.prices.map(offer) } : {}),
    ...(diets.length > 0 ? { suitableForDiet: diets } : {}),
    ...(calories !== undefined && calories !== null
      ? { nutrition: { "@type": "NutritionInformation", calories: `${calories} calories` } }
      : {}),
  };
}

/** The phone menu page's JSON-LD: one schema.org Menu per published menu, under the location as a bar. */
export function menuJsonLd(location: Location, menus: GuestMenu[], pageUrl: string, language = "en") {
  return {
    "@context": "https://schema.org",
    "@type": "BarOrPub",
    name: location.name,
    url: pageUrl,
    hasMenu: menus.map((menu) => ({
      "@type": "Menu",
      name: menu.name,
      inLanguage: language,
      ...(menu.description ? { description: menu.description } : {}),
      hasMenuSection: menu.sections.map((section) => ({
        "@type": "MenuSection",
        name: section.name,
        ...(section.description ? { description: section.description } : {}),
        hasMenuItem: section.items.map((item) => schemaItem(item, language)),
      })),
    })),
  };
}

// Google's Allergen and DietaryRestriction enums name fewer than we keep; the rest stay in the words of
// the item's description ("Contains: Celery"), so nothing a guest must read is lost.
const GOOGLE_ALLERGENS: Partial<Record<Allergen, string>> = {
  milk: "DAIRY",
  eggs: "EGG",
  fish: "FISH",
  peanuts: "PEANUT",
  crustaceans: "SHELLFISH",
  molluscs: "SHELLFISH",
  soybeans: "SOY",
  nuts: "TREE_NUT",
  gluten: "WHEAT",
};
const GOOGLE_DIETS: Partial<Record<Dietary, string>> = { vegan: "VEGAN", vegetarian: "VEGETARIAN" };

/** Google's Money: whole units as a string, and nanos; "6.50" → {units: "6", nanos: 500000000}. */
export function googleMoney(amount: string, currency: string) {
  const [whole = "0", fraction = ""] = amount.split(".");
  return { currencyCode: currency, units: String(Number(whole)), nanos: Number(fraction.padEnd(9, "0").slice(0, 9)) };
}

// Google's limits: display names at most 140 characters, descriptions at most 1,000.
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
/** A MenuLabel: its languageCode is its name's (the default's when the name fell back to it). */
const label = (how: ListingLanguage, fellBack: FellBack, displayName: string, description?: string | null) => ({
  displayName: cut(displayName, 140),
  ...(description ? { description: cut(description, 1000) } : {}),
  languageCode: fellBack.includes("name") ? how.default : how.language,
});

const unique = (values: string[]) => [...new Set(values)];

function googleAttributes(item: GuestItem, price: GuestPrice) {
  const allergen = unique(item.allergens.flatMap((a) => (GOOGLE_ALLERGENS[a] ? [GOOGLE_ALLERGENS[a]!] : [])));
  const dietaryRestriction = unique(item.dietary.flatMap((tag) => (GOOGLE_DIETS[tag] ? [GOOGLE_DIETS[tag]!] : [])));
  return {
    price: googleMoney(price.amount, price.currency),
    ...(allergen.length > 0 ? { allergen } : {}),
    ...(dietaryRestriction.length > 0 ? { dietaryRestriction } : {}),
    ...(price.calories !== null ? { nutritionFacts: { calories: { lowerAmount: price.calories, unit: "CALORIE" } } } : {}),
  };
}

/**
 * An item with its first price as its own, and one option per price when it has several (a pint and
 * a half). Google asks a price of every item: an item without one is left out, and so is a section
 * left with no item (Google asks at least one).
 */
function googleItem(item: GuestItem, how: ListingLanguage) {
  const [first] = item.prices;
  if (!first) return null;
  const description = [item.details, item.description, allergenLine(item, guestWords(how.language))].filter(Boolean).join(". ");
  // A size's name is the venue's container name, untranslated: the default's (the item's name when it has none).
  const option = (price: GuestPrice) => (price.label ? label(how, ["name"], price.label) : label(how, item.fellBack, item.name));
  return {
    labels: [label(how, item.fellBack, item.name, description)],
    attributes: googleAttributes(item, first),
    ...(item.prices.length > 1
      ? { options: item.prices.map((price) => ({ labels: [option(price)], attributes: googleAttributes(item, price) })) }
      : {}),
  };
}

/** GET /locations/:id/google_menu.json: the body of Google Business Profile's `FoodMenus` (its `name` is the caller's to set). */
export function googleFoodMenus(menus: GuestMenu[], pageUrl: string, how: ListingLanguage = DEFAULT_LANGUAGE) {
  return {
    menus: menus.map((menu) => ({
      labels: [label(how, menu.fellBack, menu.name, menu.description)],
      sourceUrl: pageUrl,
      sections: menu.sections
        .map((section) => ({
          labels: [label(how, section.fellBack, section.name, section.description)],
          items: section.items.map((item) => googleItem(item, how)).filter((item) => item !== null),
        }))
        .filter((section) => section.items.length > 0),
    })),
  };
}
