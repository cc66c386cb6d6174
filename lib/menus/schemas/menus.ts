import { z } from "zod";
import {
  decimalInput,
  decimalString,
  envelope,
  listPosition,
  moneyInput,
  moneyString,
  optionalText,
  positionInput,
  positiveId,
  queryFlag,
  recordId,
  requiredText,
  CONTROL_CHARACTER_MESSAGE,
  withoutControlCharacters,
  sourceName,
  timestamp,
} from "@/lib/shared/schemas";
import { scheduleInput, scheduleResponse, timePricesInput, timePricesResponse } from "@/lib/schedules/schemas";
import { sourceIdResponse } from "@/lib/shared/source-id";
import { embeddedContainerSizeResponse } from "@/lib/container-sizes/schemas";
import { allergensInput, allergensResponse, dietaryInput, dietaryResponse } from "./labels";
import { positionsResponse } from "./positions";
import { langQuery, translationResponse, translationsInput } from "./translations";

// Consolidated menus, sections, items and containers (contract §4). Shared by handlers and forms.

const flag = z.boolean({ error: "must be true or false" });
const calories = z
  .number({ error: "must be a whole number" })
  .int("must be a whole number")
  .min(0, "must not be negative")
  .max(100_000, "is too large")
  .nullable();
const object = (key: string) => ({ error: `must be a JSON object with ${key}` });

export const legacyQuery = z.object({ include_legacy: queryFlag });
/** The v1 reads of menu lists, sections and items (decision 100): `lang` as on GET /menus/:id; include_legacy answers as before. */
export const legacyLangQuery = legacyQuery.extend({
  /** The texts in this language, with fallback to the default flagged (decision 097); absent: as before. */
  lang: langQuery,
});
/** An instant a read answers for (venue-operations §7's `?at=`). */
export const instantQuery = z.iso.datetime({
  offset: true,
  error: "must be an ISO-8601 date and time with its offset, e.g. 2026-11-27T16:00:00-05:00",
});

export const menuQuery = z.object({
  full: queryFlag,
  include_legacy: queryFlag,
  source_name: sourceName,
  /** full=true: what is in force at this instant instead of now (venue-operations §7). */
  at: instantQuery.optional(),
  /** full=true, for editors: keep menus and sections out of their window, with available_now false. */
  include_unavailable: queryFlag,
  /** The texts in this language, with fallback to the default flagged (decision 097); absent: as before. */
  lang: langQuery,
});

const menuFields = {
  name: requiredText(255),
  description: optionalText(2000),
  footer: optionalText(2000),
  schedule: scheduleInput.optional(),
  /** The texts in the location's other languages (decision 097); the whole map is replaced. */
  translations: translationsInput("menu"),
};
export const createMenuBody = z.object({ menu: z.object(menuFields, { error: "must be an object" }) }, object("a menu"));
export const updateMenuBody = z.object({ menu: z.object(menuFields, { error: "must be an object" }).partial() }, object("a menu"));

const sectionFields = {
  name: z.string({ error: "must be a string" }).trim().max(255, "must be at most 255 characters"),
  description: optionalText(2000),
  public: flag,
  schedule: scheduleInput,
  translations: translationsInput("section"),
};
export const createSectionQuery = z.object({ head: queryFlag });
// The body is optional: a section without one is an untitled section.
export const createSectionBody = z
  .object({ section: z.object(sectionFields, { error: "must be an object" }).partial().optional().default({}) }, object("a section"))
  .default({ section: {} });
export const updateSectionBody = z.object(
  { section: z.object(sectionFields, { error: "must be an object" }).partial() },
  object("a section"),
);

