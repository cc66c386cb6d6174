import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, menus, sections } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { createItem } from "@/lib/menus/items";
import { demoCatalogue } from "./catalogue";

// What each section pours, by name: beers of the sandbox's catalogue (sandbox/seed/demo-beers.ts),
// added by their untappd id as a manager would add them, so each carries the catalogue's ids, label,
// rating and the rest. Everything here is in the catalogue; a pour that is not would be a custom item.
const ON_TAP = ["Harbor Haze", "Copper Line Lager", "Night Shift Stout", "Sunday Saison", "West Pier Pale", "Gose Almighty"];
const CANS = ["Double Vision", "Porch Pils", "Cider House Rules"];
const COMING_SOON = ["Winter Warmer"];

// Prices in the location's currency; draft pours are scaled for a pint and a taster.
const priceFor = (index: number, base: number) => (base + (index % 4) * 0.5).toFixed(2);

async function sizeIds(db: Db) {
  const rows = await db.select({ id: containerSizes.id, name: containerSizes.name }).from(containerSizes);
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function addBeers(
  db: Db,
  scope: { businessId: number; sectionId: number },
  beers: string[],
  pours: [size: string, base: number][],
  sizes: Map<string, number>,
) {
  const catalogue = demoCatalogue();
  for (const [position, name] of beers.entries()) {
    const input = { untappd_id: catalogue.idOf(name), tap_number: pours.length > 1 ? String(position + 1) : undefined };
    const item = await createItem(db, { ...scope, input, catalogue });
    await db.insert(containers).values(
      pours.map(([size, base], order) => ({
        itemId: item.id,
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
  const businessId = location.businessId;
  await addBeers(
    db,
    { businessId, sectionId: tap!.id },
    ON_TAP,
    [
      ["Pint", 7],
      ["4 oz Taster", 2.5],
    ],
    sizes,
  );
  await addBeers(db, { businessId, sectionId: cans!.id }, CANS, [["16 oz Can", 8]], sizes);
  await addBeers(db, { businessId, sectionId: onDeck!.id }, COMING_SOON, [["Pint", 7.5]], sizes);
}
