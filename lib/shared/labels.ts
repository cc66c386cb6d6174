// What every guest can read of an item (venue-operations §13): allergens, dietary tags, calories, and
// the location's labelling rule deciding what must show. Isomorphic and free of zod: the handlers, the
// guest pages, the board and the dashboard's checkboxes read the same lists and words; the bodies'
// schemas are lib/menus/schemas/labels.ts. Decision 084.

/** The EU's 14 (Regulation 1169/2011 Annex II); the US's major 9 map onto them (see US_MAJOR_NINE). */
export const ALLERGENS = [
  "gluten",
  "crustaceans",
  "eggs",
  "fish",
  "peanuts",
  "soybeans",
  "milk",
  "nuts",
  "celery",
  "mustard",
  "sesame",
  "sulphites",
  "lupin",
  "molluscs",
] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** The US's major food allergens (FALCPA + FASTER Act) as the EU words they are stored under. */
export const US_MAJOR_NINE: Record<string, Allergen> = {
  milk: "milk",
  eggs: "eggs",
  fish: "fish",
  "crustacean shellfish": "crustaceans",
  "tree nuts": "nuts",
  peanuts: "peanuts",
  wheat: "gluten",
  soybeans: "soybeans",
  sesame: "sesame",
};

export const DIETARY = ["vegan", "vegetarian", "gluten_free", "alcohol_free", "low_alcohol"] as const;
export type Dietary = (typeof DIETARY)[number];

export const LABELLING = ["eu", "uk", "us", "none"] as const;
export type Labelling = (typeof LABELLING)[number];

/** The words a guest reads (English; the words are never replaced by an icon alone). */
export const ALLERGEN_WORDS: Record<Allergen, string> = {
  gluten: "Gluten",
  crustaceans: "Crustaceans",
  eggs: "Eggs",
  fish: "Fish",
  peanuts: "Peanuts",
  soybeans: "Soya",
  milk: "Milk",
  nuts: "Tree nuts",
  celery: "Celery",
  mustard: "Mustard",
  sesame: "Sesame",
  sulphites: "Sulphites",
  lupin: "Lupin",
  molluscs: "Molluscs",
};
export const DIETARY_WORDS: Record<Dietary, string> = {
  vegan: "Vegan",
  vegetarian: "Vegetarian",
  gluten_free: "Gluten-free",
  alcohol_free: "Alcohol-free",
  low_alcohol: "Low alcohol",
};
export const LABELLING_WORDS: Record<Labelling, string> = {
  eu: "EU: allergens shown as words on every surface",
  uk: "UK: allergens, and calories beside every price",
  us: "US: calories beside every price",
  none: "None required: shown where set",
};

/** What a location's rule asks every guest surface (the TV board included) to show. */
export function labellingRule(labelling: Labelling) {
  return {
    /** Allergens as words on every item, the board too ("Contains: none declared" is never guessed). */
    allergens: labelling === "eu" || labelling === "uk",
    /** kcal beside each price. */
    calories: labelling === "uk" || labelling === "us",
    /** The statement printed once per page. */
    statement:
      labelling === "uk"
        ? "Adults need around 2000 kcal a day."
        : labelling === "us"
          ? "2,000 calories a day is used for general nutrition advice, but calorie needs vary."
          : null,
  };
}

/**
 * The catalogue's beers start with `gluten` (barley and wheat malt): unless the style names the beer
 * gluten-free or gluten-reduced, or it is a style brewed without malt (mead, cider, hard seltzer, kombucha,
 * sake). A gluten-free style starts as `gluten_free`; a non-alcoholic style as `alcohol_free`. The venue
 * edits both; nothing is re-guessed after the item is made. Decision 084.
 */
export function catalogueLabels(style: string | null): { allergens: Allergen[]; dietary: Dietary[] } {
  const words = (style ?? "").toLowerCase();
  const glutenFree = /gluten[- ]?(free|reduced|removed)/.test(words);
  const withoutMalt = /\b(mead|cider|perry|seltzer|kombucha|sake|wine)\b/.test(words);
  const nonAlcoholic = /non[- ]?alcoholic|alcohol[- ]free|\bna\b/.test(words);
  const dietary: Dietary[] = [];
  if (glutenFree && !/reduced|removed/.test(words)) dietary.push("gluten_free");
  if (nonAlcoholic) dietary.push("alcohol_free");
  return { allergens: glutenFree && !/reduced|removed/.test(words) ? [] : withoutMalt ? [] : ["gluten"], dietary };
}