// Fields a venue may override on any item: on a catalogue beer they land in custom_*.
const overridable = {
  name: z
    .string({ error: "must be a string" })
    .trim()
    .min(1, "can't be blank")
    .max(255, "must be at most 255 characters")
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE),
  brewery: optionalText(255),
  style: optionalText(255),
  description: optionalText(5000),
  abv: decimalInput(0, 100).nullable(),
  ibu: decimalInput(0, 10_000).nullable(),
  calories,
};
const itemExtras = {
  label_image: optionalText(2048),
  label_image_hd: optionalText(2048),
  tap_number: optionalText(16),
  cask: flag,
  nitro: flag,
  in_production: flag,
  /** venue-operations §13: what guests must be able to read; the list's own order, each once. */
  allergens: allergensInput,
  dietary: dietaryInput,
  /** The name and description in the location's other languages (decision 097); the whole map is replaced. */
  translations: translationsInput("item"),
};

/**
 * The item's first prices, created with it in one transaction (our extension of the spec): a beer goes
 * onto a published menu with its price, never for a moment without one. One per size.
 */
const firstPrices = z
  .array(z.object({ container_size_id: positiveId, price: moneyInput, name: optionalText(255) }, { error: "must be an object" }), {
    error: "must be a list of {container_size_id, price}",
  })
  .max(10, "lists at most 10 prices");

export const createItemBody = z.object(
  {
    item: z
      .object({ untappd_id: positiveId, ...overridable, ...itemExtras, containers: firstPrices }, { error: "must be an object" })
      .partial()
      .refine((item) => item.untappd_id !== undefined || item.name !== undefined, {
        message: "needs an untappd_id (a beer from the catalogue) or a name (a custom item)",
        path: ["name"],
      }),
  },
  object("an item"),
);
export const updateItemBody = z.object(
  { item: z.object({ ...overridable, name: overridable.name.nullable(), ...itemExtras }, { error: "must be an object" }).partial() },
  object("an item"),
);
/** `position` (an extension of the spec): where in the target section; unset, the top of another section or no change in its own. */
export const moveItemBody = z.object(
  { item: z.object({ section_id: positiveId, position: positionInput.optional() }, { error: "must be an object" }) },
  object("an item"),
);
// ---- 86 (live-menus §7) ----

/** "next_open", an ISO 8601 datetime with its offset (Z or ±hh:mm), or null: until someone restores it. */
const eightySixUntil = z.union([z.literal("next_open"), z.iso.datetime({ offset: true }), z.null()], {
  error: 'must be "next_open", an ISO 8601 datetime with its offset (e.g. 2026-11-24T16:00:00Z), or null (until restored)',
});
/**
 * POST /items/:id/86: `{eighty_six: {until}}` (also unwrapped, `{until}`). `until` is required, so a
 * misspelt body is refused rather than read as "until restored"; `{eighty_sixed: {until}}` (the
 * spelling of the item's field) is accepted too.
 */
export const eightySixBody = z.object(
  {
    eighty_six: z
      .object(
        {
          until: eightySixUntil.optional(),
          eighty_sixed: z.object({ until: eightySixUntil }, { error: "must be an object with until" }).optional(),
        },
        { error: "must be an object" },
      )
      .refine((body) => body.until !== undefined || body.eighty_sixed !== undefined, {
        message: 'is required: "next_open", an ISO 8601 datetime with its offset, or null (until restored)',
        path: ["until"],
      })
      .transform((body) => ({ until: body.until !== undefined ? body.until : (body.eighty_sixed?.until ?? null) })),
  },
  object("an eighty_six"),
);
export type EightySixUntil = z.infer<typeof eightySixBody>["eighty_six"]["until"];

export const searchItemsQuery = z.object({
  q: z.string({ error: "is required" }).trim().min(1, "is required").max(100, "must be at most 100 characters"),
  limit: z.coerce
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(50, "must be at most 50")
    .default(25),
});

export const containerListQuery = z.object({ build: queryFlag, include_legacy: queryFlag });
const containerFields = {
  container_size_id: positiveId,
  price: moneyInput,
  name: optionalText(255),
  calories,
  time_prices: timePricesInput.nullable(),
};
export const createContainerBody = z.object(
  {
    container: z.object(
      {
        ...containerFields,
        name: containerFields.name,
        calories: containerFields.calories.optional(),
        time_prices: containerFields.time_prices.optional(),
      },
      { error: "must be an object" },
    ),
  },
  object("a container"),
);
export const updateContainerBody = z.object(
  {
    container: z
      .object(
        {
          ...containerFields,
          position: z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must not be negative"),
        },
        { error: "must be an object" },
      )
      .partial(),
  },
  object("a container"),
);

