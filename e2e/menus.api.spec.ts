import { expect, test } from "./fixtures";

type Item = { id: number; name: string; position: number; containers: { price: string }[] };
type Tree = { id: number; sections: { id: number; items: Item[] }[]; on_deck_section: { items: Item[] } | null };

// The menu tree and a positions batch through the real server: what a TV board and the dashboard do.
test.describe
  .serial("menus over HTTP", () => {
    let menuId = 0;

    test("a location's published menu comes back whole with full=true", async ({ request, owner }) => {
      const { locations } = await (await request.get("/api/v1/locations", { headers: owner.read })).json();
      const { menus } = await (await request.get(`/api/v1/locations/${locations[0].id}/menus`, { headers: owner.read })).json();
      expect(menus[0]).toMatchObject({ name: "Beer List", unpublished: false });
      menuId = menus[0].id;
      const response = await request.get(`/api/v1/menus/${menuId}?full=true&source_name=TV%20Board`, { headers: owner.read });
      expect(response.status()).toBe(200);
      const tree = (await response.json()).menu as Tree;
      expect(tree.sections[0]!.items.map((item) => item.position)).toEqual([...tree.sections[0]!.items.keys()]);
      expect(tree.sections[0]!.items[0]!.containers[0]!.price).toMatch(/^\d+\.\d{2}$/);
      expect(tree.on_deck_section?.items.length).toBeGreaterThan(0);
    });

    test("a positions batch reorders the items and the tree shows the new order", async ({ request, owner }) => {
      const before = (await (await request.get(`/api/v1/menus/${menuId}?full=true`, { headers: owner.read })).json()).menu as Tree;
      const section = before.sections[0]!;
      const reversed = [...section.items].reverse().map((item, position) => ({ id: item.id, position }));
      const response = await request.patch(`/api/v1/sections/${section.id}/items/positions`, {
        headers: owner.write,
        data: { items: reversed },
      });
      expect(response.status()).toBe(200);
      const after = (await (await request.get(`/api/v1/menus/${menuId}?full=true`, { headers: owner.read })).json()).menu as Tree;
      expect(after.sections[0]!.items.map((item) => item.id)).toEqual(reversed.map((entry) => entry.id));
    });

    test("an incomplete batch is refused with 422 and the order stays", async ({ request, owner }) => {
      const before = (await (await request.get(`/api/v1/menus/${menuId}?full=true`, { headers: owner.read })).json()).menu as Tree;
      const section = before.sections[0]!;
      const response = await request.patch(`/api/v1/sections/${section.id}/items/positions`, {
        headers: owner.write,
        data: { items: section.items.slice(1).map((item, position) => ({ id: item.id, position })) },
      });
      expect(response.status()).toBe(422);
      expect((await response.json()).code).toBe("validation_failed");
      const after = (await (await request.get(`/api/v1/menus/${menuId}?full=true`, { headers: owner.read })).json()).menu as Tree;
      expect(after.sections[0]!.items.map((item) => item.id)).toEqual(section.items.map((item) => item.id));
    });

    test("the deprecated custom menus say so and name their successor", async ({ request, owner }) => {
      const { locations } = await (await request.get("/api/v1/locations", { headers: owner.read })).json();
      const response = await request.get(`/api/v1/locations/${locations[0].id}/custom_menus`, { headers: owner.read });
      expect(response.status()).toBe(200);
      expect(response.headers().deprecation).toBe("@1675209600");
      expect(response.headers().sunset).toBe("Sun, 01 Oct 2023 00:00:00 GMT");
      expect(response.headers().link).toBe(`</api/v1/locations/${locations[0].id}/menus>; rel="successor-version"`);
      expect((await response.json()).custom_menus).toHaveLength(1);
    });
  });
