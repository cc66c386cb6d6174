import { drinks } from "../square/seed";
import { type SeedTx, seededOnce } from "../seed/once";
import { sandboxToastRecords } from "./schema";
import { type Json, putRecord, toastGuid } from "./store";

// The Toast sandbox's own bar (pos.md §1): one API client with access to two restaurants (Downtown in
// USD, as the demo's first location; Harbor in EUR, so the currency check can be shown), the same ~40
// drinks as the Square sandbox's bar, each a Toast menu item in a menu group of the "Drinks" menu;
// draft beers are priced by size (SIZE_PRICE, with a Size modifier group: Pint, Half, Taster), the rest
// at one price or two sizes. Everything starts IN_STOCK (Toast keeps no stock record for that). Seeded
// once per database; GUIDs derive from names, so they are stable.

export const SANDBOX_RESTAURANTS = [
  {
    guid: toastGuid("restaurant:downtown"),
    name: "Demo Taproom Downtown",
    locationName: "Downtown",
    currencyCode: "USD",
    timeZone: "America/New_York",
  },
  {
    guid: toastGuid("restaurant:harbor"),
    name: "Demo Taproom Harbor",
    locationName: "Harbor",
    currencyCode: "EUR",
    timeZone: "Europe/Dublin",
  },
] as const;
export const SANDBOX_MANAGEMENT_GROUP = toastGuid("management-group:demo-taproom");
/** The API client Toast's integrations team would issue (a partner account): the app's default credentials. */
export const SANDBOX_CLIENT = { clientId: "taproom-sandbox-client", clientSecret: "taproom-sandbox-client-secret" } as const;

const GROUPS: Record<number, string> = { 3: "Draft", 1: "Cans", 2: "Other" };

/** A drink as the sandbox keeps it: rendered into Menus v2's shape on every read (sandbox/toast/menus.ts). */
export type SandboxItem = {
  guid: string;
  name: string;
  group: string;
  multiLocationId: string;
  /** Dollars (Toast writes money as decimal numbers); null when priced by size. */
  price: number | null;
  sizeGroupGuid: string | null;
  sizes: { guid: string; name: string; price: number; multiLocationId: string }[];
};

const SEED_LOCK = 727_406;

/** Seeds the sandbox once per database (under an advisory lock across instances). Safe on every request. */
export const ensureToastSandbox = seededOnce("toast-sandbox", SEED_LOCK, sandboxToastRecords, seed);

async function seed(tx: SeedTx) {
  await putRecord(tx, {
    id: `client:${SANDBOX_CLIENT.clientId}`,
    kind: "client",
    restaurantGuid: "",
    data: { ...SANDBOX_CLIENT, restaurants: SANDBOX_RESTAURANTS.map((each) => each.guid) },
  });
  for (const restaurant of SANDBOX_RESTAURANTS) {
    await putRecord(tx, {
      id: restaurant.guid,
      kind: "restaurant",
      restaurantGuid: restaurant.guid,
      data: {
        guid: restaurant.guid,
        general: {
          name: restaurant.name,
          locationName: restaurant.locationName,
          locationCode: restaurant.locationName.slice(0, 3).toUpperCase(),
          description: "A taproom pouring local beer.",
          timeZone: restaurant.timeZone,
          closeoutHour: 4,
          managementGroupGuid: SANDBOX_MANAGEMENT_GROUP,
          currencyCode: restaurant.currencyCode,
          firstBusinessDate: 20260101,
          archived: false,
        },
        lastUpdated: "2026-01-01T00:00:00.000Z",
      },
    });
    for (const drink of drinks()) {
      const sized = drink.sizes.length > 1;
      const item: SandboxItem = {
        guid: toastGuid(`item:${restaurant.guid}:${drink.name}`),
        name: drink.name,
        group: GROUPS[drink.sizes.length] ?? "Other",
        multiLocationId: String(100_000_000 + (Number.parseInt(toastGuid(`mli:${drink.name}`).slice(0, 7), 16) % 899_999_999)),
        price: sized ? null : drink.sizes[0]![1] / 100,
        sizeGroupGuid: sized ? toastGuid(`size-group:${restaurant.guid}:${drink.name}`) : null,
        sizes: sized
          ? drink.sizes.map(([size, cents]) => ({
              guid: toastGuid(`size:${restaurant.guid}:${drink.name}:${size}`),
              name: size,
              price: cents / 100,
              multiLocationId: String(
                200_000_000 + (Number.parseInt(toastGuid(`mli:${drink.name}:${size}`).slice(0, 7), 16) % 799_999_999),
              ),
            }))
          : [],
      };
      await putRecord(tx, { id: item.guid, kind: "item", restaurantGuid: restaurant.guid, data: item as unknown as Json });
    }
  }
}
