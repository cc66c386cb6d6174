import { z } from "zod";
import { decimalInput, moneyInput, optionalText, positiveId, queryFlag, requiredText, sourceName } from "./common";

// Consolidated menus, sections, items and containers (contract §4). Shared by handlers and forms.

const flag = z.boolean({ error: "must be true or false" });
const object = (key: string) => ({ error: `must be a JSON object with ${key}` });

export const legacyQuery = z.object({ include_legacy: queryFlag });
export const menuQuery = z.object({ full: queryFlag, include_legacy: queryFlag, source_name: sourceName });

const menuFields = {
  name: requiredText(255),
  description: optionalText(2000),
  footer: optionalText(2000),
};
export const createMenuBody = z.object({ menu: z.object(menuFields, { error: "must be an object" }) }, object("a menu"));
export const updateMenuBody = z.object({ menu: z.object(menuFields, { error: "must be an object" }).partial() }, object("a menu"));

const sectionFields = {
  name: z.string({ error: "must be a string" }).trim().max(255, "must be at most 255 characters"),
  description: optionalText(2000),
  public: flag,
};
export const createSectionQuery = z.object({ head: queryFlag });
// The body is optional: a section without one is an untitled section.
export const createSectionBody = z
  .object({ section: z.object(sectionFields, { error: "must be an object" }).partial().optional().default({}) }, object("a section"))
  .default({ section: {} });
export const updateSectionBody = z.object({ section: z.object(sectionFields, { error: "must be an object" }).partial() }, object("a section"));

// Fields a venue may override on any item: on a catalogue beer they land in custom_*.
const overridable = {
  name: z.string({ error: "must be a string" }).trim().min(1, "can't be blank").max(255, "must be at most 255 characters"),
  brewery: optionalText(255),
  style: optionalText(255),
  description: optionalText(5000),
  abv: decimalInput(0, 100).nullable(),
  ibu: decimalInput(0, 10_000).nullable(),
  calories: z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must not be negative").max(100_000, "is too large").nullable(),
};
const itemExtras = {
  label_image: optionalText(2048),
  label_image_hd: optionalText(2048),
  tap_number: optionalText(16),
  cask: flag,
  nitro: flag,
  in_production: flag,
};

export const createItemBody = z.object(
  {
    item: z
      .object({ untappd_id: positiveId, ...overridable, ...itemExtras }, { error: "must be an object" })
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
export const moveItemBody = z.object({ item: z.object({ section_id: positiveId }, { error: "must be an object" }) }, object("an item"));
export const searchItemsQuery = z.object({
  q: z.string({ error: "is required" }).trim().min(1, "is required").max(100, "must be at most 100 characters"),
  limit: z.coerce.number({ error: "must be a number" }).int("must be a whole number").min(1, "must be at least 1").max(50, "must be at most 50").default(25),
});

export const containerListQuery = z.object({ build: queryFlag, include_legacy: queryFlag });
const containerFields = {
  container_size_id: positiveId,
  price: moneyInput,
  name: optionalText(255),
  calories: z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must not be negative").max(100_000, "is too large").nullable(),
};
export const createContainerBody = z.object(
  {
    container: z.object(
      { ...containerFields, name: containerFields.name, calories: containerFields.calories.optional() },
      { error: "must be an object" },
    ),
  },
  object("a container"),
);
export const updateContainerBody = z.object(
  {
    container: z
      .object({ ...containerFields, position: z.number({ error: "must be a whole number" }).int("must be a whole number").min(0, "must not be negative") }, { error: "must be an object" })
      .partial(),
  },
  object("a container"),
);

export type CreateItem = z.infer<typeof createItemBody>["item"];
export type UpdateItem = z.infer<typeof updateItemBody>["item"];
