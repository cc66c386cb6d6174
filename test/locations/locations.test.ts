import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";

let owner: Account;
let rival: Account;
beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
});

describe("GET /current_user", () => {
  it("describes the caller", async () => {
    const response = await api.get("current_user", { as: owner.ro });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      current_user: {
        id: expect.any(Number),
        email: "owner@demo.test",
        name: expect.any(String),
        role: "owner",
        // venue-operations §1: owners see every location (null), and the business is named.
        location_ids: null,
        admin: false,
        business_id: expect.any(Number),
        business: { id: expect.any(Number), name: "Demo Taproom Group" },
        platform_username: "demo_owner",
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updated_at: expect.stringMatching(/Z$/),
      },
    });
  });
});

describe("GET /locations", () => {
  it("lists only the caller's business's locations", async () => {
    const mine = (await api.get("locations", { as: owner.ro })).body.locations;
    const theirs = (await api.get("locations", { as: rival.ro })).body.locations;
    expect(mine.map((l: { name: string }) => l.name)).toEqual(["Demo Taproom Downtown", "Demo Taproom Harbor"]);
    expect(theirs.map((l: { name: string }) => l.name)).toEqual(["Rival Brewpub"]);
  });

  it("gives one location with the reference fields", async () => {
    const [first] = (await api.get("locations", { as: owner.ro })).body.locations;
    const response = await api.get(`locations/${first.id}`, { as: owner.ro });
    expect(response.status).toBe(200);
    const { location } = response.body;
    expect(location).toMatchObject({
      id: first.id,
      name: "Demo Taproom Downtown",
      time_zone: "America/New_York",
      currency: "USD",
      currency_symbol: "$",
      latitude: "40.7195000",
      longitude: "-74.0089000",
      formatted_address: "120 Hudson Street, New York, NY 10013, United States",
      untappd_venue_id: 910001,
    });
    expect([-4, -5]).toContain(location.tz_offset);
    for (const key of [
      "business_id",
      "address1",
      "address2",
      "city",
      "region",
      "postcode",
      "country",
      "country_name",
      "phone",
      "website",
      "contact_email",
      "number_of_taps",
      "created_at",
      "updated_at",
    ]) {
      expect(location).toHaveProperty(key);
    }
    const harbor = (await api.get("locations", { as: owner.ro })).body.locations[1];
    expect(harbor).toMatchObject({ currency: "EUR", currency_symbol: "€", time_zone: "Europe/Amsterdam" });
  });

  it.each(["0", "-1", "abc", "1.5", "99999999999", "999999"])("answers id %s with 404", async (id) => {
    const response = await api.get(`locations/${id}`, { as: owner.ro });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("not_found");
  });
});

describe("GET /container_sizes", () => {
  it("lists every size by position with decimal-string ounces", async () => {
    const response = await api.get("container_sizes", { as: rival.ro });
    expect(response.status).toBe(200);
    const sizes = response.body.container_sizes;
    expect(sizes.length).toBeGreaterThanOrEqual(8);
    expect(sizes.map((s: { position: number }) => s.position)).toEqual([...sizes.keys()]);
    expect(sizes[0]).toEqual({
      id: expect.any(Number),
      name: "Pint",
      ounces: "16.0000",
      unit: "oz",
      volume: "16.0000",
      position: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const names = sizes.map((s: { name: string }) => s.name);
    for (const name of ["Half Pint", "10 oz", "4 oz Taster", "12 oz Can", "16 oz Can", "750 ml Bottle", "Glass of Wine"]) {
      expect(names).toContain(name);
    }
  });
});
