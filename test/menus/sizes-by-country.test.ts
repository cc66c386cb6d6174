import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { databaseAsOf, freshDatabase, type TestDatabase } from "../database";
import { snapshot } from "../snapshot";
import { businesses, containerSizes } from "@/lib/db/schema";
import { createLocation, updateLocation } from "@/lib/locations/writes";
import { defaultSizesFor, sizeLabel, sizesCountry, sizesForCountry, volumeText } from "@/lib/shared/size-defaults";

// Issue 49 row 6 (decision 088): a location's country decides the sizes it starts with, each held and
// shown in its own unit: a pint of 568 ml and its half in the UK and Ireland, 0.3/0.4/0.5 l in the euro
// area, 16/12 oz in the US. The shared list gains them when a location names its country; the demo's
// Amsterdam location pours litres.

type Size = { id: number; name: string; ounces: string; unit: "oz" | "ml" | "l"; volume: string; position: number };

let owner: Account;
const sizesNow = async () => (await api.get("container_sizes", { as: owner.ro })).body.container_sizes as Size[];

beforeAll(async () => {
  owner = await login("owner");
});

describe("the list's sizes in their own units", () => {
  it("answers each size's unit and volume beside its ounces, by position", async () => {
    const sizes = await sizesNow();
    const byName = new Map(sizes.map((size) => [size.name, size]));
    expect(sizes.map((size) => size.position)).toEqual([...sizes.keys()]);
    expect(byName.get("Pint")).toMatchObject({ ounces: "16.0000", unit: "oz", volume: "16.0000" });
    expect(byName.get("12 oz")).toMatchObject({ ounces: "12.0000", unit: "oz", volume: "12.0000" });
    expect(byName.get("568 ml Pint")).toMatchObject({ ounces: "19.2064", unit: "ml", volume: "568.0000" });
    expect(byName.get("284 ml Half Pint")).toMatchObject({ ounces: "9.6032", unit: "ml", volume: "284.0000" });
    expect(byName.get("0.3 l")).toMatchObject({ ounces: "10.1442", unit: "l", volume: "0.3000" });
    expect(byName.get("0.5 l")).toMatchObject({ ounces: "16.9070", unit: "l", volume: "0.5000" });
    expect(byName.get("330 ml Bottle")).toMatchObject({ ounces: "11.1586", unit: "ml", volume: "330.0000" });
  });

  it("names a size with its volume in its own unit, once", () => {
    const size = (name: string, volume: string, unit: "oz" | "ml" | "l") => ({ name, volume, unit });
    expect(sizeLabel(size("568 ml Pint", "568.0000", "ml"))).toBe("568 ml Pint");
    expect(sizeLabel(size("Half Pint", "8.0000", "oz"))).toBe("Half Pint · 8 oz");
    expect(sizeLabel(size("0.5 l", "0.5000", "l"))).toBe("0.5 l");
    expect(sizeLabel(size("4 oz Taster", "4.0000", "oz"))).toBe("4 oz Taster");
    expect(volumeText(size("20 oz Imperial Pint", "568.2613", "ml"))).toBe("568 ml");
  });

  it("offers a location its country's sizes first, by volume, and starts a price on its largest", async () => {
    const sizes = await sizesNow();
    const uk = sizesForCountry(sizes, "GB");
    expect(uk.own.map((size) => size.name)).toEqual(["284 ml Half Pint", "568 ml Pint"]);
    expect(uk.preferred?.name).toBe("568 ml Pint");
    expect(uk.other.map((size) => Number(size.ounces))).toEqual(uk.other.map((size) => Number(size.ounces)).sort((a, b) => a - b));
    expect(sizesForCountry(sizes, "IE").own.map((size) => size.name)).toEqual(["284 ml Half Pint", "568 ml Pint"]);
    expect(sizesForCountry(sizes, "NL").own.map((size) => size.name)).toEqual(["0.3 l", "0.4 l", "0.5 l"]);
    expect(sizesForCountry(sizes, "NL").preferred?.name).toBe("0.5 l");
    expect(sizesForCountry(sizes, "US").own.map((size) => size.name)).toEqual(["12 oz", "Pint"]);
    // A country without sizes of its own: the list's first, as before.
    expect(sizesForCountry(sizes, "JP")).toMatchObject({ own: [], preferred: { name: "Pint" } });
    expect(sizesForCountry(sizes, null).preferred?.name).toBe("Pint");
  });
});

describe("the demo", () => {
  it("pours litres in Amsterdam and pints in New York, in each location's currency", async () => {
    const locations = (await api.get("locations", { as: owner.ro })).body.locations as { id: number; name: string; country: string }[];
    const prices = async (name: string) => {
      const location = locations.find((one) => one.name === name)!;
      const menu = (await api.get(`locations/${location.id}/menus`, { as: owner.ro })).body.menus[0];
      const tree = (await api.get(`menus/${menu.id}?full=true`, { as: owner.ro })).body.menu;
      return tree.sections[0].items[0].containers.map(
        (container: { price: string; currency: string; container_size: { name: string; unit: string } }) =>
          `${container.container_size.name} (${container.container_size.unit}) ${container.price} ${container.currency}`,
      );
    };
    expect(await prices("Demo Taproom Harbor")).toEqual(["0.3 l (l) 4.50 EUR", "0.5 l (l) 7.00 EUR"]);
    expect(await prices("Demo Taproom Downtown")).toEqual(["4 oz Taster (oz) 2.50 USD", "Pint (oz) 7.00 USD"]);
  });
});

