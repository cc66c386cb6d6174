import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, menus, sections } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";

type Beer = [name: string, brewery: string, style: string, abv: string, ibu: string | null, description: string];

const ON_TAP: Beer[] = [
  ["Harbor Haze", "Tidewater Brewing", "IPA - New England / Hazy", "6.80", "45.0", "Juicy, soft and bright with Citra and Mosaic."],
  ["Copper Line Lager", "Northbound Beer Co.", "Lager - Vienna", "4.90", "22.0", "Toasty malt, clean finish."],
  ["Night Shift Stout", "Foundry Lane Brewery", "Stout - Oatmeal", "5.60", "35.0", "Roasted coffee, dark chocolate, silky body."],
  ["Sunday Saison", "Fieldhouse Farm Ales", "Saison / Farmhouse Ale", "6.20", "28.0", "Peppery yeast, dry and sparkling."],
  ["West Pier Pale", "Tidewater Brewing", "Pale Ale - American", "5.40", "38.0", "Grapefruit and pine over a crackery base."],
  ["Gose Almighty", "Salt & Barrel", "Sour - Gose", "4.20", "8.0", "Tart, lightly salted, with coriander."],
];

const CANS: Beer[] = [
  ["Double Vision", "Northbound Beer Co.", "IPA - Imperial / Double", "8.50", "70.0", "Big, resinous and dangerously smooth."],
  ["Porch Pils", "Fieldhouse Farm Ales", "Pilsner - Czech", "5.00", "35.0", "Floral Saaz, soft bitterness."],
  ["Cider House Rules", "Orchard Road Cidery", "Cider - Dry", "6.00", null, "Crisp heirloom apples, bone dry."],
];

const COMING_SOON: Beer[] = [["Winter Warmer", "Foundry Lane Brewery", "Winter Ale", "7.20", "30.0", "Spiced, malty, back in December."]];

// Prices in the location's currency; draft pours are scaled for a pint and a taster.
const priceFor = (index: number, base: number) => (base + (index % 4) * 0.5).toFixed(2);

async function sizeIds(db: Db) {
  const rows = await db.select({ id: containerSizes.id, name: containerSizes.name }).from(containerSizes);
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function addBeers(db: Db, sectionId: number, beers: Beer[], pours: [size: string, base: number][], sizes: Map<string, number>) {
  for (const [position, [name, brewery, style, abv, ibu, description]] of beers.entries()) {
    const [item] = await db
      .insert(items)
      .values({
        sectionId,
        position,
        originalName: name,
        originalBrewery: brewery,
        originalStyle: style,
        originalAbv: abv,
        originalIbu: ibu,
        originalDescription: description,
        tapNumber: pours.length > 1 ? String(position + 1) : null,
      })
      .returning({ id: items.id });
    await db.insert(containers).values(
      pours.map(([size, base], order) => ({
        itemId: item!.id,
        containerSizeId: sizes.get(size) ?? null,
        price: priceFor(position, base),
        position: order,
      })),
    );
  }
}

/** One published menu with tap and can sections and an on-deck beer, unless the location has menus. */
export async function seedMenus(db: Db, location: Location) {
  const [existing] = await db.select({ id: menus.id }).from(menus).where(eq(menus.locationId, location.id)).limit(1);
  if (existing) return;
  const sizes = await sizeIds(db);
  const [menu] = await db
    .insert(menus)
    .values({
      locationId: location.id,
      name: "Beer List",
      description: "What's pouring today.",
      footer: "Ask your server about tasting flights.",
      unpublished: false,
      position: 0,
    })
    .returning();
  const [tap, cans, onDeck] = await db
    .insert(sections)
    .values([
      { menuId: menu!.id, position: 0, name: "On Tap", description: "Rotating draft lines." },
      { menuId: menu!.id, position: 1, name: "Cans & Bottles" },
      { menuId: menu!.id, type: "OnDeckSection" as const, position: 0, name: "On Deck", public: false },
    ])
    .returning({ id: sections.id });
  await addBeers(
    db,
    tap!.id,
    ON_TAP,
    [
      ["Pint", 7],
      ["4 oz Taster", 2.5],
    ],
    sizes,
  );
  await addBeers(db, cans!.id, CANS, [["16 oz Can", 8]], sizes);
  await addBeers(db, onDeck!.id, COMING_SOON, [["Pint", 7.5]], sizes);
}
