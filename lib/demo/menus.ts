import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, kegs, menus, sections, taps } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { createItem } from "@/lib/menus/items";
import { defaultSizesFor } from "@/lib/shared/size-defaults";
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
  const added: { id: number; tapNumber: string | null; containerId: number | null }[] = [];
  for (const [position, name] of beers.entries()) {
    const input = { untappd_id: catalogue.idOf(name), tap_number: pours.length > 1 ? String(position + 1) : undefined };
    const item = await createItem(db, { ...scope, input, catalogue });
    const [first] = await db
      .insert(containers)
      .values(
        pours.map(([size, base], order) => ({
          itemId: item.id,
          containerSizeId: sizes.get(size) ?? null,
          price: priceFor(position, base),
          position: order,
        })),
      )
      .returning({ id: containers.id });
    added.push({ id: item.id, tapNumber: item.tap_number, containerId: first?.id ?? null });
  }
  return added;
}

// A 30-litre keg on each demo tap, a little poured, so the Taps page shows what a working bar has.
const KEG_ML = 30_000;

/** One tap per numbered draft beer, with the same number (decision 080), and the on-deck beer waiting on tap 1, unless the location has taps. */
async function seedTaps(db: Db, location: Location, draft: Awaited<ReturnType<typeof addBeers>>, onDeck: number[]) {
  const numbered = draft.filter((item) => item.tapNumber !== null);
  if (numbered.length === 0) return;
  // A location that has taps keeps them, as one with menus keeps its menus.
  const [tapped] = await db.select({ id: taps.id }).from(taps).where(eq(taps.locationId, location.id)).limit(1);
  if (tapped) return;
  const rows = await db
    .insert(taps)
    .values(
      numbered.map((item, index) => ({
        locationId: location.id,
        number: Number(item.tapNumber),
        itemId: item.id,
        containerId: item.containerId,
        onDeck: index === 0 ? onDeck : [],
      })),
    )
    .returning({ id: taps.id, itemId: taps.itemId });
  await db.insert(kegs).values(
    rows.map((row, index) => ({
      tapId: row.id,
      itemId: row.itemId,
      sizeMl: String(KEG_ML),
      remainingMl: String(KEG_ML - 2_500 * (index + 1)),
      tappedAt: new Date(),
    })),
  );
}

/** The sizes each section pours in, in the location's country's own (decision 088): Amsterdam pours litres. */
function poursFor(country: string | null) {
  const names = new Set(defaultSizesFor(country).map((size) => size.name));
  if (names.has("0.5 l"))
    return {
      draft: [
        ["0.5 l", 7],
        ["0.3 l", 4.5],
      ] as [string, number][],
      cans: [["330 ml Bottle", 6]] as [string, number][],
      onDeck: [["0.5 l", 7.5]] as [string, number][],
    };
  return {
    draft: [
      ["Pint", 7],
      ["4 oz Taster", 2.5],
    ] as [string, number][],
    cans: [["16 oz Can", 8]] as [string, number][],
    onDeck: [["Pint", 7.5]] as [string, number][],
  };
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
  const pours = poursFor(location.country);
  const draft = await addBeers(db, { businessId, sectionId: tap!.id }, ON_TAP, pours.draft, sizes);
  await addBeers(db, { businessId, sectionId: cans!.id }, CANS, pours.cans, sizes);
  const waiting = await addBeers(db, { businessId, sectionId: onDeck!.id }, COMING_SOON, pours.onDeck, sizes);
  await seedTaps(
    db,
    location,
    draft,
    waiting.map((item) => item.id),
  );
}
