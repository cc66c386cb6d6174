import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { encryptSecret } from "@/lib/auth/tokens";
import { boardDevices, boards, distributors, locations, webhooks } from "@/lib/db/schema";
import { DEMO } from "@/lib/demo/seed";
import { type Account, api, call, type Credentials, db, login } from "../api";

// Who may (venue-operations §3), route by route: every route that reads or writes a location's data,
// called by six callers, each with the status class this table expects. The table is written here, by
// hand, apart from the routes' own declarations: removing or weakening one route's rule fails it.
//
//   owner      the business's owner (every location)
//   managerA   a manager of location A (the records' location)
//   managerB   a manager of location B only (same business)
//   staffA     staff of location A, read-write token
//   staffRO    the same staff member's read-only token
//   rival      another business's owner
//
// "ok" means the handler ran (any answer but 401, 403 and 404: 2xx, or 409/410/422 from the handler's
// own rules); "403" a refusal by role (forbidden_role) or by the read-only token; "404" out of sight.

type Caller = "owner" | "managerA" | "managerB" | "staffA" | "staffRO" | "rival";
type Outcome = "ok" | 403 | 404;
type Action = "read" | "eightySix" | "pour" | "nudgeBoard" | "publish" | "edit" | "manage" | "own";

/** What each action's rule lets each caller do with a record of location A (the permissions table, restated). */
const EXPECTED: Record<Action, Record<Caller, Outcome>> = {
  read: { owner: "ok", managerA: "ok", managerB: 404, staffA: "ok", staffRO: "ok", rival: 404 },
  eightySix: { owner: "ok", managerA: "ok", managerB: 404, staffA: "ok", staffRO: 403, rival: 404 },
  pour: { owner: "ok", managerA: "ok", managerB: 404, staffA: "ok", staffRO: 403, rival: 404 },
  nudgeBoard: { owner: "ok", managerA: "ok", managerB: 404, staffA: "ok", staffRO: 403, rival: 404 },
  publish: { owner: "ok", managerA: "ok", managerB: 404, staffA: "ok", staffRO: 403, rival: 404 },
  edit: { owner: "ok", managerA: "ok", managerB: 404, staffA: 403, staffRO: 403, rival: 404 },
  manage: { owner: "ok", managerA: "ok", managerB: 404, staffA: 403, staffRO: 403, rival: 404 },
  own: { owner: "ok", managerA: 403, managerB: 404, staffA: 403, staffRO: 403, rival: 404 },
};

type Fixture = {
  location: number;
  menu: number;
  section: number;
  item: number;
  container: number;
  event: number;
  webhook: number;
  custom_menu: number;
  custom_section: number;
  custom_item: number;
  custom_container: number;
  tap: number;
  board: number;
  distributor: number;
};

