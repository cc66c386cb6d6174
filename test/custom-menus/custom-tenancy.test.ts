import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { expectDeprecated, fullMenu, locationIds, seedMenu } from "../custom-fixtures";

// Another business's custom records are answered exactly like records that do not exist, on every
// route and verb of the family, and a batch that names one of them is refused whole.
let owner: Account;
let rival: Account;
const mine = { location: 0, menu: 0, section: 0, item: 0, container: 0 };
const theirs = {
  location: 0,
  menu: 0,
  sections: [] as { id: number; custom_items: { id: number; custom_containers: { id: number }[] }[] }[],
};

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  [mine.location] = (await locationIds(owner)) as [number];
  mine.menu = (await seedMenu(mine.location)).id;
  const tree = await fullMenu(owner.ro, mine.menu);
  mine.section = tree.custom_sections[0].id;
  mine.item = tree.custom_sections[0].custom_items[0].id;
  mine.container = tree.custom_sections[0].custom_items[0].custom_containers[0].id;
  [theirs.location] = (await locationIds(rival)) as [number];
  theirs.menu = (await seedMenu(theirs.location)).id;
  theirs.sections = (await fullMenu(rival.ro, theirs.menu)).custom_sections;
});

// [method, url, body, successor]
const routes = (): [string, string, unknown, string][] => [
  ["GET", `locations/${mine.location}/custom_menus`, undefined, `locations/${mine.location}/menus`],
  ["POST", `locations/${mine.location}/custom_menus`, { custom_menu: { name: "Stolen" } }, `locations/${mine.location}/menus`],
  ["DELETE", `locations/${mine.location}/custom_menus`, { ids: [mine.menu] }, `locations/${mine.location}/menus`],
  [
    "PATCH",
    `locations/${mine.location}/custom_menus/positions`,
    { custom_menus: [{ id: mine.menu, position: 0 }] },
    `locations/${mine.location}/menus/positions`,
  ],
  ["POST", `locations/${mine.location}/custom_menus/publish_all`, undefined, `locations/${mine.location}/menus/publish_all`],
  ["POST", `locations/${mine.location}/custom_menus/migrate`, undefined, `locations/${mine.location}/menus`],
  ["GET", `custom_menus/${mine.menu}`, undefined, `menus/${mine.menu}`],
  ["GET", `custom_menus/${mine.menu}?full=true&source_name=Spy`, undefined, `menus/${mine.menu}`],
  ["PUT", `custom_menus/${mine.menu}`, { custom_menu: { name: "Stolen" } }, `menus/${mine.menu}`],
  ["PATCH", `custom_menus/${mine.menu}`, { custom_menu: { name: "Stolen" } }, `menus/${mine.menu}`],
  ["DELETE", `custom_menus/${mine.menu}`, undefined, `menus/${mine.menu}`],
  ["POST", `custom_menus/${mine.menu}/publish`, undefined, `menus/${mine.menu}/publish`],
  ["POST", `custom_menus/${mine.menu}/unpublish`, undefined, `menus/${mine.menu}/unpublish`],
  ["GET", `custom_menus/${mine.menu}/custom_sections`, undefined, `menus/${mine.menu}/sections`],
  ["POST", `custom_menus/${mine.menu}/custom_sections?head=true`, { custom_section: { name: "Stolen" } }, `menus/${mine.menu}/sections`],
  ["PATCH", `custom_menus/${mine.menu}/custom_sections/positions`, { custom_sections: [] }, `menus/${mine.menu}/sections/positions`],
  ["GET", `custom_sections/${mine.section}`, undefined, `sections/${mine.section}`],
  ["PUT", `custom_sections/${mine.section}`, { custom_section: { name: "Stolen" } }, `sections/${mine.section}`],
  ["PATCH", `custom_sections/${mine.section}`, { custom_section: { name: "Stolen" } }, `sections/${mine.section}`],
  ["DELETE", `custom_sections/${mine.section}`, undefined, `sections/${mine.section}`],
  ["GET", `custom_sections/${mine.section}/custom_items`, undefined, `sections/${mine.section}/items`],
  [
    "POST",
    `custom_sections/${mine.section}/custom_items`,
    { custom_item: { name: "Stolen", type: "food" } },
    `sections/${mine.section}/items`,
  ],
  ["PATCH", `custom_sections/${mine.section}/custom_items/positions`, { custom_items: [] }, `sections/${mine.section}/items/positions`],
  ["GET", `custom_items/${mine.item}`, undefined, `items/${mine.item}`],
  ["PUT", `custom_items/${mine.item}`, { custom_item: { name: "Stolen" } }, `items/${mine.item}`],
  ["PATCH", `custom_items/${mine.item}`, { custom_item: { name: "Stolen" } }, `items/${mine.item}`],
  ["DELETE", `custom_items/${mine.item}`, undefined, `items/${mine.item}`],
  ["PATCH", `custom_items/${mine.item}/move`, { custom_item: { custom_section_id: theirs.sections[0]!.id } }, `items/${mine.item}/move`],
  ["GET", `custom_items/${mine.item}/custom_containers?build=true`, undefined, `items/${mine.item}/containers`],
  ["POST", `custom_items/${mine.item}/custom_containers`, { custom_container: { price: 1 } }, `items/${mine.item}/containers`],
  ["GET", `custom_containers/${mine.container}`, undefined, `containers/${mine.container}`],
  ["PUT", `custom_containers/${mine.container}`, { custom_container: { price: 0 } }, `containers/${mine.container}`],
  ["PATCH", `custom_containers/${mine.container}`, { custom_container: { position: 1 } }, `containers/${mine.container}`],
  ["DELETE", `custom_containers/${mine.container}`, undefined, `containers/${mine.container}`],
];

