import { describe, expect, it } from "vitest";
import { diffTrees } from "@/components/menus/history/tree-diff";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";

// The History panel's diff (components/menus/history/tree-diff.ts): a pure function of two trees.

const at = "2026-01-01T00:00:00.000Z";
const container = (id: number, itemId: number, price: string, position = 0) => ({
  id,
  item_id: itemId,
  container_size_id: 1,
  container_size: null,
  name: "Pint",
  price,
  currency: "USD",
  calories: null,
  position,
  _track_by: id,
  source_id: null,
  created_at: at,
  updated_at: at,
});
const item = (id: number, sectionId: number, name: string, position: number, prices: string[] = ["7.00"]) => ({
  id,
  section_id: sectionId,
  position,
  untappd_id: null,
  name,
  brewery: null,
  style: null,
  description: null,
  abv: null,
  ibu: null,
  calories: null,
  label_image: null,
  label_image_hd: null,
  brewery_location: null,
  untappd_beer_slug: null,
  untappd_brewery_id: null,
  tap_number: null,
  cask: false,
  nitro: false,
  in_production: true,
  eighty_sixed: false,
  eighty_sixed_until: null,
  eighty_sixed_reason: null,
  allergens: [],
  dietary: [],
  source_id: null,
  rating: null,
  custom_name: null,
  custom_brewery: null,
  custom_style: null,
  custom_description: null,
  custom_abv: null,
  custom_ibu: null,
  custom_calories: null,
  original_name: name,
  original_brewery: null,
  original_style: null,
  original_description: null,
  original_abv: null,
  original_ibu: null,
  original_calories: null,
  created_at: at,
  updated_at: at,
  containers: prices.map((price, index) => container(id * 10 + index, id, price, index)),
});
type Items = ReturnType<typeof item>[];
const section = (id: number, name: string, position: number, items: Items) => ({
  id,
  menu_id: 1,
  position,
  name,
  description: null,
  type: "Section" as const,
  public: true,
  source_id: null,
  created_at: at,
  updated_at: at,
  items,
});
const tree = (sections: ReturnType<typeof section>[], fields: Partial<MenuTreeResponse> = {}): MenuTreeResponse => ({
  id: 1,
  location_id: 1,
  uuid: "00000000-0000-4000-8000-000000000000",
  name: "Taps",
  description: null,
  footer: null,
  unpublished: true,
  position: 0,
  legacy_menu_id: null,
  source_id: null,
  version: 1,
  created_at: at,
  updated_at: at,
  sections,
  on_deck_section: null,
  ...fields,
});

const base = () =>
  tree([
    section(1, "Draft", 0, [item(11, 1, "Haze", 0), item(12, 1, "Stout", 1), item(13, 1, "Lager", 2)]),
    section(2, "Cans", 1, [item(21, 2, "Pils", 0, ["4.00", "6.00"])]),
  ]);

describe("diffTrees", () => {
  it("finds nothing between equal trees", () => {
    expect(diffTrees(base(), base())).toEqual([]);
  });

  it("names price changes, additions and removals in words", () => {
    const after = base();
    after.sections[0]!.items[0]!.containers[0]!.price = "7.50";
    after.sections[1]!.items[0]!.containers.pop();
    after.sections[1]!.items.push(item(22, 2, "Sour", 1, ["5.00"]));
    expect(diffTrees(base(), after)).toEqual([
      { kind: "changed", text: "Price of “Haze”, Pint: 7.00 → 7.50" },
      { kind: "removed", text: "Price Pint 6.00 removed from “Pils”" },
      { kind: "added", text: "“Sour” added to “Cans” (Pint 5.00)" },
    ]);
  });

  it("reports one removal, not moves of the siblings that closed the gap", () => {
    const after = base();
    after.sections[0]!.items.splice(0, 1);
    for (const [position, it] of after.sections[0]!.items.entries()) it.position = position;
    expect(diffTrees(base(), after)).toEqual([{ kind: "removed", text: "“Haze” removed from “Draft”" }]);
  });

  it("reports moves between sections and within one, and section order", () => {
    const after = base();
    const [haze] = after.sections[0]!.items.splice(0, 1);
    after.sections[1]!.items.push({ ...haze!, section_id: 2 });
    after.sections[0]!.items.reverse();
    after.sections.reverse();
    const diff = diffTrees(base(), after);
    expect(diff).toContainEqual({ kind: "moved", text: "“Haze” moved from “Draft” to “Cans”" });
    expect(diff.filter((entry) => entry.kind === "moved" && entry.text.includes("within “Draft”"))).toHaveLength(1);
    expect(diff.filter((entry) => entry.text.startsWith("Section"))).toHaveLength(1);
  });

  it("reports menu fields, publish state, item fields and removed sections", () => {
    const after = tree(
      [
        section(1, "Draft beer", 0, [
          { ...item(11, 1, "Haze", 0), name: "Harbor Haze", nitro: true },
          item(12, 1, "Stout", 1),
          item(13, 1, "Lager", 2),
        ]),
      ],
      {
        name: "Evening",
        unpublished: false,
      },
    );
    expect(diffTrees(base(), after)).toEqual([
      { kind: "changed", text: "Menu renamed from “Taps” to “Evening”" },
      { kind: "changed", text: "Menu published (was a draft)" },
      { kind: "removed", text: "Section “Cans” removed, with 1 item" },
      { kind: "changed", text: "Section “Draft” renamed to “Draft beer”" },
      { kind: "changed", text: "Name of “Haze”: “Haze” → “Harbor Haze”" },
      { kind: "changed", text: "“Harbor Haze” is now nitro" },
    ]);
  });
});