// [method, path (placeholders name the fixture's records), action, body]
const ROUTES: [string, string, Action, unknown?][] = [
  ["GET", "locations/{location}", "read"],
  ["PATCH", "locations/{location}", "edit", { location: { phone: "+1 555 0100" } }],
  ["DELETE", "locations/{location}", "own"],
  ["GET", "locations/{location}/analytics?source_name=Test", "read"],
  ["GET", "locations/{location}/changes", "read"],
  ["GET", "locations/{location}/eighty_sixed", "read"],
  ["GET", "locations/{location}/menu_announcements", "read"],
  ["GET", "locations/{location}/events", "read"],
  [
    "POST",
    "locations/{location}/events",
    "edit",
    { event: { name: "Quiz", description: "", start_time_date: "2030-01-02", start_time_time: "19:00" } },
  ],
  ["GET", "locations/{location}/hours", "read"],
  ["PATCH", "locations/{location}/hours", "edit", { hours: [{ day: 0, closed: true }] }],
  ["PUT", "locations/{location}/hours", "edit", { hours: [{ day: 1, closed: true }] }],
  ["GET", "locations/{location}/special_hours", "read"],
  // An address the outbound guard refuses: allowed roles get 422 on base_url, and nothing is called.
  ["GET", "locations/{location}/imports", "manage"],
  [
    "POST",
    "locations/{location}/imports",
    "edit",
    { base_url: "http://127.0.0.1:1", email: "a@b.test", token: "t", source_location_id: 1 },
  ],
  ["POST", "locations/{location}/imports/source_locations", "edit", { base_url: "http://127.0.0.1:1", email: "a@b.test", token: "t" }],
  ["PUT", "locations/{location}/special_hours", "edit", { special_hours: [{ date: "2030-01-01", closed: true }] }],
  ["GET", "locations/{location}/insights/stats", "manage"],
  ["GET", "locations/{location}/insights/top_beers", "manage"],
  ["GET", "locations/{location}/insights/checkins_over_time", "manage"],
  ["GET", "locations/{location}/insights/subscribes_over_time", "manage"],
  ["GET", "locations/{location}/insights/menu_views_over_time", "manage"],
  ["GET", "locations/{location}/pour_variance", "manage"],
  ["GET", "locations/{location}/pour_report", "manage"],
  ["GET", "locations/{location}/pour_report.csv", "manage"],
  ["GET", "locations/{location}/reorder", "manage"],
  ["GET", "locations/{location}/reorder.csv", "manage"],
  ["GET", "locations/{location}/reorder.pdf?distributor_id={distributor}", "manage"],
  ["GET", "locations/{location}/distributors", "manage"],
  ["POST", "locations/{location}/distributors", "edit", { distributor: { name: "Who May Beers", lead_time_days: 2 } }],
  ["GET", "distributors/{distributor}", "manage"],
  ["PATCH", "distributors/{distributor}", "edit", { distributor: { lead_time_days: 5 } }],
  ["DELETE", "distributors/{distributor}", "edit"],
  ["GET", "items/{item}/par_level", "manage"],
  ["PUT", "items/{item}/par_level", "edit", { par_level: { par_kegs: 4, distributor_id: "{distributor}" } }],
  ["DELETE", "items/{item}/par_level", "edit"],
  ["GET", "locations/{location}/pos_connections", "manage"],
  ["GET", "locations/{location}/google_menu", "read"],
  ["GET", "locations/{location}/menus", "read"],
  ["POST", "locations/{location}/menus", "edit", { menu: { name: "Brunch" } }],
  ["PATCH", "locations/{location}/menus/positions", "edit", { menus: [] }],
  ["POST", "locations/{location}/menus/publish_all", "publish"],
  ["GET", "locations/{location}/menus/publish_impact", "read"],
  ["GET", "locations/{location}/webhooks", "manage"],
  ["POST", "locations/{location}/webhooks", "edit", { webhook: { url: "http://127.0.0.1:9/hook", events: ["menu.updated"] } }],
  ["GET", "locations/{location}/activity", "manage"],
  ["GET", "locations/{location}/qr.svg", "read"],
  ["GET", "locations/{location}/taps", "read"],
  ["POST", "locations/{location}/taps", "edit", { tap: { number: 999 } }],
  ["POST", "locations/{location}/ingest_token", "edit"],
  ["GET", "locations/{location}/custom_menus", "read"],
  ["POST", "locations/{location}/custom_menus", "edit", { custom_menu: { name: "Wine" } }],
  ["PATCH", "locations/{location}/custom_menus/positions", "edit", { custom_menus: [] }],
  ["POST", "locations/{location}/custom_menus/publish_all", "publish"],
  ["DELETE", "locations/{location}/custom_menus", "edit", { ids: [] }],
  ["GET", "menus/{menu}", "read"],
  ["GET", "menus/{menu}?full=true", "read"],
  ["PATCH", "menus/{menu}", "edit", { menu: { name: "Renamed" } }],
  ["PUT", "menus/{menu}", "edit", { menu: { name: "Renamed again" } }],
  ["DELETE", "menus/{menu}", "edit"],
  ["POST", "menus/{menu}/publish", "publish"],
  ["POST", "menus/{menu}/unpublish", "publish"],
  ["GET", "menus/{menu}/sections", "read"],
  ["POST", "menus/{menu}/sections", "edit", { section: { name: "Cans" } }],
  ["PATCH", "menus/{menu}/sections/positions", "edit", { sections: [] }],
  ["GET", "menus/{menu}/versions", "read"],
  ["GET", "menus/{menu}/versions/1", "read"],
  ["GET", "menus/{menu}/export.csv", "read"],
  ["GET", "menus/{menu}/print.pdf?paper=a4&layout=list", "read"],
  [
    "PUT",
    "menus/{menu}/import.csv?dry_run=true",
    "edit",
    "section,item,brewery,style,abv,ibu,description,container,price,untappd_id\nTaps,Lager,,,,,,Pint,6.00,\n",
  ],
  [
    "PUT",
    "menus/{menu}/import.csv",
    "edit",
    "section,item,brewery,style,abv,ibu,description,container,price,untappd_id\nTaps,Lager,,,,,,Pint,6.00,\n",
  ],
  ["POST", "menus/{menu}/versions/1/revert", "edit"],
  ["GET", "sections/{section}", "read"],
  ["PATCH", "sections/{section}", "edit", { section: { name: "Taps" } }],
  ["DELETE", "sections/{section}", "edit"],
  ["GET", "sections/{section}/items", "read"],
  ["POST", "sections/{section}/items", "edit", { item: { name: "House Lager" } }],
  ["PATCH", "sections/{section}/items/positions", "edit", { items: [] }],
  ["POST", "sections/{section}/items/tap_numbers", "edit", {}],
  ["GET", "items/{item}", "read"],
  ["PATCH", "items/{item}", "edit", { item: { name: "Renamed" } }],
  ["DELETE", "items/{item}", "edit"],
  ["POST", "items/{item}/86", "eightySix", { eighty_six: { until: null } }],
  ["DELETE", "items/{item}/86", "eightySix"],
  ["PATCH", "items/{item}/move", "edit", { item: { section_id: "{section}" } }],
  ["GET", "items/{item}/containers", "read"],
  ["POST", "items/{item}/containers", "edit", { container: { container_size_id: 1, price: "7.00" } }],
  ["PATCH", "items/{item}/containers/positions", "edit", { containers: [] }],
  ["GET", "containers/{container}", "read"],
  ["PATCH", "containers/{container}", "edit", { container: { price: "8.00" } }],
  ["DELETE", "containers/{container}", "edit"],
  ["GET", "events/{event}", "read"],
  ["PATCH", "events/{event}", "edit", { event: { name: "Quiz night" } }],
  ["DELETE", "events/{event}", "edit"],
  ["GET", "taps/{tap}", "read"],
  ["PATCH", "taps/{tap}", "edit", { tap: { name: "Left bar" } }],
  ["POST", "taps/{tap}/kegs", "pour", { size_ml: 19500 }],
  ["POST", "taps/{tap}/pours", "pour", { volume: 473, unit: "ml", idempotency_key: "who-may" }],
  ["POST", "taps/{tap}/kick", "pour"],
  ["DELETE", "taps/{tap}", "edit"],
  // The board fleet (venue-operations §10): a code no screen shows is the handler's own 422.
  ["GET", "locations/{location}/boards", "read"],
  ["POST", "locations/{location}/boards", "edit", { code: "22222222", name: "Who may", menu_id: "{menu}", theme: "dark" }],
  ["GET", "boards/{board}", "read"],
  ["PATCH", "boards/{board}", "edit", { name: "Renamed TV" }],
  ["POST", "boards/{board}/reload", "nudgeBoard"],
  ["POST", "boards/{board}/identify", "nudgeBoard"],
  ["DELETE", "boards/{board}", "edit"],
  ["GET", "webhooks/{webhook}", "manage"],
  ["PATCH", "webhooks/{webhook}", "edit", { webhook: { description: "POS" } }],
  ["DELETE", "webhooks/{webhook}", "edit"],
  ["GET", "webhooks/{webhook}/deliveries", "manage"],
  ["GET", "custom_menus/{custom_menu}", "read"],
  ["PATCH", "custom_menus/{custom_menu}", "edit", { custom_menu: { name: "Wines" } }],
  ["DELETE", "custom_menus/{custom_menu}", "edit"],
  ["POST", "custom_menus/{custom_menu}/publish", "publish"],
  ["POST", "custom_menus/{custom_menu}/unpublish", "publish"],
  ["GET", "custom_menus/{custom_menu}/custom_sections", "read"],
  ["POST", "custom_menus/{custom_menu}/custom_sections", "edit", { custom_section: { name: "Reds" } }],
  ["GET", "custom_sections/{custom_section}", "read"],
  ["PATCH", "custom_sections/{custom_section}", "edit", { custom_section: { name: "Whites" } }],
  ["DELETE", "custom_sections/{custom_section}", "edit"],
  ["GET", "custom_sections/{custom_section}/custom_items", "read"],
  ["POST", "custom_sections/{custom_section}/custom_items", "edit", { custom_item: { name: "Rioja", type: "wine" } }],
  ["GET", "custom_items/{custom_item}", "read"],
  ["PATCH", "custom_items/{custom_item}", "edit", { custom_item: { name: "Rioja Reserva" } }],
  ["DELETE", "custom_items/{custom_item}", "edit"],
  ["PATCH", "custom_items/{custom_item}/move", "edit", { custom_item: { custom_section_id: "{custom_section}" } }],
  ["GET", "custom_items/{custom_item}/custom_containers", "read"],
  ["POST", "custom_items/{custom_item}/custom_containers", "edit", { custom_container: { name: "Glass", price: "9.00" } }],
  ["GET", "custom_containers/{custom_container}", "read"],
  ["PATCH", "custom_containers/{custom_container}", "edit", { custom_container: { price: "10.00" } }],
  ["DELETE", "custom_containers/{custom_container}", "edit"],
  // Last: after a migration the location's custom menus take no more writes, so no more custom fixtures.
  ["POST", "locations/{location}/custom_menus/migrate", "edit"],
];

