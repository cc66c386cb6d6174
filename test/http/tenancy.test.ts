import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";

// Another business's ids are answered exactly like ids that do not exist, on every route and verb.
let owner: Account;
let rival: Account;
const ids = { location: 0, event: 0, hour: 0, menu: 0 };

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  ids.location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  ids.event = (await api.get(`locations/${ids.location}/events`, { as: owner.ro })).body.events[0].id;
  ids.hour = (await api.get(`locations/${ids.location}/hours`, { as: owner.ro })).body.hours[0].id;
  ids.menu = (await api.get(`locations/${ids.location}/menus`, { as: owner.ro })).body.menus[0].id;
});
const CSV = "section,item,brewery,style,abv,ibu,description,container,price,untappd_id\r\nTaps,Stolen,,,,,,,,\r\n";

const event = { name: "Stolen", description: "", start_time_date: "2027-01-01", start_time_time: "10:00" };

const routes = (): [string, string, unknown?][] => [
  ["GET", `locations/${ids.location}`],
  ["GET", `locations/${ids.location}/events`],
  ["POST", `locations/${ids.location}/events`, { event }],
  ["GET", `events/${ids.event}`],
  ["PUT", `events/${ids.event}`, { event: { name: "Stolen" } }],
  ["PATCH", `events/${ids.event}`, { event: { name: "Stolen" } }],
  ["DELETE", `events/${ids.event}`],
  ["GET", `locations/${ids.location}/hours`],
  ["PUT", `locations/${ids.location}/hours`, { hours: [{ id: ids.hour, closed: true }] }],
  ["PATCH", `locations/${ids.location}/hours`, { hours: [{ id: ids.hour, closed: true }] }],
  ["GET", `locations/${ids.location}/analytics?source_name=Spy`],
  ["GET", `locations/${ids.location}/special_hours`],
  ["PUT", `locations/${ids.location}/special_hours`, { special_hours: [{ date: "2030-01-01", closed: true }] }],
  ["GET", `locations/${ids.location}/menu_announcements`],
  ["GET", `locations/${ids.location}/imports`],
  ["POST", `locations/${ids.location}/imports`, { base_url: "https://example.com", email: "a@b.test", token: "t", source_location_id: 1 }],
  ["POST", `locations/${ids.location}/imports/source_locations`, { base_url: "https://example.com", email: "a@b.test", token: "t" }],
  ["GET", `menus/${ids.menu}/export.csv`],
  ["PUT", `menus/${ids.menu}/import.csv?dry_run=true`, CSV],
  ["PUT", `menus/${ids.menu}/import.csv`, CSV],
];
/** A string body is a CSV file; anything else is sent as JSON. */
const sent = (body: unknown) => (typeof body === "string" ? { rawBody: body, headers: { "content-type": "text/csv" } } : { body });

describe("another business's records", () => {
  it("are 404 on every route, exactly like a missing record, and nothing changes", async () => {
    const before = await snapshot();
    for (const [method, url, body] of routes()) {
      const foreign = await api[method.toLowerCase() as "get"](url, { as: rival.rw, ...sent(body) });
      const missing = await api[method.toLowerCase() as "get"](url.replace(/\/\d+/, "/2000000"), { as: rival.rw, ...sent(body) });
      expect(foreign.status, `${method} ${url}`).toBe(404);
      expect(foreign.body, `${method} ${url}`).toEqual(missing.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cannot be reached by naming the owner's hours in the rival's own location", async () => {
    const rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
    const before = await snapshot();
    const response = await api.patch(`locations/${rivalLocation}/hours`, {
      as: rival.rw,
      body: { hours: [{ id: ids.hour, closed: true }] },
    });
    expect(response.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("stay reachable for their owner", async () => {
    for (const [method, url] of routes().filter(([method]) => method === "GET")) {
      expect((await api.get(url, { as: owner.ro })).status, `${method} ${url}`).toBe(200);
    }
  });
});
