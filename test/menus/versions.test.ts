import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { offeredMethods } from "@/lib/http/handler";
import { ROUTES } from "@/app/api/v1/openapi/routes";
import { actingAs } from "@/lib/db/actor";
import { api, db, login, type Account, type ApiResponse } from "../api";
import { seedMenu } from "../custom-fixtures";

// Versions (live-menus §1): every writing route of the API, table-driven. Each request that changes a
// menu raises that menu's version by exactly 1 and its location's menus_version by exactly 1, and adds
// one change per menu to the feed; a refused request raises nothing. A writing route that is in
// neither table below fails the first test: a new write path has to say what it does to menus.

let owner: Account;
let locationId: number;
let otherLocationId: number;

type State = { menus: Map<number, number>; location: number; changes: number };

async function state(location = locationId): Promise<State> {
  const database = await db();
  const menus = (await database.execute(sql`select id, version from menus where location_id = ${location}`)) as unknown as {
    rows: { id: number; version: number }[];
  };
  const loc = (await database.execute(sql`select menus_version from locations where id = ${location}`)) as unknown as {
    rows: { menus_version: number }[];
  };
  const changes = (await database.execute(sql`select count(*)::int as n from menu_changes where location_id = ${location}`)) as unknown as {
    rows: { n: number }[];
  };
  return {
    menus: new Map(menus.rows.map((row) => [row.id, row.version])),
    location: loc.rows[0]!.menus_version,
    changes: changes.rows[0]!.n,
  };
}

const ok = (response: ApiResponse) => {
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
};

// Fresh records for each case, so every case changes something real.
async function newMenu(name = "Versioned") {
  return ok(await api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name } } })).menu;
}
async function newSection(menuId: number, name = "Taps") {
  return ok(await api.post(`menus/${menuId}/sections`, { as: owner.rw, body: { section: { name } } })).section;
}
async function newItem(sectionId: number, name = "House Lager") {
  return ok(await api.post(`sections/${sectionId}/items`, { as: owner.rw, body: { item: { name } } })).item;
}
async function newContainer(itemId: number, price = "6.00", sizeId = 1) {
  return ok(await api.post(`items/${itemId}/containers`, { as: owner.rw, body: { container: { container_size_id: sizeId, price } } }))
    .container;
}
async function tree() {
  const menu = await newMenu();
  const section = await newSection(menu.id);
  const other = await newSection(menu.id, "Bottles");
  const item = await newItem(section.id);
  const second = await newItem(section.id, "Porter");
  const container = await newContainer(item.id);
  // One price per size per item: the second is another size (the POST case below adds size 2).
  const container2 = await newContainer(item.id, "8.00", 3);
  return { menu, section, other, item, second, container, container2 };
}

/** A write: what it sends, and which menus it changes (the location's menus_version rises with any). */
type Case = () => Promise<{ send: () => Promise<ApiResponse>; changes: number[]; refused?: () => Promise<ApiResponse> }>;