let owner: Account;
let rival: Account;
let callers: Record<Caller, Credentials>;
let locationA: number;
let tapNumber = 100;

async function ok<T = any>(response: Promise<{ status: number; body: any }>, status = 200): Promise<T> {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as T;
}

/** Fresh records of location A for one call, made by the owner: nothing a call changes leaks into the next. */
async function fixture(): Promise<Fixture> {
  const as = { as: owner.rw };
  const menu = (await ok(api.post(`locations/${locationA}/menus`, { ...as, body: { menu: { name: "Fixture" } } }), 201)).menu.id;
  const section = (await ok(api.post(`menus/${menu}/sections`, { ...as, body: { section: { name: "Taps" } } }), 201)).section.id;
  const item = (await ok(api.post(`sections/${section}/items`, { ...as, body: { item: { name: "Lager" } } }), 201)).item.id;
  const container = (
    await ok(api.post(`items/${item}/containers`, { ...as, body: { container: { container_size_id: 1, price: "6.00" } } }), 201)
  ).container.id;
  const event = (
    await ok(
      api.post(`locations/${locationA}/events`, {
        ...as,
        body: { event: { name: "Fixture", description: "", start_time_date: "2030-01-01", start_time_time: "18:00" } },
      }),
      201,
    )
  ).event.id;
  const [hook] = await (await db())
    .insert(webhooks)
    .values({
      locationId: locationA,
      url: "https://hooks.example.com/taproom",
      events: ["menu.updated"],
      secretEncrypted: encryptSecret("whsec_x"),
    })
    .returning();
  const customMenu = (await ok(api.post(`locations/${locationA}/custom_menus`, { ...as, body: { custom_menu: { name: "Wine" } } }), 201))
    .custom_menu.id;
  const customSection = (
    await ok(api.post(`custom_menus/${customMenu}/custom_sections`, { ...as, body: { custom_section: { name: "Reds" } } }), 201)
  ).custom_section.id;
  const customItem = (
    await ok(
      api.post(`custom_sections/${customSection}/custom_items`, { ...as, body: { custom_item: { name: "Rioja", type: "wine" } } }),
      201,
    )
  ).custom_item.id;
  const customContainer = (
    await ok(
      api.post(`custom_items/${customItem}/custom_containers`, { ...as, body: { custom_container: { name: "Glass", price: "9.00" } } }),
      201,
    )
  ).custom_container.id;
  // Tap numbers are unique per location, and every row makes fresh records.
  tapNumber += 1;
  const tap = (await ok(api.post(`locations/${locationA}/taps`, { ...as, body: { tap: { number: tapNumber, item_id: item } } }), 201)).tap
    .id;
  // A distributor (reorder, venue-operations §15), kept from row to row until a row deletes it (a
  // location keeps at most 200), and the item's par level naming it.
  const kept = await (await db()).select({ id: distributors.id }).from(distributors).where(eq(distributors.locationId, locationA));
  const distributor =
    kept[0]?.id ??
    (
      await ok(
        api.post(`locations/${locationA}/distributors`, { ...as, body: { name: `Fixture Beers ${tapNumber}`, lead_time_days: 3 } }),
        201,
      )
    ).distributor.id;
  await ok(api.put(`items/${item}/par_level`, { ...as, body: { par_kegs: 2, distributor_id: distributor } }));
  // A paired board: its device made here (pairing by code is test/boards/fleet.test.ts's).
  const [device] = await (await db())
    .insert(boardDevices)
    .values({ tokenHash: randomBytes(32).toString("hex") })
    .returning();
  const [board] = await (await db())
    .insert(boards)
    .values({ businessId: 1, locationId: locationA, deviceId: device!.id, name: "Fixture TV", menuId: menu })
    .returning();
  return {
    location: locationA,
    menu,
    section,
    item,
    container,
    event,
    webhook: hook!.id,
    custom_menu: customMenu,
    custom_section: customSection,
    custom_item: customItem,
    custom_container: customContainer,
    tap,
    board: board!.id,
    distributor,
  };
}

