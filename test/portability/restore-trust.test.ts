import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { menuChanges, webhookDeliveries, webhooks } from "@/lib/db/schema";
import { encryptSecret } from "@/lib/auth/tokens";
import { type Account, api, type Credentials, db, login } from "../api";
import { snapshot } from "../snapshot";

// Issue 47 row 1: a restore (POST /import) trusts no id in its file. A fresh sign-up's file hanging rows on
// another business's records is refused with 422 naming each row, and nothing is written.

let owner: Account;
let victim: { locationId: number; menuId: number };
let demoExport: any;
let signups = 0;

async function freshOwner(): Promise<Credentials> {
  const email = `restorer${++signups}@elsewhere.test`;
  const answer = await api.post("signup", {
    body: { business_name: "Elsewhere", name: "Rae Restorer", email, password: "quiet harbour lanterns 1987" },
    headers: { "x-forwarded-for": `198.51.100.${signups}` },
  });
  expect(answer.status).toBe(201);
  return { email, token: answer.body.user.auth_token };
}

/** An export of the caller's own, empty business: a valid file with no rows. */
async function emptyFile(as: Credentials) {
  const answer = await api.get("export", { as });
  expect(answer.status).toBe(200);
  return answer.body;
}

const FRESH = 900_000;
/** A row of the demo's export under a fresh id, its parents left as they are (another business's). */
const copied = (key: string, index = 0, id = FRESH + index) => ({ ...demoExport.tables[key][index], id });

async function everything() {
  const d = await db();
  return {
    ...(await snapshot()),
    webhooks: await d.select().from(webhooks),
    changes: (await d.select({ n: count() }).from(menuChanges))[0]!.n,
    deliveries: (await d.select({ n: count() }).from(webhookDeliveries))[0]!.n,
  };
}

beforeAll(async () => {
  owner = await login("owner");
  const [first] = (await api.get("locations", { as: owner.rw })).body.locations;
  const menu = (await api.get(`locations/${first.id}/menus`, { as: owner.rw })).body.menus[0];
  victim = { locationId: first.id, menuId: menu.id };
  await (await db()).insert(webhooks).values({
    locationId: first.id,
    url: "https://hooks.example.com/demo",
    events: ["menu.updated"],
    secretEncrypted: encryptSecret("whsec_demo"),
  });
  demoExport = (await api.get("export", { as: owner.rw })).body;
});

describe("POST /import trusts no id in the file", () => {
  it("refuses webhooks, menus and events on another business's location (422 per row), writing nothing", async () => {
    const as = await freshOwner();
    const file = await emptyFile(as);
    file.tables.webhooks = [{ ...copied("webhooks"), url: "https://attacker.example.com/feed" }];
    file.tables.menus = [copied("menus")];
    file.tables.events = demoExport.tables.events.length ? [copied("events")] : [];
    for (const key of ["webhooks", "menus", "events"]) {
      for (const row of file.tables[key]) expect(row.location_id).toBe(victim.locationId);
    }
    const before = await everything();
    const answer = await api.post("import", { as, body: file });
    expect(answer.status).toBe(422);
    expect(answer.body.detail).toMatch(/Nothing was written/);
    const paths = answer.body.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(
      [
        "tables.menus.0.location_id",
        "tables.webhooks.0.location_id",
        ...(file.tables.events.length ? ["tables.events.0.location_id"] : []),
      ].sort(),
    );
    expect(answer.body.errors[0].message).toMatch(/does not restore/);
    expect(await everything()).toEqual(before);
  });

  it("refuses a child whose parent is another business's, deep in the tree (sections, items, containers, taps)", async () => {
    const as = await freshOwner();
    const file = await emptyFile(as);
    const location = { ...demoExport.tables.locations[0], id: FRESH };
    file.tables.locations = [location];
    file.tables.menus = [{ ...copied("menus"), location_id: FRESH }];
    // The section hangs on the file's own menu; its item on the demo's section; the container on the demo's item.
    file.tables.sections = [{ ...copied("sections"), menu_id: FRESH }];
    file.tables.items = [copied("items")];
    file.tables.containers = [copied("containers")];
    file.tables.taps = demoExport.tables.taps.length
      ? [{ ...copied("taps"), location_id: FRESH, item_id: demoExport.tables.items[0].id }]
      : [];
    const before = await everything();
    const answer = await api.post("import", { as, body: file });
    expect(answer.status).toBe(422);
    const paths = answer.body.errors.map((error: { path: string }) => error.path);
    expect(paths).toContain("tables.items.0.section_id");
    expect(paths).toContain("tables.containers.0.item_id");
    expect(paths).not.toContain("tables.sections.0.menu_id");
    if (file.tables.taps.length) expect(paths).toContain("tables.taps.0.item_id");
    expect(await everything()).toEqual(before);
  });

  it("refuses history naming another business's menu, and people at its locations", async () => {
    const as = await freshOwner();
    const file = await emptyFile(as);
    file.tables.locations = [{ ...demoExport.tables.locations[0], id: FRESH }];
    const change = demoExport.tables.menu_changes.find((row: { menu_id: number }) => row.menu_id === victim.menuId);
    expect(change).toBeDefined();
    file.tables.menu_changes = [{ ...change, id: FRESH, location_id: FRESH }];
    file.invitations = [
      {
        ...demoExport.users[0],
        id: FRESH,
        email: "friend@elsewhere.test",
        role: "manager",
        location_ids: [victim.locationId],
        invited_by: null,
        expires_at: "2999-01-01T00:00:00.000Z",
        accepted_at: null,
        revoked_at: null,
      },
    ];
    file.invitations = file.invitations.map(({ name: _, ...rest }: any) => rest);
    const before = await everything();
    const answer = await api.post("import", { as, body: file });
    expect(answer.status).toBe(422);
    const paths = answer.body.errors.map((error: { path: string }) => error.path).sort();
    expect(paths).toEqual(["invitations.0.location_ids", "tables.menu_changes.0.menu_id"]);
    expect(await everything()).toEqual(before);
  });

  it("refuses an id the file repeats", async () => {
    const as = await freshOwner();
    const file = await emptyFile(as);
    const location = { ...demoExport.tables.locations[0], id: FRESH };
    file.tables.locations = [location, { ...location, name: "Twin" }];
    const answer = await api.post("import", { as, body: file });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toEqual(["tables.locations.1.id"]);
    expect((await api.get("locations", { as })).body.locations).toEqual([]);
  });

  it("still restores a file whose rows hang on its own records", async () => {
    const as = await freshOwner();
    const file = await emptyFile(as);
    file.tables.locations = [{ ...demoExport.tables.locations[0], id: FRESH }];
    file.tables.menus = [{ ...copied("menus"), location_id: FRESH }];
    file.tables.webhooks = [{ ...copied("webhooks"), location_id: FRESH }];
    const answer = await api.post("import", { as, body: file });
    expect(answer.status).toBe(201);
    expect(answer.body.import.counts).toMatchObject({ locations: 1, menus: 1, webhooks: 1 });
    const mine = (await api.get("locations", { as })).body.locations;
    expect(mine.map((location: { id: number }) => location.id)).toEqual([FRESH]);
  });
});