const MENU_WRITES: Record<string, Case> = {
  "POST /api/v1/locations/{id}/menus": async () => ({
    send: () => api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "New" } } }),
    changes: [], // a new menu starts at version 1: checked apart below
    refused: () => api.post(`locations/${locationId}/menus`, { as: owner.rw, body: { menu: { name: "" } } }),
  }),
  "PUT /api/v1/menus/{id}": async () => {
    const { menu } = await tree();
    return {
      send: () => api.put(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: "Renamed" } } }),
      changes: [menu.id],
      refused: () => api.put(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: 7 } } }),
    };
  },
  "PATCH /api/v1/menus/{id}": async () => {
    const { menu } = await tree();
    return {
      send: () => api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { footer: "Cheers" } } }),
      changes: [menu.id],
      refused: () => api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: 7 } } }),
    };
  },
  "DELETE /api/v1/menus/{id}": async () => {
    const { menu } = await tree();
    return { send: () => api.delete(`menus/${menu.id}`, { as: owner.rw }), changes: [menu.id] };
  },
  "PUT /api/v1/menus/{id}/happy_hours": async () => {
    const { menu } = await tree();
    const windows = [{ days: ["fri"], start: "16:00", end: "18:00" }];
    return {
      send: () => api.put(`menus/${menu.id}/happy_hours`, { as: owner.rw, body: { happy_hours: { windows, percent_off: 10 } } }),
      changes: [menu.id],
      refused: () => api.put(`menus/${menu.id}/happy_hours`, { as: owner.rw, body: { happy_hours: { windows, amount_off: "7.00" } } }),
    };
  },
  "PUT /api/v1/sections/{id}/happy_hours": async () => {
    const { menu, section } = await tree();
    const windows = [{ days: ["fri"], start: "16:00", end: "18:00" }];
    return {
      send: () => api.put(`sections/${section.id}/happy_hours`, { as: owner.rw, body: { happy_hours: { windows, price: "5.00" } } }),
      changes: [menu.id],
      refused: () => api.put(`sections/${section.id}/happy_hours`, { as: owner.rw, body: { happy_hours: { windows } } }),
    };
  },
  "POST /api/v1/menus/{id}/publish": async () => {
    const { menu } = await tree();
    return { send: () => api.post(`menus/${menu.id}/publish`, { as: owner.rw }), changes: [menu.id] };
  },
  "POST /api/v1/menus/{id}/versions/{version}/revert": async () => {
    const { menu, container } = await tree();
    const { version } = ok(await api.get(`menus/${menu.id}?full=true`, { as: owner.ro })).menu;
    ok(await api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "9.00" } } }));
    return {
      send: () => api.post(`menus/${menu.id}/versions/${version}/revert`, { as: owner.rw }),
      changes: [menu.id],
      refused: () => api.post(`menus/${menu.id}/versions/0/revert`, { as: owner.rw }),
    };
  },
  "PUT /api/v1/menus/{id}/import.csv": async () => {
    const { menu } = await tree();
    const csv = (rows: string) => ({
      as: owner.rw,
      rawBody: `section,item,brewery,style,abv,ibu,description,container,price,untappd_id\r\n${rows}`,
      headers: { "content-type": "text/csv" },
    });
    return {
      send: () => api.put(`menus/${menu.id}/import.csv`, csv("Taps,Pilsner,,,4.8,,,Pint,6.50,\r\nTaps,Pilsner,,,,,,Half Pint,3.50,\r\n")),
      changes: [menu.id],
      refused: () => api.put(`menus/${menu.id}/import.csv`, csv("Taps,Pilsner,,,400,,,Pint,6.50,\r\n")),
    };
  },
  "POST /api/v1/menus/{id}/unpublish": async () => {
    const { menu } = await tree();
    ok(await api.post(`menus/${menu.id}/publish`, { as: owner.rw }));
    return { send: () => api.post(`menus/${menu.id}/unpublish`, { as: owner.rw }), changes: [menu.id] };
  },
  "POST /api/v1/locations/{id}/menus/publish_all": async () => {
    const first = await newMenu("One");
    const second = await newMenu("Two");
    const unpublished = [...(await state()).menus.keys()];
    const published = new Set<number>();
    for (const menu of (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus) {
      if (!menu.unpublished) published.add(menu.id);
    }
    return {
      send: () => api.post(`locations/${locationId}/menus/publish_all`, { as: owner.rw }),
      changes: unpublished.filter((id) => !published.has(id)).concat(first.id === second.id ? [] : []),
    };
  },
  "PATCH /api/v1/locations/{id}/menus/positions": async () => {
    await newMenu("Last");
    const menus = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus as { id: number }[];
    const reversed = [...menus].reverse().map((menu, position) => ({ id: menu.id, position }));
    // The batch writes every menu it names (position and updated_at, which every menu's JSON shows), so
    // each is a change, also the middle one of an odd-length list that keeps its place.
    return {
      send: () => api.patch(`locations/${locationId}/menus/positions`, { as: owner.rw, body: { menus: reversed } }),
      changes: reversed.map((entry) => entry.id),
      refused: () => api.patch(`locations/${locationId}/menus/positions`, { as: owner.rw, body: { menus: [{ id: 999999, position: 0 }] } }),
    };
  },
  "POST /api/v1/menus/{id}/sections": async () => {
    const { menu } = await tree();
    return {
      send: () => api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: "Cans" } } }),
      changes: [menu.id],
      refused: () => api.post(`menus/${menu.id}/sections`, { as: owner.rw, body: { section: { name: 7 } } }),
    };
  },
  "PATCH /api/v1/menus/{id}/sections/positions": async () => {
    const { menu, section, other } = await tree();
    return {
      send: () =>
        api.patch(`menus/${menu.id}/sections/positions`, {
          as: owner.rw,
          body: {
            sections: [
              { id: other.id, position: 0 },
              { id: section.id, position: 1 },
            ],
          },
        }),
      changes: [menu.id],
    };
  },
  "PUT /api/v1/sections/{id}": async () => {
    const { menu, section } = await tree();
    return { send: () => api.put(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "Drafts" } } }), changes: [menu.id] };
  },
  "PATCH /api/v1/sections/{id}": async () => {
    const { menu, section } = await tree();
    return {
      send: () => api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { public: false } } }),
      changes: [menu.id],
      refused: () => api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { public: "maybe" } } }),
    };
  },
  "DELETE /api/v1/sections/{id}": async () => {
    const { menu, section } = await tree();
    return { send: () => api.delete(`sections/${section.id}`, { as: owner.rw }), changes: [menu.id] };
  },
  "POST /api/v1/sections/{id}/items": async () => {
    const { menu, section } = await tree();
    return {
      send: () => api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: { name: "Cider" } } }),
      changes: [menu.id],
      refused: () => api.post(`sections/${section.id}/items`, { as: owner.rw, body: { item: {} } }),
    };
  },
  "POST /api/v1/sections/{id}/items/tap_numbers": async () => {
    const { menu, section } = await tree();
    return {
      send: () => api.post(`sections/${section.id}/items/tap_numbers`, { as: owner.rw, body: {} }),
      changes: [menu.id],
      refused: () => api.post(`sections/${section.id}/items/tap_numbers`, { as: owner.rw, body: { from: 0 } }),
    };
  },
  "PATCH /api/v1/sections/{id}/items/positions": async () => {
    const { menu, section, item, second } = await tree();
    return {
      send: () =>
        api.patch(`sections/${section.id}/items/positions`, {
          as: owner.rw,
          body: {
            items: [
              { id: second.id, position: 0 },
              { id: item.id, position: 1 },
            ],
          },
        }),
      changes: [menu.id],
      refused: () =>
        api.patch(`sections/${section.id}/items/positions`, { as: owner.rw, body: { items: [{ id: second.id, position: 0 }] } }),
    };
  },
  "PUT /api/v1/items/{id}": async () => {
    const { menu, item } = await tree();
    return { send: () => api.put(`items/${item.id}`, { as: owner.rw, body: { item: { tap_number: "4" } } }), changes: [menu.id] };
  },
  "PATCH /api/v1/items/{id}": async () => {
    const { menu, item } = await tree();
    return {
      send: () => api.patch(`items/${item.id}`, { as: owner.rw, body: { item: { abv: "5.5" } } }),
      changes: [menu.id],
      refused: () => api.patch(`items/${item.id}`, { as: owner.rw, body: { item: { abv: "strong" } } }),
    };
  },
  "DELETE /api/v1/items/{id}": async () => {
    const { menu, item } = await tree();
    return { send: () => api.delete(`items/${item.id}`, { as: owner.rw }), changes: [menu.id] };
  },
  "PATCH /api/v1/items/{id}/move": async () => {
    const { menu, item, other } = await tree();
    const elsewhere = await tree();
    return {
      send: () => api.patch(`items/${item.id}/move`, { as: owner.rw, body: { item: { section_id: other.id, position: 0 } } }),
      changes: [menu.id],
      refused: () => api.patch(`items/${item.id}/move`, { as: owner.rw, body: { item: { section_id: elsewhere.other.id, position: 5 } } }),
    };
  },
  "POST /api/v1/items/{id}/containers": async () => {
    const { menu, item } = await tree();
    return {
      send: () => api.post(`items/${item.id}/containers`, { as: owner.rw, body: { container: { container_size_id: 2, price: "3.00" } } }),
      changes: [menu.id],
      refused: () => api.post(`items/${item.id}/containers`, { as: owner.rw, body: { container: { container_size_id: 2, price: "-1" } } }),
    };
  },
  "PATCH /api/v1/items/{id}/containers/positions": async () => {
    const { menu, item, container, container2 } = await tree();
    return {
      send: () =>
        api.patch(`items/${item.id}/containers/positions`, {
          as: owner.rw,
          body: {
            containers: [
              { id: container2.id, position: 0 },
              { id: container.id, position: 1 },
            ],
          },
        }),
      changes: [menu.id],
    };
  },
  "PUT /api/v1/containers/{id}": async () => {
    const { menu, container } = await tree();
    return {
      send: () => api.put(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "7.25" } } }),
      changes: [menu.id],
    };
  },
  "PATCH /api/v1/containers/{id}": async () => {
    const { menu, container } = await tree();
    return {
      send: () => api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "7.50" } } }),
      changes: [menu.id],
      refused: () => api.patch(`containers/${container.id}`, { as: owner.rw, body: { container: { price: "free" } } }),
    };
  },
  "DELETE /api/v1/containers/{id}": async () => {
    const { menu, container } = await tree();
    return { send: () => api.delete(`containers/${container.id}`, { as: owner.rw }), changes: [menu.id] };
  },
  "POST /api/v1/items/{id}/86": async () => {
    const { menu, item } = await tree();
    return {
      send: () => api.post(`items/${item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }),
      changes: [menu.id],
      refused: () => api.post(`items/${item.id}/86`, { as: owner.rw, body: { eighty_six: { until: "2000-01-01T00:00:00Z" } } }),
    };
  },
  "DELETE /api/v1/items/{id}/86": async () => {
    const { menu, item } = await tree();
    ok(await api.post(`items/${item.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
    return { send: () => api.delete(`items/${item.id}/86`, { as: owner.rw }), changes: [menu.id] };
  },
  "POST /api/v1/locations/{id}/custom_menus/migrate": async () => {
    await seedMenu(otherLocationId);
    return { send: () => api.post(`locations/${otherLocationId}/custom_menus/migrate`, { as: owner.rw }), changes: [] };
  },
};

/** Writes that never touch a consolidated menu (the deprecated family, events, hours, the session). */
const OTHER_WRITES = new Set([
  // venue-operations §1–§4: accounts, team and the location itself change no menu's tree (a location's
  // currency is in the full menu's tag, not its version; an archived location's menus are out of sight).
  "POST /api/v1/signup",
  "POST /api/v1/current_user/password",
  "DELETE /api/v1/current_user/sessions",
  "POST /api/v1/password_resets",
  "POST /api/v1/password_resets/complete",
  "POST /api/v1/invitations/accept",
  "POST /api/v1/team/invitations",
  "DELETE /api/v1/team/invitations/{id}",
  "PATCH /api/v1/team/{id}",
  "DELETE /api/v1/team/{id}",
  "POST /api/v1/team/{id}/password_reset",
  "POST /api/v1/locations",
  "PUT /api/v1/locations/{id}",
  "PATCH /api/v1/locations/{id}",
  "DELETE /api/v1/locations/{id}",
  "POST /api/v1/locations/{id}/restore",
  // Integration keys and special hours (venue-operations §11–§12) touch no menu.
  "POST /api/v1/api_keys",
  "PATCH /api/v1/api_keys/{id}",
  "DELETE /api/v1/api_keys/{id}",
  "PUT /api/v1/locations/{id}/special_hours",
  // An import changes menus in one transaction (each changed menu's version once, none on a re-run):
  // test/imports/imports.test.ts, against a source; listing a source's locations writes nothing.
  "POST /api/v1/locations/{id}/imports",
  "POST /api/v1/locations/{id}/imports/source_locations",
  // Taps (venue-operations §8): a pour that drains a keg and POST /taps/:id/kick 86 its beer and swap in
  // the on-deck one in one version, a low keg raises its menu once, a new keg restores the beer; all in
  // test/taps/taps.test.ts. A tap's own record, its kegs list and the ingest token touch no menu.
  "POST /api/v1/locations/{id}/ingest_token",
  "POST /api/v1/locations/{id}/pours",
  "POST /api/v1/locations/{id}/taps",
  "POST /api/v1/taps/{id}/kegs",
  "POST /api/v1/taps/{id}/kick",
  "POST /api/v1/taps/{id}/pours",
  "PATCH /api/v1/taps/{id}",
  "DELETE /api/v1/taps/{id}",
  // A tap's sensors (venue-operations §14): pairing and unpairing touch no menu; a cleaned line is the
  // tap's own record (its reminder sits in the feed at the menu's version: test/taps/sensors.test.ts).
  "POST /api/v1/locations/{id}/sensors",
  "DELETE /api/v1/sensors/{id}",
  "POST /api/v1/taps/{id}/line_cleaned",
  // Reorder (venue-operations §15): distributors and a beer's par level sit beside the menu, never in it
  // (the par level is its own table, not the item's row): test/taps/reorder.test.ts.
  "POST /api/v1/locations/{id}/distributors",
  "PATCH /api/v1/distributors/{id}",
  "DELETE /api/v1/distributors/{id}",
  "PUT /api/v1/items/{id}/par_level",
  "DELETE /api/v1/items/{id}/par_level",
  // POS connections and their mappings (pos.md §2–§3) touch no menu; a sync applies what the POS says in
  // one transaction, its 86s, restores and prices as edits (test/pos/square-sync.test.ts, against the
  // Square sandbox).
  "POST /api/v1/locations/{id}/pos_connections",
  "PATCH /api/v1/pos_connections/{id}",
  "DELETE /api/v1/pos_connections/{id}",
  "PUT /api/v1/pos_connections/{id}/mappings",
  "POST /api/v1/pos_connections/{id}/sync",
  // A board's TV (venue-operations §10): asking for a pairing code and telling what it drew touch no menu.
  "POST /api/v1/boards/pairings",
  "POST /api/v1/boards/device/shown",
  // The board fleet (venue-operations §10): a board shows a menu and changes none; its offline and
  // online sit in the feed at the menu's version without making one (test/boards/watch.test.ts).
  "POST /api/v1/locations/{id}/boards",
  "PATCH /api/v1/boards/{id}",
  "DELETE /api/v1/boards/{id}",
  "POST /api/v1/boards/{id}/reload",
  "POST /api/v1/boards/{id}/identify",
  // A restore (venue-operations §6) writes into a business with no location, so no existing menu: its
  // menus arrive with the versions and history they had (decision 060).
  "POST /api/v1/import",
  "PUT /api/v1/custom_containers/{id}",
  "PATCH /api/v1/custom_containers/{id}",
  "DELETE /api/v1/custom_containers/{id}",
  "POST /api/v1/custom_items/{id}/custom_containers",
  "PATCH /api/v1/custom_items/{id}/move",
  "PUT /api/v1/custom_items/{id}",
  "PATCH /api/v1/custom_items/{id}",
  "DELETE /api/v1/custom_items/{id}",
  "PATCH /api/v1/custom_menus/{id}/custom_sections/positions",
  "POST /api/v1/custom_menus/{id}/custom_sections",
  "POST /api/v1/custom_menus/{id}/publish",
  "PUT /api/v1/custom_menus/{id}",
  "PATCH /api/v1/custom_menus/{id}",
  "DELETE /api/v1/custom_menus/{id}",
  "POST /api/v1/custom_menus/{id}/unpublish",
  "PATCH /api/v1/custom_sections/{id}/custom_items/positions",
  "POST /api/v1/custom_sections/{id}/custom_items",
  "PUT /api/v1/custom_sections/{id}",
  "PATCH /api/v1/custom_sections/{id}",
  "DELETE /api/v1/custom_sections/{id}",
  "PUT /api/v1/events/{id}",
  "PATCH /api/v1/events/{id}",
  "DELETE /api/v1/events/{id}",
  "PATCH /api/v1/locations/{id}/custom_menus/positions",
  "POST /api/v1/locations/{id}/custom_menus/publish_all",
  "POST /api/v1/locations/{id}/custom_menus",
  "DELETE /api/v1/locations/{id}/custom_menus",
  "POST /api/v1/locations/{id}/events",
  "PUT /api/v1/locations/{id}/hours",
  "PATCH /api/v1/locations/{id}/hours",
  "POST /api/v1/locations/{id}/webhooks",
  "PATCH /api/v1/webhooks/{id}",
  "DELETE /api/v1/webhooks/{id}",
  "POST /api/v1/webhooks/{id}/test",
  "POST /api/v1/sessions",
  "DELETE /api/v1/sessions",
]);

const writes = ROUTES.flatMap((route) =>
  offeredMethods(route.module)
    .filter((method) => method !== "GET")
    .map((method) => `${method} ${route.path}`),
);

beforeAll(async () => {
  owner = await login("owner");
  const locations = (await api.get("locations", { as: owner.ro })).body.locations;
  locationId = locations[0].id;
  otherLocationId = locations[1].id;
});

describe("versions", () => {
  it("knows what every writing route does to menus", () => {
    const unclassified = writes.filter((write) => !(write in MENU_WRITES) && !OTHER_WRITES.has(write));
    expect(unclassified).toEqual([]);
    expect(Object.keys(MENU_WRITES).filter((write) => !writes.includes(write))).toEqual([]);
  });

  it.each(Object.keys(MENU_WRITES).filter((write) => write !== "POST /api/v1/locations/{id}/custom_menus/migrate"))(
    "%s raises each menu it changes by exactly 1, once per request",
    async (write) => {
      const { send, changes, refused } = await MENU_WRITES[write]!();
      if (refused) {
        const before = await state();
        const response = await refused();
        expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(await state()).toEqual(before);
      }
      const before = await state();
      ok(await send());
      const after = await state();
      expect(after.location).toBe(before.location + 1);
      for (const [id, version] of before.menus) {
        if (!after.menus.has(id)) continue; // deleted
        expect(after.menus.get(id), `menu ${id}`).toBe(changes.includes(id) ? version + 1 : version);
      }
      const created = [...after.menus.keys()].filter((id) => !before.menus.has(id));
      for (const id of created) expect(after.menus.get(id)).toBe(1);
      const deleted = [...before.menus.keys()].filter((id) => !after.menus.has(id));
      expect(after.changes - before.changes).toBe(changes.filter((id) => after.menus.has(id)).length + created.length + deleted.length);
    },
  );

  it("the custom-menu migration creates each menu at version 1, raising the location once", async () => {
    const { send } = await MENU_WRITES["POST /api/v1/locations/{id}/custom_menus/migrate"]!();
    const before = await state(otherLocationId);
    ok(await send());
    const after = await state(otherLocationId);
    const created = [...after.menus.keys()].filter((id) => !before.menus.has(id));
    expect(created.length).toBeGreaterThan(0);
    for (const id of created) expect(after.menus.get(id)).toBe(1);
    expect(after.location).toBe(before.location + 1);
  });

  it("other writes change no menu", async () => {
    const before = await state();
    ok(
      await api.post(`locations/${locationId}/events`, {
        as: owner.rw,
        body: { event: { name: "Trivia", description: "Six rounds.", start_time_date: "2030-01-01", start_time_time: "19:00" } },
      }),
    );
    expect(await state()).toEqual(before);
  });

  it("a write with the read-only token or another request that fails changes nothing", async () => {
    const { menu } = await tree();
    const before = await state();
    expect((await api.patch(`menus/${menu.id}`, { as: owner.ro, body: { menu: { name: "No" } } })).status).toBe(403);
    expect((await api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: 7 } } })).status).toBe(422);
    expect(await state()).toEqual(before);
  });

  it("names the caller in each change, and the system when nobody is", async () => {
    const { menu } = await tree();
    const database = await db();
    const last = async () =>
      (
        (await database.execute(sql`select actor from menu_changes where menu_id = ${menu.id} order by id desc limit 1`)) as unknown as {
          rows: { actor: unknown }[];
        }
      ).rows[0]!.actor;
    ok(await api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: "By token" } } }));
    expect(await last()).toEqual({ user_id: expect.any(Number), name: "Olivia Owner", via: "token" });
    await database.transaction((tx) => tx.execute(sql`update menus set footer = 'by the system' where id = ${menu.id}`));
    expect(await last()).toEqual({ user_id: null, name: null, via: "system" });
    await actingAs({ user_id: null, name: null, via: "system" }, () =>
      database.transaction((tx) => tx.execute(sql`update menus set footer = 'named' where id = ${menu.id}`)),
    );
    expect(await last()).toEqual({ user_id: null, name: null, via: "system" });
  });

  it("the menu JSON of a write carries the version it made", async () => {
    const { menu } = await tree();
    const before = (await api.get(`menus/${menu.id}`, { as: owner.ro })).body.menu.version;
    const patched = ok(await api.patch(`menus/${menu.id}`, { as: owner.rw, body: { menu: { name: "Fresh" } } })).menu;
    expect(patched.version).toBe(before + 1);
    expect((await api.get(`menus/${menu.id}`, { as: owner.ro })).body.menu.version).toBe(before + 1);
    const location = (await api.get(`locations/${locationId}`, { as: owner.ro })).body.location;
    expect(location.menus_version).toBe((await state()).location);
  });
});