// Fresh records after every call that may have changed them (a write that went through), made when the
// next caller needs them: a refused call and a read change nothing, so the next caller, and the next row,
// meet the same records.
let used: Fixture | null = null;
const current = async (): Promise<Fixture> => {
  used ??= await fixture();
  return used;
};

const fill = <T>(value: T, records: Fixture): T =>
  JSON.parse(
    JSON.stringify(value).replace(/"\{(\w+)\}"|\{(\w+)\}/g, (_, quoted, bare) => String(records[(quoted ?? bare) as keyof Fixture])),
  );

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const database = await db();
  const mine = await database.select().from(locations).where(eq(locations.businessId, 1));
  const byName = (name: string) => mine.find((location) => location.name === name)!.id;
  locationA = byName("Demo Taproom Downtown");
  const locationB = byName("Demo Taproom Harbor");
  const member = async (email: string, role: "manager" | "staff", locationIds: number[]) => {
    const { tokens } = await createUser(database, { businessId: 1, email, name: email, password: "a long passphrase", role, locationIds });
    return { rw: { email, token: tokens.token }, ro: { email, token: tokens.readOnlyToken } };
  };
  const managerA = await member("manager-a@demo.test", "manager", [locationA]);
  const managerB = await member("manager-b@demo.test", "manager", [locationB]);
  const staffA = await member("staff-a@demo.test", "staff", [locationA]);
  callers = { owner: owner.rw, managerA: managerA.rw, managerB: managerB.rw, staffA: staffA.rw, staffRO: staffA.ro, rival: rival.rw };
  expect(DEMO.owner.email).toBe(owner.rw.email);
});

