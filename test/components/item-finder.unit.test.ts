import { describe, expect, it } from "vitest";
import { findItems } from "@/components/menus/eighty-six/item-finder";
import type { Item } from "@/lib/client/queries/menus";

// The bartender's search on the 86 page (issue 38 row 7): every word typed, in any field, any accents.

const item = (id: number, name: string, extra: Partial<Item> = {}) =>
  ({ item: { id, name, brewery: null, style: null, tap_number: null, ...extra } as Item, place: "Beer List › Taps" }) as const;
const items = [
  item(1, "Kölsch", { brewery: "Harbour Works", tap_number: "4" }),
  item(2, "Night Stout", { style: "Stout - Imperial" }),
  item(3, "Saison Dupont", { brewery: "Brasserie Dupont" }),
];
const ids = (query: string) => findItems(items, query).map((found) => found.item.id);

describe("finding an item to 86", () => {
  it("matches every word across name, brewery, style and tap number, without accents or case", () => {
    expect(ids("kolsch")).toEqual([1]);
    expect(ids("HARBOUR kol")).toEqual([1]);
    expect(ids("tap 4")).toEqual([1]);
    expect(ids("imperial")).toEqual([2]);
    expect(ids("dupont")).toEqual([3]);
    expect(ids("stout saison")).toEqual([]);
  });

  it("finds nothing for an empty search", () => {
    expect(ids("")).toEqual([]);
    expect(ids("   ")).toEqual([]);
  });
});
