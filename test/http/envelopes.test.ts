import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { envelopeOf, inSchemaForm } from "@/lib/http/body";
import { declaredSpec, METHODS, type RouteFn } from "@/lib/http/handler";
import { issuePairingCode } from "@/lib/boards/records";
import { BOARD_COOKIE } from "@/lib/boards/cookie";
import { users } from "@/lib/db/schema";
import { routeFiles, V1_ROOT } from "../route-files";

// contract §3 and decisions 012 and 073: every write body of one record is taken both ways, as the
// record's fields and under its resource key, whichever form its schema is written in; the wrapped
// form wins when both are sent. A list, a credential, a file or a device's report has no resource key.

const root = V1_ROOT;

/** Every write route with a body: its resource key, or null with the reason it has none. */
const ENVELOPES: Record<string, string | null> = {
  "POST api_keys": "api_key",
  "PATCH api_keys/[id]": "api_key",
  "PATCH boards/[id]": "board",
  "POST locations/[id]/boards": "board",
  "PUT containers/[id]": "container",
  "PATCH containers/[id]": "container",
  "POST items/[id]/containers": "container",
  "PUT custom_containers/[id]": "custom_container",
  "PATCH custom_containers/[id]": "custom_container",
  "POST custom_items/[id]/custom_containers": "custom_container",
  "PATCH custom_items/[id]/move": "custom_item",
  "PUT custom_items/[id]": "custom_item",
  "PATCH custom_items/[id]": "custom_item",
  "POST custom_sections/[id]/custom_items": "custom_item",
  "PUT custom_menus/[id]": "custom_menu",
  "PATCH custom_menus/[id]": "custom_menu",
  "POST locations/[id]/custom_menus": "custom_menu",
  "POST custom_menus/[id]/custom_sections": "custom_section",
  "PUT custom_sections/[id]": "custom_section",
  "PATCH custom_sections/[id]": "custom_section",
  "PUT events/[id]": "event",
  "PATCH events/[id]": "event",
  "POST locations/[id]/events": "event",
  "POST items/[id]/86": "eighty_six",
  "PUT menus/[id]/happy_hours": "happy_hours",
  "PUT sections/[id]/happy_hours": "happy_hours",
  "PATCH items/[id]/move": "item",
  "PUT items/[id]": "item",
  "PATCH items/[id]": "item",
  "POST sections/[id]/items": "item",
  "POST locations/[id]/imports": "import",
  "POST team/invitations": "invitation",
  "POST taps/[id]/kegs": "keg",
  "POST locations/[id]/distributors": "distributor",
  "PATCH distributors/[id]": "distributor",
  "PUT items/[id]/par_level": "par_level",
  "PUT locations/[id]": "location",
  "PATCH locations/[id]": "location",
  "POST locations": "location",
  "PATCH team/[id]": "member",
  "POST locations/[id]/menus": "menu",
  "PUT menus/[id]": "menu",
  "PATCH menus/[id]": "menu",
  "POST taps/[id]/pours": "pour",
  "POST menus/[id]/sections": "section",
  "PUT sections/[id]": "section",
  "PATCH sections/[id]": "section",
  "POST locations/[id]/taps": "tap",
  "POST locations/[id]/pos_connections": "pos_connection",
  "PATCH pos_connections/[id]": "pos_connection",
  "POST locations/[id]/sensors": "sensor",
  "PATCH taps/[id]": "tap",
  "POST locations/[id]/webhooks": "webhook",
  "PATCH webhooks/[id]": "webhook",
  // Lists, already under their plural key.
  "PATCH custom_menus/[id]/custom_sections/positions": null,
  "PATCH custom_sections/[id]/custom_items/positions": null,
  "PATCH items/[id]/containers/positions": null,
  "PATCH locations/[id]/custom_menus/positions": null,
  "DELETE locations/[id]/custom_menus": null,
  "PUT locations/[id]/hours": null,
  "PATCH locations/[id]/hours": null,
  "PATCH locations/[id]/menus/positions": null,
  "POST locations/[id]/pours": null,
  // The whole confirmed set of a connection's matches (a list), and a cleaned line's time (no record).
  "PUT pos_connections/[id]/mappings": null,
  "POST taps/[id]/line_cleaned": null,
  "PUT locations/[id]/special_hours": null,
  "PATCH menus/[id]/sections/positions": null,
  "PATCH sections/[id]/items/positions": null,
  "POST sections/[id]/items/tap_numbers": null,
  // Credentials and what is done with them: no record is sent.
  "POST current_user/password": null,
  "POST invitations/accept": null,
  "POST locations/[id]/imports/source_locations": null,
  "POST password_resets": null,
  "POST password_resets/complete": null,
  "POST sessions": null,
  "POST signup": null,
  // A file: a whole export, a menu as CSV.
  "POST import": null,
  "PUT menus/[id]/import.csv": null,
  // A TV's report of the version it drew.
  "POST boards/device/shown": null,
};

type WriteRoute = { name: string; route: RouteFn };

async function writeRoutes(): Promise<WriteRoute[]> {
  const found: WriteRoute[] = [];
  for (const file of routeFiles(root)) {
    const module = (await import(file)) as Record<string, RouteFn>;
    for (const method of METHODS) {
      const route = module[method];
      const spec = route && declaredSpec(route);
      if (!route || !spec?.offered || !spec.body) continue;
      found.push({ name: `${method} ${path.relative(root, path.dirname(file))}`, route });
    }
  }
  return found;
}

let owner: Account;
let location: number;
const rw = () => ({ as: owner.rw });

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
});