const CALLERS: Caller[] = ["rival", "managerB", "staffRO", "staffA", "managerA", "owner"];

describe("who may, route by route", () => {
  it.each(ROUTES.map(([method, path, action, body]) => [`${method} ${path}`, method, path, action, body] as const))(
    "%s",
    async (_, method, path, action, body) => {
      const seen: Record<string, number> = {};
      for (const caller of CALLERS) {
        const records = await current();
        // A string body is a CSV file (PUT /menus/:id/import.csv); anything else is sent as JSON.
        const sent =
          typeof body === "string"
            ? { rawBody: body, headers: { "content-type": "text/csv" } }
            : { body: body === undefined ? undefined : fill(body, records) };
        const answer = await call(method, fill(path, records), { as: callers[caller], ...sent });
        seen[caller] = answer.status;
        const expected = EXPECTED[action][caller];
        if (expected === "ok") expect([401, 403, 404], `${caller}: ${JSON.stringify(answer.body)}`).not.toContain(answer.status);
        else expect(answer.status, `${caller}: ${JSON.stringify(answer.body)}`).toBe(expected);
        if (expected === 403 && caller !== "staffRO") expect(answer.body.code).toBe("forbidden_role");
        // A migration is done once; the next caller's migrate copies nothing and answers the same.
        if (method !== "GET" && answer.status < 300 && !path.endsWith("/migrate")) {
          // The location is the one record a fixture does not renew: an archive is undone for the next caller.
          if (method === "DELETE" && path === "locations/{location}")
            await ok(api.post(`locations/${locationA}/restore`, { as: owner.rw }));
          used = null;
        }
      }
      expect(Object.keys(seen)).toHaveLength(CALLERS.length);
    },
  );
});
