import { z } from "zod";
import { envelope } from "./common";
import { blankContainerResponse, containerResponse, itemResponse, menuResponse, menuTreeResponse, sectionResponse } from "./menus";

// include_legacy (lib/custom-menus/legacy-json.ts): a custom record answered under the consolidated
// key, in the consolidated shape, marked `legacy: true`; and the answers of the reads that take it.

const legacy = z.literal(true);

export const legacyMenuResponse = menuResponse.extend({ uuid: z.null(), legacy_menu_id: z.null(), legacy });
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

// The consolidated reads that take include_legacy: the record, or the custom record it falls back to.
export const menuReadEnvelope = envelope("menu", z.union([menuResponse, menuTreeResponse, legacyMenuResponse, legacyMenuTreeResponse]));
export const menuListEnvelope = envelope("menus", z.array(z.union([menuResponse, legacyMenuResponse])));
export const sectionReadEnvelope = envelope("section", z.union([sectionResponse, legacySectionResponse]));
export const sectionListEnvelope = envelope("sections", z.array(z.union([sectionResponse, legacySectionResponse])));
export const itemReadEnvelope = envelope("item", z.union([itemResponse, legacyItemResponse]));
export const itemListEnvelope = envelope("items", z.array(z.union([itemResponse, legacyItemResponse])));
export const containerReadEnvelope = envelope("container", z.union([containerResponse, legacyContainerResponse]));
export const containerListEnvelope = envelope(
  "containers",
  z.array(z.union([containerResponse, blankContainerResponse, legacyContainerResponse, legacyBlankContainerResponse])),
);

export type LegacyMenuResponse = z.infer<typeof legacyMenuResponse>;
export type LegacySectionResponse = z.infer<typeof legacySectionResponse>;
export type LegacyItemResponse = z.infer<typeof legacyItemResponse>;
export type LegacyContainerResponse = z.infer<typeof legacyContainerResponse>;
export type LegacyMenuTreeResponse = z.infer<typeof legacyMenuTreeResponse>;
