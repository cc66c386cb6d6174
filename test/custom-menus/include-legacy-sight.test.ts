import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { customContainers, customItems, customItemTypes, customMenus, customSections, locations } from "@/lib/db/schema";
import { api, type Credentials, db, login } from "../api";

// include_legacy under scoped roles (Versioning §3, venue-operations §3, decision 072). Sections, items
// and containers number apart from their custom twins, so one id names a consolidated record and a
// custom one: the lookup must skip a consolidated record the caller does not see (another business's,
// another location's) and find the custom record they do, and still answer 404 to whoever sees neither.

type Ids = { section: number; item: number; container: number };
type Caller = "owner" | "managerA" | "managerB" | "staffA" | "rival";

let callers: Record<Caller, Credentials>;
let locationA: number;
let customMenu: number;
/** Custom records of location A numbered as the rival's consolidated records. */
let rivalTwins: Ids;
/** Custom records of location A numbered as location B's consolidated records. */
let harborTwins: Ids;
/** A custom section of location A whose id no consolidated section has. */
let loneCustomSection: number;

/** Sets the identity column of `table` to answer `id` next. */
async function nextId(table: string, id: number) {
  await (await db()).execute(sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), ${id}, false)`));
}

/**
 * A consolidated section with an item and a container in the location's first menu, created by `as`,
 * and a custom section, item and container in the custom menu with the same ids.
 */
async function twins(as: Credentials, location: number, id: number, name: string, position: number): Promise<Ids> {
  const menu = (await api.get(`locations/${location}/menus`, { as })).body.menus[0].id;
  const [size] = (await api.get("container_sizes", { as })).body.container_sizes;
  await Promise.all(["sections", "items", "containers", "custom_sections", "custom_items", "custom_containers"].map((t) => nextId(t, id)));
  const section = (await api.post(`menus/${menu}/sections`, { as, body: { section: { name: `${name} consolidated` } } })).body.section.id;
  const item = (await api.post(`sections/${section}/items`, { as, body: { item: { name: `${name} consolidated` } } })).body.item.id;
  const container = (await api.post(`items/${item}/containers`, { as, body: { container: { container_size_id: size.id, price: 5 } } })).body
    .container.id;

  const database = await db();
  const [wine] = await database.select().from(customItemTypes).limit(1);
  const [custom] = await database
    .insert(customSections)
    .values({ customMenuId: customMenu, position, name: `${name} section` })
    .returning();
  const [customItem] = await database
    .insert(customItems)
    .values({ customSectionId: custom!.id, position: 0, name: `${name} item`, customItemTypeId: wine!.id })
    .returning();
  const [customContainer] = await database
    .insert(customContainers)
    .values({ customItemId: customItem!.id, position: 0, name: `${name} glass`, price: "9.00" })
    .returning();
  const ids = { section, item, container };
  expect({ section: custom!.id, item: customItem!.id, container: customContainer!.id }).toEqual(ids);
  return ids;
}

beforeAll(async () => {
  const owner = await login("owner");
  const rival = await login("rival");
  const database = await db();
  const mine = await database.select().from(locations).where(eq(locations.businessId, 1));
  const byName = (name: string) => mine.find((location) => location.name === name)!.id;
  locationA = byName("Demo Taproom Downtown");
  const locationB = byName("Demo Taproom Harbor");
  const member = async (email: string, role: "manager" | "staff", locationIds: number[]) => {
    const { tokens } = await createUser(database, { businessId: 1, email, name: email, password: "a long passphrase", role, locationIds });
    return { email, token: tokens.token };
  };
  callers = {
    owner: owner.rw,
    managerA: await member("manager-a@demo.test", "manager", [locationA]),
    managerB: await member("manager-b@demo.test", "manager", [locationB]),
    staffA: await member("staff-a@demo.test", "staff", [locationA]),
    rival: rival.rw,
  };
  const [menu] = await database.insert(customMenus).values({ locationId: locationA, name: "Old Wine List", position: 9 }).returning();
  customMenu = menu!.id;
  const rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
  rivalTwins = await twins(rival.rw, rivalLocation, 700_000, "Rival twin", 0);
  harborTwins = await twins(owner.rw, locationB, 800_000, "Harbor twin", 1);
  await nextId("custom_sections", 900_000);
  const [lone] = await database.insert(customSections).values({ customMenuId: customMenu, position: 2, name: "Lone" }).returning();
  loneCustomSection = lone!.id;
});

/** Every include_legacy read the path's id decides, with how to tell which record answered. */
const reads = (ids: Ids) => [
  { path: `sections/${ids.section}`, id: (body: any) => ({ id: body.section.id, legacy: body.section.legacy ?? false }) },
  { path: `sections/${ids.section}/items`, id: (body: any) => ({ id: body.items[0].section_id, legacy: body.items[0].legacy ?? false }) },
  { path: `items/${ids.item}`, id: (body: any) => ({ id: body.item.id, legacy: body.item.legacy ?? false }) },
  {
    path: `items/${ids.item}/containers`,
    id: (body: any) => ({ id: body.containers[0].item_id, legacy: body.containers[0].legacy ?? false }),
  },
  { path: `containers/${ids.container}`, id: (body: any) => ({ id: body.container.id, legacy: body.container.legacy ?? false }) },
];

const legacyGet = (path: string, who: Caller) => api.get(`${path}?include_legacy=true`, { as: callers[who] });

describe("include_legacy under scoped roles", () => {
  it("finds the custom record when the consolidated one with its id is another business's", async () => {
    for (const { path, id } of reads(rivalTwins)) {
      for (const who of ["owner", "managerA", "staffA"] as const) {
        const response = await legacyGet(path, who);
        expect(response.status, `${who} ${path}`).toBe(200);
        expect(id(response.body), `${who} ${path}`).toMatchObject({ legacy: true });
      }
      // The rival sees their own consolidated record under the same id, never the custom one.
      const theirs = await legacyGet(path, "rival");
      expect(theirs.status, path).toBe(200);
      expect(id(theirs.body), path).toMatchObject({ legacy: false });
      // A manager of another location sees neither.
      expect((await legacyGet(path, "managerB")).status, path).toBe(404);
      // Without the flag the path names only consolidated records.
      expect((await api.get(path, { as: callers.managerA })).status, path).toBe(404);
    }
    expect((await legacyGet(`sections/${rivalTwins.section}`, "managerA")).body.section.name).toBe("Rival twin section");
    expect((await legacyGet(`items/${rivalTwins.item}`, "staffA")).body.custom_item.name).toBe("Rival twin item");
    expect((await legacyGet(`containers/${rivalTwins.container}`, "managerA")).body.custom_container.name).toBe("Rival twin glass");
  });

  it("answers the consolidated record to whoever sees it, the custom twin to whoever sees only that", async () => {
    for (const { path, id } of reads(harborTwins)) {
      for (const who of ["owner", "managerB"] as const) {
        const response = await legacyGet(path, who);
        expect(response.status, `${who} ${path}`).toBe(200);
        expect(id(response.body), `${who} ${path}`).toMatchObject({ legacy: false });
        expect(
          Object.keys(response.body).some((key) => key.startsWith("custom_")),
          path,
        ).toBe(false);
      }
      for (const who of ["managerA", "staffA"] as const) {
        const response = await legacyGet(path, who);
        expect(response.status, `${who} ${path}`).toBe(200);
        expect(id(response.body), `${who} ${path}`).toMatchObject({ legacy: true });
      }
      expect((await legacyGet(path, "rival")).status, path).toBe(404);
      expect((await api.get(path, { as: callers.managerA })).status, path).toBe(404);
    }
  });

  it("finds custom menus for the members who see their location, and nobody else", async () => {
    for (const path of [`menus/${customMenu}`, `menus/${customMenu}/sections`]) {
      for (const who of ["owner", "managerA", "staffA"] as const) expect((await legacyGet(path, who)).status, `${who} ${path}`).toBe(200);
      for (const who of ["managerB", "rival"] as const) expect((await legacyGet(path, who)).status, `${who} ${path}`).toBe(404);
    }
    expect((await legacyGet(`menus/${customMenu}`, "managerA")).body.menu).toMatchObject({ id: customMenu, legacy: true });
    const listed = (await legacyGet(`locations/${locationA}/menus`, "staffA")).body.menus;
    expect(listed.map((menu: { id: number }) => menu.id)).toContain(customMenu);
    expect((await legacyGet(`locations/${locationA}/menus`, "managerB")).status).toBe(404);
  });

  it("names no custom record without the flag: a write to a custom id is 404, before the role", async () => {
    expect((await legacyGet(`sections/${loneCustomSection}`, "staffA")).status).toBe(200);
    for (const who of ["staffA", "managerA"] as const) {
      const response = await api.patch(`sections/${loneCustomSection}`, { as: callers[who], body: { section: { name: "x" } } });
      expect(response.status, who).toBe(404);
    }
    expect((await api.get(`sections/${loneCustomSection}`, { as: callers.staffA })).status).toBe(404);
  });
});
