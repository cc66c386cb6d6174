import { z } from "zod";
import {
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
  sourceName,
  timestamp,
} from "@/lib/shared/schemas";
import { positionsBody, positionsResponse } from "@/lib/menus/schemas/positions";

// The deprecated custom-menu family: custom menus, sections, items and containers.

const object = (key: string) => ({ error: `must be a JSON object with ${key}` });
const fields = { error: "must be an object" };

export const customMenuQuery = z.object({ full: queryFlag, source_name: sourceName });

export const createCustomMenuBody = z.object(
  { custom_menu: z.object({ name: requiredText(255), description: optionalText(2000) }, fields) },
  object("a custom_menu"),
);
export const updateCustomMenuBody = z.object(
  { custom_menu: z.object({ name: requiredText(255), description: optionalText(2000), footer: optionalText(2000) }, fields).partial() },
  object("a custom_menu"),
);
export const deleteCustomMenusBody = z.object(
  {
    ids: z
      .array(positiveId, { error: "must be a list of custom menu ids" })
      .min(1, "must name at least one custom menu")
      .max(1000, "names at most 1000 custom menus")
      .transform((ids) => [...new Set(ids)]),
  },
  object("ids"),
);
export const customMenuPositionsBody = positionsBody("custom_menus");

const sectionFields = z.object({ name: optionalText(255), description: optionalText(2000) }, fields).partial();
export const createCustomSectionQuery = z.object({ head: queryFlag });
/** The whole body is optional: a section may start without a name. */
export const createCustomSectionBody = z
  .object({ custom_section: sectionFields.nullable().optional() }, object("a custom_section"))
  .optional()
  .transform((body) => body?.custom_section ?? {});
export const updateCustomSectionBody = z.object({ custom_section: sectionFields }, object("a custom_section"));
export const customSectionPositionsBody = positionsBody("custom_sections");

const itemFields = {
  name: optionalText(255),
  description: optionalText(5000),
  custom_item_type_id: positiveId,
  // Checked against the custom_item_types table, whose list may grow.
  type: z.string({ error: "must be a string" }).trim().toLowerCase().min(1, "can't be blank").max(64, "must be at most 64 characters"),
};
export const createCustomItemBody = z.object(
  {
    custom_item: z
      .object(itemFields, fields)
      .partial()
      .refine((item) => item.custom_item_type_id !== undefined || item.type !== undefined, {
        message: "needs a custom_item_type_id or a type (wine, cocktail or food)",
        path: ["type"],
      }),
  },
  object("a custom_item"),
);
export const updateCustomItemBody = z.object({ custom_item: z.object(itemFields, fields).partial() }, object("a custom_item"));
/** `position` as on `PATCH /items/:id/move` (an extension of the spec). */
export const moveCustomItemBody = z.object(
  { custom_item: z.object({ custom_section_id: positiveId, position: positionInput.optional() }, fields) },
  object("a custom_item"),
);
export const customItemPositionsBody = positionsBody("custom_items");

export const customContainerListQuery = z.object({ build: queryFlag });
const containerFields = {
  name: optionalText(255),
  price: moneyInput,
  position: z
    .number({ error: "must be a whole number from 0" })
    .int("must be a whole number from 0")
    .min(0, "must be a whole number from 0"),
};
export const createCustomContainerBody = z.object(
  { custom_container: z.object({ name: containerFields.name, price: containerFields.price }, fields) },
  object("a custom_container"),
);
export const updateCustomContainerBody = z.object(
  { custom_container: z.object(containerFields, fields).partial() },
  object("a custom_container"),
);

export type CustomMenuFields = z.infer<typeof updateCustomMenuBody>["custom_menu"];
export type CustomSectionFields = z.infer<typeof sectionFields>;
export type CustomItemFields = z.infer<typeof updateCustomItemBody>["custom_item"];
export type CustomContainerFields = z.infer<typeof updateCustomContainerBody>["custom_container"];

// ---- answers (lib/custom-menus/serialize.ts) ----

const text = z.string().nullable();

export const customMenuResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  name: z.string(),
  description: text,
  footer: text,
  unpublished: z.boolean(),
  position: listPosition,
  created_at: timestamp,
  updated_at: timestamp,
});

export const customSectionResponse = z.strictObject({
  id: recordId,
  custom_menu_id: recordId,
  position: listPosition,
  name: text,
  description: text,
  created_at: timestamp,
  updated_at: timestamp,
});

export const customItemResponse = z.strictObject({
  id: recordId,
  custom_section_id: recordId,
  position: listPosition,
  name: text,
  description: text,
  type: z.string(),
  custom_item_type_id: recordId,
  image_url_for_type: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const customItemTypeResponse = z.strictObject({
  id: recordId,
  name: z.string(),
  position: listPosition,
  created_at: timestamp,
  updated_at: timestamp,
});

export const customContainerResponse = z.strictObject({
  id: recordId,
  custom_item_id: recordId,
  name: text,
  price: moneyString,
  position: listPosition,
  _track_by: recordId,
  created_at: timestamp,
  updated_at: timestamp,
});

/** build=true: the blank, unsaved container a form starts from, after the saved ones. */
export const blankCustomContainerResponse = z.strictObject({
  id: z.null(),
  custom_item_id: recordId,
  name: z.null(),
  price: z.null(),
  position: listPosition,
  _track_by: z.null(),
  created_at: z.null(),
  updated_at: z.null(),
});

export const customItemTreeResponse = customItemResponse.extend({ custom_containers: z.array(customContainerResponse) });
export const customSectionTreeResponse = customSectionResponse.extend({ custom_items: z.array(customItemTreeResponse) });
/** full=true: the whole custom menu. */
export const customMenuTreeResponse = customMenuResponse.extend({ custom_sections: z.array(customSectionTreeResponse) });

export const customMenuEnvelope = envelope("custom_menu", customMenuResponse);
export const customMenuReadEnvelope = envelope("custom_menu", z.union([customMenuResponse, customMenuTreeResponse]));
export const customMenusEnvelope = envelope("custom_menus", z.array(customMenuResponse));
export const customMenuPositionsResponse = positionsResponse("custom_menus");
export const deleteCustomMenusResponse = z.strictObject({ success: z.literal(true) });
export const customSectionEnvelope = envelope("custom_section", customSectionResponse);
export const customSectionsEnvelope = envelope("custom_sections", z.array(customSectionResponse));
export const customSectionPositionsResponse = positionsResponse("custom_sections");
export const customItemEnvelope = envelope("custom_item", customItemResponse);
export const customItemsEnvelope = envelope("custom_items", z.array(customItemResponse));
export const customItemPositionsResponse = positionsResponse("custom_items");
export const customItemTypesEnvelope = envelope("custom_item_types", z.array(customItemTypeResponse));
export const customContainerEnvelope = envelope("custom_container", customContainerResponse);
export const customContainersEnvelope = envelope(
  "custom_containers",
  z.array(z.union([customContainerResponse, blankCustomContainerResponse])),
);

export type CustomMenuResponse = z.infer<typeof customMenuResponse>;
export type CustomSectionResponse = z.infer<typeof customSectionResponse>;
export type CustomItemResponse = z.infer<typeof customItemResponse>;
export type CustomItemTypeResponse = z.infer<typeof customItemTypeResponse>;
export type CustomContainerResponse = z.infer<typeof customContainerResponse>;
export type BlankCustomContainerResponse = z.infer<typeof blankCustomContainerResponse>;
export type CustomMenuTreeResponse = z.infer<typeof customMenuTreeResponse>;