export type CreateItem = z.infer<typeof createItemBody>["item"];
export type UpdateItem = z.infer<typeof updateItemBody>["item"];

// ---- answers (lib/menus/serialize.ts) ----

const text = z.string().nullable();
const decimal = decimalString.nullable();
export const eightySixReason = z.enum(["manual", "kicked", "pos"]);

export const menuResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  uuid: z.uuid(),
  name: z.string(),
  description: text,
  footer: text,
  unpublished: z.boolean(),
  position: listPosition,
  legacy_menu_id: recordId.nullable(),
  source_id: sourceIdResponse,
  /** When the menu is on, on the location's clock (venue-operations §7); absent: always. */
  schedule: scheduleResponse.optional(),
  /** Only with `?lang=` (decision 097): the answer's language and which texts fell back to the default. */
  translation: translationResponse.optional(),
  /** Raised by 1 with every committed change to the menu or its tree (live-menus §1). */
  version: z.number().int().min(1),
  created_at: timestamp,
  updated_at: timestamp,
});

export const sectionResponse = z.strictObject({
  id: recordId,
  menu_id: recordId,
  position: listPosition,
  name: z.string(),
  description: text,
  type: z.enum(["Section", "OnDeckSection"]),
  public: z.boolean(),
  /** When the section is on, on the location's clock (venue-operations §7); absent: always. */
  schedule: scheduleResponse.optional(),
  /** Only with `?lang=` (decision 097). */
  translation: translationResponse.optional(),
  source_id: sourceIdResponse,
  created_at: timestamp,
  updated_at: timestamp,
});

/** Plain fields show the override when one is set; custom_* the override; original_* the source value. */
export const itemResponse = z.strictObject({
  id: recordId,
  section_id: recordId,
  position: listPosition,
  untappd_id: recordId.nullable(),
  name: z.string(),
  brewery: text,
  style: text,
  description: text,
  abv: decimal,
  ibu: decimal,
  calories: decimal,
  label_image: text,
  label_image_hd: text,
  brewery_location: text,
  untappd_beer_slug: text,
  untappd_brewery_id: recordId.nullable(),
  tap_number: text,
  cask: z.boolean(),
  nitro: z.boolean(),
  in_production: z.boolean(),
  rating: decimal,
  custom_name: text,
  custom_brewery: text,
  custom_style: text,
  custom_description: text,
  custom_abv: decimal,
  custom_ibu: decimal,
  custom_calories: decimal,
  original_name: text,
  original_brewery: text,
  original_style: text,
  original_description: text,
  original_abv: decimal,
  original_ibu: decimal,
  original_calories: decimal,
  /** 86'd (out of stock) now; an 86 whose time has passed reads false (live-menus §7). */
  eighty_sixed: z.boolean(),
  /** When the 86 in force ends; null while not 86'd, or 86'd until someone restores it. */
  eighty_sixed_until: timestamp.nullable(),
  /** Why the 86 in force (venue-operations §8): by hand, a kicked keg, sold out at the till; null while not 86'd. */
  eighty_sixed_reason: eightySixReason.nullable(),
  /** What the item contains of the EU's 14 allergens (venue-operations §13); empty: none declared. */
  allergens: allergensResponse,
  /** Dietary tags: vegan, vegetarian, gluten_free, alcohol_free, low_alcohol. */
  dietary: dietaryResponse,
  /** Only with `?lang=` (decision 097). */
  translation: translationResponse.optional(),
  source_id: sourceIdResponse,
  created_at: timestamp,
  updated_at: timestamp,
});

/** GET /items/search: a catalogue beer shaped as an item that is on no menu yet. */
export const searchItemResponse = itemResponse.extend({
  untappd_id: recordId,
  id: z.null(),
  section_id: z.null(),
  position: z.null(),
  source_id: z.null(),
  created_at: z.null(),
  updated_at: z.null(),
});

