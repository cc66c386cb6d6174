import { z } from "zod";
import { envelope } from "@/lib/shared/schemas";
import {
  customContainerResponse,
  customItemResponse,
  customMenuResponse,
  customMenuTreeResponse,
  customSectionResponse,
} from "./custom-menus";
import {
  blankContainerResponse,
  containerResponse,
  itemResponse,
  menuResponse,
  menuTreeResponse,
  sectionResponse,
} from "@/lib/menus/schemas/menus";

// include_legacy (lib/custom-menus/legacy-json.ts): a custom record answered under the consolidated
// key, in the consolidated shape, marked `legacy: true`; and the answers of the reads that take it.

const legacy = z.literal(true);

/** A custom menu has no version (live-menus §1 versions the consolidated menus only). */
export const legacyMenuResponse = menuResponse.omit({ version: true }).extend({ uuid: z.null(), legacy_menu_id: z.null(), legacy });
export const legacySectionResponse = sectionResponse.extend({ type: z.literal("Section"), public: z.literal(true), legacy });
/** A custom item has no catalogue fields and no overrides; its type becomes its style. */
export const legacyItemResponse = itemResponse.extend({ untappd_id: z.null(), legacy });
export const legacyContainerResponse = containerResponse.extend({
  container_size_id: z.null(),
  container_size: z.null(),
  calories: z.null(),
  legacy,
});
export const legacyBlankContainerResponse = blankContainerResponse.extend({ legacy });

export const legacyItemTreeResponse = legacyItemResponse.extend({ containers: z.array(legacyContainerResponse) });
export const legacySectionTreeResponse = legacySectionResponse.extend({ items: z.array(legacyItemTreeResponse) });
export const legacyMenuTreeResponse = legacyMenuResponse.extend({
  sections: z.array(legacySectionTreeResponse),
  on_deck_section: z.null(),
});

/** A custom record found by include_legacy: under the consolidated key, and in its own shape under its own. */
const withCustom = <K extends string, C extends string>(key: K, legacyShape: z.ZodType, customKey: C, customShape: z.ZodType) =>
  z.strictObject({ [key]: legacyShape, [customKey]: customShape } as { [P in K | C]: z.ZodType });

// The consolidated reads that take include_legacy: the record, or the custom record it falls back to.
export const menuReadEnvelope = z.union([
  envelope("menu", z.union([menuResponse, menuTreeResponse])),
  withCustom("menu", legacyMenuResponse, "custom_menu", customMenuResponse),
  withCustom("menu", legacyMenuTreeResponse, "custom_menu", customMenuTreeResponse),
]);
export const menuListEnvelope = envelope("menus", z.array(z.union([menuResponse, legacyMenuResponse])));
export const sectionReadEnvelope = z.union([
  envelope("section", sectionResponse),
  withCustom("section", legacySectionResponse, "custom_section", customSectionResponse),
]);
export const sectionListEnvelope = envelope("sections", z.array(z.union([sectionResponse, legacySectionResponse])));
export const itemReadEnvelope = z.union([
  envelope("item", itemResponse),
  withCustom("item", legacyItemResponse, "custom_item", customItemResponse),
]);
export const itemListEnvelope = envelope("items", z.array(z.union([itemResponse, legacyItemResponse])));
export const containerReadEnvelope = z.union([
  envelope("container", containerResponse),
  withCustom("container", legacyContainerResponse, "custom_container", customContainerResponse),
]);
export const containerListEnvelope = envelope(
  "containers",
  z.array(z.union([containerResponse, blankContainerResponse, legacyContainerResponse, legacyBlankContainerResponse])),
);

export type LegacyMenuResponse = z.infer<typeof legacyMenuResponse>;
export type LegacySectionResponse = z.infer<typeof legacySectionResponse>;
export type LegacyItemResponse = z.infer<typeof legacyItemResponse>;
export type LegacyContainerResponse = z.infer<typeof legacyContainerResponse>;
export type LegacyMenuTreeResponse = z.infer<typeof legacyMenuTreeResponse>;
