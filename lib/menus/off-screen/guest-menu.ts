import { formatPrice } from "@/lib/shared/format-price";
import type { ItemTreeResponse, MenuTreeResponse, SectionTreeResponse } from "@/lib/menus/schemas/menus";

// What a guest reads of a live menu tree (the full menu, or the board's), on paper, on a phone or in
// a venue's page alike: no 86'd item, no section hidden from guests, no on-deck section, and no section
// that only 86'd items filled. Sections and menus off their schedule are already out of a live tree.

export type GuestPrice = { label: string | null; price: string };
export type GuestItem = { name: string; tap: string | null; details: string; description: string | null; prices: GuestPrice[] };
export type GuestSection = { id: number; name: string; description: string | null; items: GuestItem[] };

/** "Brewery · IPA · 6.5% ABV · 60 IBU · cask". */
function detailsOf(item: ItemTreeResponse): string {
  const parts = [item.brewery, item.style];
  if (item.abv !== null) parts.push(`${Number(item.abv)}% ABV`);
  if (item.ibu !== null) parts.push(`${Number(item.ibu)} IBU`);
  if (item.cask) parts.push("cask");
  if (item.nitro) parts.push("nitro");
  return parts.filter((part): part is string => !!part && part.trim() !== "").join(" · ");
}

const guestItem = (item: ItemTreeResponse): GuestItem => ({
  name: item.name,
  tap: item.tap_number,
  details: detailsOf(item),
  description: item.description,
  prices: item.containers.map((container) => ({
    label: container.name ?? container.container_size?.name ?? null,
    price: formatPrice(container.price, container.currency),
  })),
});

function guestSection(section: SectionTreeResponse): GuestSection | null {
  if (!section.public) return null;
  const items = section.items.filter((item) => !item.eighty_sixed);
  if (items.length === 0 && section.items.length > 0) return null;
  return { id: section.id, name: section.name, description: section.description, items: items.map(guestItem) };
}

/** The sections a guest reads, in the menu's order. */
export const guestSections = (menu: Pick<MenuTreeResponse, "sections">): GuestSection[] =>
  menu.sections.map(guestSection).filter((section): section is GuestSection => section !== null);
