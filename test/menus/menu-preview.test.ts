import { beforeAll, describe, expect, it } from "vitest";
import { flushMenuViews } from "@/lib/insights/menu-views";
import { api, db, login, type Account } from "../api";
import { menuViewCounts } from "@/lib/db/schema";
import { previewMenu } from "@/lib/menus/preview";

let owner: Account;
let rival: Account;
let ownerBusiness: number;
let rivalBusiness: number;
let menuId: number;

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  ownerBusiness = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
  rivalBusiness = (await api.get("current_user", { as: rival.ro })).body.current_user.business_id;
  const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menuId = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Preview test" } } })).body.menu.id;
  await api.post(`menus/${menuId}/sections`, { as: owner.rw, body: { section: { name: "Taps" } } });
});

const views = async () =>
  (await (await flushMenuViews(await db()).then(db)).select().from(menuViewCounts)).reduce((sum, row) => sum + row.count, 0);

describe("previewMenu", () => {
  it("shows a draft to its own business only, and a published menu to anyone", async () => {
    const database = await db();
    const draft = await previewMenu(database, { id: menuId, viewerBusinessId: ownerBusiness });
    expect(draft).toMatchObject({ draft: true, staff: true, menu: { id: menuId, name: "Preview test" } });
    expect(draft!.menu.sections.map((section: { name: string }) => section.name)).toEqual(["Taps"]);
    expect(await previewMenu(database, { id: menuId, viewerBusinessId: null })).toBeNull();
    expect(await previewMenu(database, { id: menuId, viewerBusinessId: rivalBusiness })).toBeNull();

    expect((await api.post(`menus/${menuId}/publish`, { as: owner.rw })).status).toBe(200);
    expect(await previewMenu(database, { id: menuId, viewerBusinessId: null })).toMatchObject({ draft: false, staff: false });
    expect(await previewMenu(database, { id: menuId, viewerBusinessId: rivalBusiness })).toMatchObject({ draft: false, staff: false });
  });

  it("answers a missing menu with null and counts no menu view", async () => {
    const before = await views();
    expect(await previewMenu(await db(), { id: 2_000_000_000, viewerBusinessId: ownerBusiness })).toBeNull();
    await previewMenu(await db(), { id: menuId, viewerBusinessId: null });
    expect(await views()).toBe(before);
  });
});
