import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";

// Every consolidated menu route answers another business's ids exactly like missing ids (404), and
// changes nothing. A positions batch on the caller's own list that names a foreign id is incomplete:
// 422, with the same body as for an id that does not exist (contract §3), and nothing changes.
let owner: Account;
let rival: Account;
const mine = { location: 0, menu: 0, section: 0, item: 0, container: 0 };
const theirs = { location: 0, menu: 0, section: 0, item: 0, container: 0 };

async function firstOfEach(account: Account, into: typeof mine) {
  into.location = (await api.get("locations", { as: account.ro })).body.locations[0].id;
  const menu = (await api.get(`locations/${into.location}/menus`, { as: account.ro })).body.menus[0];
  const tree = (await api.get(`menus/${menu.id}?full=true`, { as: account.ro })).body.menu;
  into.menu = menu.id;
  into.section = tree.sections[0].id;
  into.item = tree.sections[0].items[0].id;
  into.container = tree.sections[0].items[0].containers[0].id;
}

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  await firstOfEach(owner, mine);
  await firstOfEach(rival, theirs);
});

const routes = (): [string, string, unknown?][] => [
  ["GET", `locations/${mine.location}/menus`],
  ["POST", `locations/${mine.location}/menus`, { menu: { name: "x" } }],
  ["POST", `locations/${mine.location}/menus/publish_all`],
  ["PATCH", `locations/${mine.location}/menus/positions`, { menus: [{ id: mine.menu, position: 0 }] }],
  ["GET", `menus/${mine.menu}`],
  ["GET", `menus/${mine.menu}?full=true`],
  ["GET", `menus/${mine.menu}?include_legacy=true`],
  ["PUT", `menus/${mine.menu}`, { menu: { name: "x" } }],
  ["PATCH", `menus/${mine.menu}`, { menu: { name: "x" } }],
  ["DELETE", `menus/${mine.menu}`],
  ["POST", `menus/${mine.menu}/publish`],
  ["POST", `menus/${mine.menu}/unpublish`],
  ["GET", `menus/${mine.menu}/sections`],
  ["POST", `menus/${mine.menu}/sections`, { section: { name: "x" } }],
  ["PATCH", `menus/${mine.menu}/sections/positions`, { sections: [{ id: mine.section, position: 0 }] }],
  ["GET", `sections/${mine.section}`],
  ["PUT", `sections/${mine.section}`, { section: { name: "x" } }],
  ["PATCH", `sections/${mine.section}`, { section: { name: "x" } }],
  ["DELETE", `sections/${mine.section}`],
  ["GET", `sections/${mine.section}/items`],
  ["POST", `sections/${mine.section}/items`, { item: { name: "x" } }],
  ["PATCH", `sections/${mine.section}/items/positions`, { items: [{ id: mine.item, position: 0 }] }],
  ["GET", `items/${mine.item}`],
  ["PUT", `items/${mine.item}`, { item: { name: "x" } }],
  ["PATCH", `items/${mine.item}`, { item: { name: "x" } }],
  ["DELETE", `items/${mine.item}`],
  ["PATCH", `items/${mine.item}/move`, { item: { section_id: theirs.section } }],
  ["GET", `items/${mine.item}/containers`],
  ["POST", `items/${mine.item}/containers`, { container: { container_size_id: 1, price: 1 } }],
  ["PATCH", `items/${mine.item}/containers/positions`, { containers: [{ id: mine.container, position: 0 }] }],
  ["GET", `containers/${mine.container}`],
  ["PUT", `containers/${mine.container}`, { container: { price: 1 } }],
  ["PATCH", `containers/${mine.container}`, { container: { price: 1 } }],
  ["DELETE", `containers/${mine.container}`],
];

const call = (method: string, url: string, as: Account["rw"], body?: unknown) => api[method.toLowerCase() as "get"](url, { as, body });

describe("another business's menu records", () => {
  it("are 404 on every route, exactly like missing ids, and nothing changes", async () => {
    const before = await snapshot();
    for (const [method, url, body] of routes()) {
      const foreign = await call(method, url, rival.rw, body);
      const missing = await call(method, url.replace(/\/\d+/, "/1999999"), rival.rw, body);
      expect(foreign.status, `${method} ${url}`).toBe(404);
      expect(foreign.body, `${method} ${url}`).toEqual(missing.body);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cannot be moved into, or named in a positions batch of, the caller's own lists", async () => {
    const before = await snapshot();
    const ownMenus = (await api.get(`locations/${theirs.location}/menus`, { as: rival.ro })).body.menus;
    const batches: [string, string, (id: number) => unknown][] = [
      [
        `locations/${theirs.location}/menus/positions`,
        "menu",
        (id) => ({
          menus: [...ownMenus.map((m: { id: number }, i: number) => ({ id: m.id, position: i })), { id, position: ownMenus.length }],
        }),
      ],
      [`menus/${theirs.menu}/sections/positions`, "section", (id) => ({ sections: [{ id, position: 0 }] })],
      [`sections/${theirs.section}/items/positions`, "item", (id) => ({ items: [{ id, position: 0 }] })],
      [`items/${theirs.item}/containers/positions`, "container", (id) => ({ containers: [{ id, position: 0 }] })],
    ];
    for (const [url, noun, body] of batches) {
      const foreign = await api.patch(url, { as: rival.rw, body: body(mine[noun as keyof typeof mine]) });
      const unknown = await api.patch(url, { as: rival.rw, body: body(2_000_000_000) });
      expect(foreign.status, url).toBe(422);
      expect(foreign.body, url).toEqual(unknown.body);
    }
    expect((await api.patch(`items/${theirs.item}/move`, { as: rival.rw, body: { item: { section_id: mine.section } } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("stay reachable for their owner", async () => {
    for (const [method, url] of routes().filter(([method]) => method === "GET")) {
      expect((await api.get(url, { as: owner.ro })).status, `${method} ${url}`).toBe(200);
    }
  });
});