describe("every write route's envelope", () => {
  it("is listed here: a resource key for every body of one record, none for lists, credentials, files and reports", async () => {
    const routes = await writeRoutes();
    expect(routes.map((route) => route.name).sort()).toEqual(Object.keys(ENVELOPES).sort());
    const keys = Object.fromEntries(routes.map(({ name, route }) => [name, envelopeOf(declaredSpec(route)!.body!)?.key ?? null]));
    expect(keys).toEqual(ENVELOPES);
  });

  it("takes the fields and the fields under the key as the same body, and the wrapped form when both are sent", async () => {
    for (const { name, route } of await writeRoutes()) {
      const schema = declaredSpec(route)!.body!;
      const envelope = envelopeOf(schema);
      if (!envelope) continue;
      // A bare body never names its key as a field of its own, or the two forms could not be told apart.
      expect(inSchemaForm(envelope, { name: "Probe" }), name).not.toEqual(inSchemaForm(envelope, { [envelope.key]: null }));
      for (const fields of [{}, { name: "Probe", volume: 5, code: "123456" }]) {
        const bare = inSchemaForm(envelope, fields);
        const wrapped = inSchemaForm(envelope, { [envelope.key]: fields });
        const both = inSchemaForm(envelope, { [envelope.key]: fields, name: "Loser", volume: -1 });
        expect(wrapped, name).toEqual(bare);
        const parsed = JSON.stringify(schema.safeParse(bare));
        expect(JSON.stringify(schema.safeParse(wrapped)), name).toBe(parsed);
        expect(JSON.stringify(schema.safeParse(both)), name).toBe(parsed);
      }
    }
  });
});

describe("bodies written as fields, sent under their key", () => {
  it("pair and change a board, tap a keg and pour, invite and change a member", async () => {
    const menu = (await api.post(`locations/${location}/menus`, { ...rw(), body: { name: "Enveloped" } })).body.menu;
    const { code } = await issuePairingCode(await db(), { secret: null });
    const paired = await api.post(`locations/${location}/boards`, {
      ...rw(),
      body: { board: { code, name: "Wrapped TV", menu_id: menu.id } },
    });
    expect(paired.status, JSON.stringify(paired.body)).toBe(201);
    expect(paired.body.board).toMatchObject({ name: "Wrapped TV", menu_id: menu.id, theme: "dark" });
    const renamed = await api.patch(`boards/${paired.body.board.id}`, { ...rw(), body: { board: { name: "Back bar" }, name: "ignored" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.board.name).toBe("Back bar");

    const tap = (await api.post(`locations/${location}/taps`, { ...rw(), body: { number: 71 } })).body.tap;
    const keg = await api.post(`taps/${tap.id}/kegs`, { ...rw(), body: { keg: { size_ml: 20_000 } } });
    expect(keg.status, JSON.stringify(keg.body)).toBe(201);
    expect(keg.body.tap.keg).toMatchObject({ size_ml: 20_000, remaining_ml: 20_000 });
    const poured = await api.post(`taps/${tap.id}/pours`, {
      ...rw(),
      body: { pour: { volume: 500, unit: "ml", idempotency_key: "env-1" } },
    });
    expect(poured.status, JSON.stringify(poured.body)).toBe(201);
    expect(poured.body.keg.remaining_ml).toBe(19_500);

    const invited = await api.post("team/invitations", {
      ...rw(),
      body: { invitation: { email: "wrapped@demo.test", role: "staff", location_ids: [location] } },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const token = new URL(invited.body.invitation.url).searchParams.get("token");
    const accepted = await api.post("invitations/accept", { body: { token, name: "Wren Wrapped", password: "a-long-enough-password" } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const [member] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, "wrapped@demo.test"));
    const promoted = await api.patch(`team/${member!.id}`, { ...rw(), body: { member: { role: "manager" } } });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.member.role).toBe("manager");
  });

  it("refuses a bad wrapped body with the fields' own paths and changes nothing", async () => {
    const tap = (await api.post(`locations/${location}/taps`, { ...rw(), body: { tap: { number: 72 } } })).body.tap;
    const before = await snapshot();
    const refused = await api.post(`taps/${tap.id}/kegs`, { ...rw(), body: { keg: { size_ml: -5 } } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.map((error: { path: string }) => error.path)).toEqual(["size_ml"]);
    expect((await api.post(`taps/${tap.id}/kegs`, { ...rw(), body: { keg: "20000" } })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });
});

describe("routes that know their caller by a credential of their own", () => {
  it("answer a wrong credential 401 before they judge the body", async () => {
    const before = await snapshot();
    const badBatch = { pours: "none" };
    for (const headers of [{}, { authorization: `Bearer tpi_${"x".repeat(43)}` }] as Record<string, string>[]) {
      const ingest = await api.post(`locations/${location}/pours`, { body: badBatch, headers });
      expect(ingest.status, JSON.stringify(ingest.body)).toBe(401);
      expect(
        (
          await api.post(`locations/${location}/pours`, {
            rawBody: "{not json",
            headers: { ...headers, "content-type": "application/json" },
          })
        ).status,
      ).toBe(401);
    }
    for (const headers of [{}, { cookie: `${BOARD_COOKIE}=not-a-device` }] as Record<string, string>[]) {
      const shown = await api.post("boards/device/shown", { body: { version: "three" }, headers });
      expect(shown.status, JSON.stringify(shown.body)).toBe(401);
    }
    expect(await snapshot()).toEqual(before);
  });
});