export const containerResponse = z.strictObject({
  id: recordId,
  item_id: recordId,
  container_size_id: recordId.nullable(),
  container_size: embeddedContainerSizeResponse.nullable(),
  name: text,
  price: moneyString,
  currency: z.string(),
  calories: z.number().int().nullable(),
  /** Happy-hour prices (venue-operations §7); absent: `price` at all times. */
  time_prices: timePricesResponse.optional(),
  position: listPosition,
  _track_by: recordId,
  source_id: sourceIdResponse,
  created_at: timestamp,
  updated_at: timestamp,
});

/** build=true: the blank, unsaved container a form starts from. */
export const blankContainerResponse = z.strictObject({
  id: z.null(),
  item_id: recordId,
  container_size_id: z.null(),
  container_size: z.null(),
  name: z.null(),
  price: z.null(),
  currency: z.string(),
  calories: z.null(),
  position: listPosition,
  _track_by: z.null(),
  source_id: z.null(),
  created_at: z.null(),
  updated_at: z.null(),
});

/**
 * What a live whole menu (full=true, the board) says of a scheduled menu or section at the instant it
 * answers for (now, or `?at=`). Absent without a schedule, and from a history version's tree (the menu
 * as stored then).
 */
const inForce = {
  /** Whether the schedule holds at that instant (true without a schedule). */
  available_now: z.boolean().optional(),
  /** When that next changes; null: never. */
  next_change_at: timestamp.nullable().optional(),
};
/**
 * In a live whole menu, a container with happy-hour prices answers the price in force at that instant
 * as `price`, with `regular_price` and `price_until`; one without them has its one price.
 */
export const containerTreeResponse = containerResponse.extend({
  regular_price: moneyString.optional(),
  /** When the happy-hour price in force ends; null while the regular price is in force. */
  price_until: timestamp.nullable().optional(),
});
export const itemTreeResponse = itemResponse.extend({ containers: z.array(containerTreeResponse) });
export const sectionTreeResponse = sectionResponse.extend({ ...inForce, items: z.array(itemTreeResponse) });
/** full=true: the whole menu in one answer. */
export const menuTreeResponse = menuResponse.extend({
  ...inForce,
  sections: z.array(sectionTreeResponse),
  on_deck_section: sectionTreeResponse.nullable(),
});

export const menuEnvelope = envelope("menu", menuResponse);
export const menusEnvelope = envelope("menus", z.array(menuResponse));
export const menuPositionsResponse = positionsResponse("menus");
export const sectionEnvelope = envelope("section", sectionResponse);
export const sectionPositionsResponse = positionsResponse("sections");
export const itemEnvelope = envelope("item", itemResponse);
/** GET /locations/:id/eighty_sixed: the items 86'd now, in menu, section and item order. */
export const eightySixedEnvelope = envelope("items", z.array(itemResponse));
/** `did_you_mean`: when no beer matches, a few that come near the term (empty otherwise). */
export const searchItemsEnvelope = z.strictObject({ items: z.array(searchItemResponse), did_you_mean: z.array(searchItemResponse) });
export const itemPositionsResponse = positionsResponse("items");
export const containerEnvelope = envelope("container", containerResponse);
export const containerPositionsResponse = positionsResponse("containers");

export type MenuResponse = z.infer<typeof menuResponse>;
export type SectionResponse = z.infer<typeof sectionResponse>;
export type ItemResponse = z.infer<typeof itemResponse>;
export type ContainerTreeResponse = z.infer<typeof containerTreeResponse>;
export type SearchItemResponse = z.infer<typeof searchItemResponse>;
export type ContainerResponse = z.infer<typeof containerResponse>;
export type BlankContainerResponse = z.infer<typeof blankContainerResponse>;
export type ItemTreeResponse = z.infer<typeof itemTreeResponse>;
export type SectionTreeResponse = z.infer<typeof sectionTreeResponse>;
export type MenuTreeResponse = z.infer<typeof menuTreeResponse>;