describe("a location names its country", () => {
  it("through the API: a London location is offered the imperial pint, and the list is not written again", async () => {
    const before = await sizesNow();
    const response = await api.post("locations", {
      as: owner.rw,
      body: { location: { name: "Demo Taproom Borough", time_zone: "Europe/London", currency: "GBP", country: "GB" } },
    });
    expect(response.status).toBe(201);
    // The demo's list holds every country's sizes already: nothing is added, nothing moves.
    expect(await sizesNow()).toEqual(before);
  });

  it("a refused location adds no size and changes nothing", async () => {
    const before = await snapshot();
    const response = await api.post("locations", {
      as: owner.rw,
      body: { location: { name: "Nowhere", time_zone: "Mars/Olympus", currency: "EUR", country: "NL" } },
    });
    expect(response.status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe("on a list that lacks them (a PostgreSQL database never seeded, an older list)", () => {
  let bare: TestDatabase;
  let businessId: number;
  const list = async () =>
    (
      await bare.db
        .select({ name: containerSizes.name, unit: containerSizes.unit, volume: containerSizes.volume, position: containerSizes.position })
        .from(containerSizes)
        .orderBy(asc(containerSizes.position))
    ).map((size) => `${size.position}: ${size.name} = ${Number(size.volume)} ${size.unit}`);
  const create = (name: string, country: string | null, zone = "Asia/Tokyo") =>
    createLocation(bare.db, { businessId, input: { name, time_zone: zone, currency: "GBP", country } as never });

  beforeAll(async () => {
    bare = await freshDatabase();
    [{ id: businessId }] = (await bare.db.insert(businesses).values({ name: "New Pub Co" }).returning()) as unknown as [{ id: number }];
  });
  afterAll(async () => {
    await bare?.close();
  });

  it("a location with no country, in a zone of no country with sizes of its own, adds nothing", async () => {
    await create("No country", null);
    expect(await list()).toEqual([]);
  });

  it("a UK location adds the imperial pint and half, in ml; a second adds nothing", async () => {
    // The short form that creates a location asks no country: London's zone says it.
    await create("The Crown", null, "Europe/London");
    expect(await list()).toEqual(["0: 568 ml Pint = 568 ml", "1: 284 ml Half Pint = 284 ml"]);
    await create("The Anchor", "IE");
    expect(await list()).toHaveLength(2);
  });

  it("a Dutch location adds 0.3, 0.4 and 0.5 l after them; a US one its pint and 12 oz", async () => {
    await create("De Kroon", "NL");
    const location = await create("Corner Tap", "JP");
    expect(await list()).toHaveLength(5);
    // A location whose country changes to the US gains the US sizes.
    await updateLocation(bare.db, { businessId, id: location.id, patch: { country: "US" } as never });
    expect(await list()).toEqual([
      "0: 568 ml Pint = 568 ml",
      "1: 284 ml Half Pint = 284 ml",
      "2: 0.3 l = 0.3 l",
      "3: 0.4 l = 0.4 l",
      "4: 0.5 l = 0.5 l",
      "5: Pint = 16 oz",
      "6: 12 oz = 12 oz",
    ]);
    const [pint] = await bare.db.select().from(containerSizes).where(eq(containerSizes.name, "568 ml Pint"));
    expect(pint).toMatchObject({ ounces: "19.2064", containerSizeGroupId: 1 });
  });

  it("locations created at once take distinct positions, each size once", async () => {
    const other = await freshDatabase();
    try {
      const [{ id }] = (await other.db.insert(businesses).values({ name: "Three Bars" }).returning()) as unknown as [{ id: number }];
      const input = (country: string) => ({ name: `Bar ${country}`, time_zone: "Asia/Tokyo", currency: "EUR", country }) as never;
      await Promise.all(
        ["GB", "NL", "US", "IE", "DE"].map((country) => createLocation(other.db, { businessId: id, input: input(country) })),
      );
      const rows = await other.db.select().from(containerSizes).orderBy(asc(containerSizes.position));
      expect(rows.map((row) => row.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(rows.map((row) => row.name).sort()).toEqual(["0.3 l", "0.4 l", "0.5 l", "12 oz", "284 ml Half Pint", "568 ml Pint", "Pint"]);
    } finally {
      await other.close();
    }
  });

  it("a location's own country decides over its zone's; without one, the zone's", () => {
    expect(sizesCountry({ country: "NL", timeZone: "Europe/London" })).toBe("NL");
    expect(sizesCountry({ country: null, timeZone: "Europe/Amsterdam" })).toBe("NL");
    expect(sizesCountry({ country: null, timeZone: "America/Indiana/Knox" })).toBe("US");
    expect(sizesCountry({ country: null, timeZone: "Asia/Tokyo" })).toBeNull();
    expect(defaultSizesFor("JP")).toEqual([]);
  });
});

describe("migration 0034 on a list as the release before it left it", () => {
  it("keeps every size's ounces, holds the ml-named ones in ml and the rest in oz", async () => {
    const { database, upgrade } = await databaseAsOf("0033_keg_sensors");
    await database.db.execute(sql`
      insert into container_sizes (name, ounces, position, container_size_group_id) values
        ('Pint', 16, 0, 1), ('330 ml Bottle', 11.1586, 1, 3), ('20 oz Imperial Pint', 19.2152, 2, 1), ('40cl Draft', 13.5256, 3, 1)`);
    const upgraded = await upgrade();
    try {
      const rows = await upgraded.db.select().from(containerSizes).orderBy(asc(containerSizes.position));
      expect(rows.map((row) => [row.name, row.ounces, row.unit, row.volume])).toEqual([
        ["Pint", "16.0000", "oz", "16.0000"],
        ["330 ml Bottle", "11.1586", "ml", "330.0000"],
        ["20 oz Imperial Pint", "19.2152", "ml", "568.2613"],
        ["40cl Draft", "13.5256", "ml", "400.0000"],
      ]);
    } finally {
      await upgraded.close();
    }
  });
});