const send = (method: string, url: string, as: Account["rw"], body?: unknown) => api[method.toLowerCase() as "get"](url, { as, body });

describe("another business's custom records", () => {
  it("are 404 on every route of the family, exactly like a missing record, and nothing changes", async () => {
    const before = await snapshot();
    for (const [method, url, body, successor] of routes()) {
      const foreign = await send(method, url, rival.rw, body);
      const missing = await send(method, url.replace(/\/\d+/, "/2000000"), rival.rw, body);
      expect(foreign.status, `${method} ${url}`).toBe(404);
      expect(foreign.body, `${method} ${url}`).toEqual(missing.body);
      expectDeprecated(foreign, successor);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("cannot be reached through the rival's own lists: bulk delete and move naming them are 404, batches incomplete (422)", async () => {
    const [section] = theirs.sections;
    const cases: [string, string, unknown, number][] = [
      ["DELETE", `locations/${theirs.location}/custom_menus`, { ids: [theirs.menu, mine.menu] }, 404],
      [
        "PATCH",
        `locations/${theirs.location}/custom_menus/positions`,
        {
          custom_menus: [
            { id: theirs.menu, position: 0 },
            { id: mine.menu, position: 1 },
          ],
        },
        422,
      ],
      [
        "PATCH",
        `custom_menus/${theirs.menu}/custom_sections/positions`,
        {
          custom_sections: [
            ...theirs.sections.map((s, position) => ({ id: s.id, position })),
            { id: mine.section, position: theirs.sections.length },
          ],
        },
        422,
      ],
      [
        "PATCH",
        `custom_sections/${section!.id}/custom_items/positions`,
        {
          custom_items: [
            ...section!.custom_items.map((i, position) => ({ id: i.id, position })),
            { id: mine.item, position: section!.custom_items.length },
          ],
        },
        422,
      ],
      ["PATCH", `custom_items/${section!.custom_items[0]!.id}/move`, { custom_item: { custom_section_id: mine.section } }, 404],
    ];
    const before = await snapshot();
    for (const [method, url, body, status] of cases) {
      const response = await send(method, url, rival.rw, body);
      expect(response.status, `${method} ${url}`).toBe(status);
      expect(response.body.code).toBe(status === 404 ? "not_found" : "validation_failed");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("stay reachable for their owner", async () => {
    for (const [method, url] of routes().filter(([method]) => method === "GET")) {
      expect((await api.get(url, { as: owner.ro })).status, `${method} ${url}`).toBe(200);
    }
  });
});
