import { type SeedTx, seededOnce } from "../seed/once";
import { sandboxSquareRecords } from "./schema";
import { type Json, putRecord, squareId } from "./store";

// The Square sandbox's own bar (pos.md §1): one merchant, two locations (Downtown in USD, as the demo's
// first location; Harbor in EUR), ~40 drinks with several sizes each, every variation tracking
// inventory with 100 in stock. Seeded once per database; ids derive from names, so they are stable.

export const SANDBOX_MERCHANT_ID = "MLTAPROOMSANDBOX";
export const SANDBOX_LOCATIONS = [
  { id: "LTAPROOMDOWNTOWN", name: "Demo Taproom Downtown", currency: "USD", country: "US", timezone: "America/New_York" },
  { id: "LTAPROOMHARBOR", name: "Demo Taproom Harbor", currency: "EUR", country: "NL", timezone: "Europe/Amsterdam" },
] as const;
/** A personal access token of the sandbox merchant (Square's sandbox gives one per test account): the till's. */
export const SANDBOX_TILL_TOKEN = "EAAAsandbox-taproom-till-personal-access-token";
/** The application registered at the sandbox (Square's Developer Console): the app's default credentials. */
export const SANDBOX_APPLICATION = { id: "sandbox-sq0idb-taproom", secret: "sandbox-sq0csb-taproom-secret" } as const;

const DRAFT = ["Harbor Haze", "Copper Line Lager", "Night Shift Stout", "Sunday Saison", "West Pier Pale", "Gose Almighty"];
const MORE_DRAFT = [
  "Hop Tide I.P.A.",
  "Brick Lane Bitter",
  "Foghorn Porter",
  "Golden Mile Kölsch",
  "Rye Whisper",
  "Citra Sunrise",
  "Dockside Dunkel",
  "Tart Cherry Sour",
  "Amber Waves",
  "Pilsner Urquell",
  "Helles Belles",
  "Oatmeal Stout",
  "Mango Haze",
  "Barrel Aged Barleywine",
  "Berliner Weisse",
  "Smoked Märzen",
  "Coffee Milk Stout",
  "Session IPA",
  "Belgian Tripel",
  "Red Ale Rising",
  "Night Owl Schwarzbier",
  "Wheat Kings Hefeweizen",
];
const CANS = ["Double Vision", "Porch Pils", "Cider House Rules", "Hard Seltzer Lime", "Lazy Lager", "Alpine DIPA"];
const OTHER = [
  "House Red Wine",
  "House White Wine",
  "Cold Brew Coffee",
  "Ginger Beer",
  "Sparkling Water",
  "Lemonade",
  "Pretzel Bites",
  "Nachos",
];

type Size = [name: string, cents: number];
const DRAFT_SIZES: Size[] = [
  ["Pint", 700],
  ["Half", 400],
  ["Taster", 250],
];
const CAN_SIZES: Size[] = [["Can", 600]];
const OTHER_SIZES: Size[] = [
  ["Regular", 500],
  ["Large", 800],
];

/** The bar's drinks and their sizes in cents (the Toast sandbox sells the same, as a bar moving tills would). */
export function drinks(): { name: string; sizes: Size[] }[] {
  const bump = (sizes: Size[], index: number): Size[] => sizes.map(([name, cents]) => [name, cents + (index % 4) * 50]);
  return [
    ...[...DRAFT, ...MORE_DRAFT].map((name, index) => ({ name, sizes: bump(DRAFT_SIZES, index) })),
    ...CANS.map((name, index) => ({ name, sizes: bump(CAN_SIZES, index) })),
    ...OTHER.map((name, index) => ({ name, sizes: bump(OTHER_SIZES, index) })),
  ];
}

const SEED_LOCK = 727_405;

/** Seeds the sandbox once per database (under an advisory lock across instances). Safe on every request. */
export const ensureSquareSandbox = seededOnce("square-sandbox", SEED_LOCK, sandboxSquareRecords, seed);

async function seed(tx: SeedTx) {
  const at = "2026-01-01T00:00:00.000Z";
  const merchantId = SANDBOX_MERCHANT_ID;
  for (const location of SANDBOX_LOCATIONS) {
    await putRecord(tx, {
      id: location.id,
      kind: "location",
      merchantId,
      data: {
        id: location.id,
        name: location.name,
        business_name: "Demo Taproom",
        merchant_id: merchantId,
        status: "ACTIVE",
        type: "PHYSICAL",
        country: location.country,
        currency: location.currency,
        timezone: location.timezone,
        language_code: "en-US",
        capabilities: [],
        created_at: at,
      },
    });
  }
  await putRecord(tx, {
    id: `token:${SANDBOX_TILL_TOKEN}`,
    kind: "token",
    merchantId,
    data: { merchant_id: merchantId, expires_at: "2099-01-01T00:00:00Z", personal: true },
  });
  for (const drink of drinks()) {
    const itemId = squareId(`item:${drink.name}`);
    const variations: Json[] = drink.sizes.map(([size, cents], ordinal) => ({
      type: "ITEM_VARIATION",
      id: squareId(`variation:${drink.name}:${size}`),
      updated_at: at,
      version: 1,
      is_deleted: false,
      present_at_all_locations: true,
      item_variation_data: {
        item_id: itemId,
        name: size,
        ordinal,
        pricing_type: "FIXED_PRICING",
        price_money: { amount: cents, currency: "USD" },
        track_inventory: true,
        sellable: true,
        stockable: true,
      },
    }));
    await putRecord(tx, {
      id: itemId,
      kind: "catalog",
      merchantId,
      data: {
        type: "ITEM",
        id: itemId,
        updated_at: at,
        version: 1,
        is_deleted: false,
        present_at_all_locations: true,
        item_data: { name: drink.name, product_type: "REGULAR", variations: variations.map((variation) => variation.id) },
      },
    });
    for (const variation of variations) {
      await putRecord(tx, { id: variation.id as string, kind: "catalog", merchantId, data: variation });
      for (const location of SANDBOX_LOCATIONS) {
        await putRecord(tx, {
          id: `inv:${variation.id}:${location.id}`,
          kind: "inventory",
          merchantId,
          data: {
            catalog_object_id: variation.id,
            catalog_object_type: "ITEM_VARIATION",
            state: "IN_STOCK",
            location_id: location.id,
            quantity: "100",
            calculated_at: at,
          },
        });
      }
    }
  }
}
