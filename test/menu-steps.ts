import fc from "fast-check";
import { beforeAll, expect } from "vitest";
import { api, login, type Account, type ApiResponse } from "./api";

// Random edits, moves, reorders, deletes and creates of a small menu through the API, as steps a
// property test generates (fast-check) and applies to the tree as it is then.

let context: { owner: Account; downtown: number; sizeId: number } | undefined;

/** Logs the demo owner in before the calling file's tests (call it at the file's top level). */
export function loginForMenuSteps() {
  beforeAll(async () => {
    const owner = await login("owner");
    const downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const sizeId = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
    context = { owner, downtown, sizeId };
  });
}

/** The demo owner (loginForMenuSteps). */
export const owner = () => context!.owner;
const downtown = () => context!.downtown;
const sizeId = () => context!.sizeId;

export async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

export type Tree = {
  id: number;
  version: number;
  unpublished: boolean;
  sections: { id: number; items: Item[] }[];
};
type Item = {
  id: number;
  eighty_sixed: boolean;
  eighty_sixed_until: string | null;
  eighty_sixed_reason: string | null;
  containers: { id: number }[];
};

/**
 * `tree` with the 86 state of `now` (live-menus §6: a revert never changes it): an item in both keeps
 * now's, an item only in `tree` comes back not 86'd.
 */
export function withStockOf(tree: Tree, now: Tree): Tree {
  const stock = new Map(now.sections.flatMap((section) => section.items.map((item) => [item.id, item] as const)));
  const item = (past: Item): Item => {
    const present = stock.get(past.id);
    return {
      ...past,
      eighty_sixed: present?.eighty_sixed ?? false,
      eighty_sixed_until: present?.eighty_sixed_until ?? null,
      eighty_sixed_reason: present?.eighty_sixed_reason ?? null,
    };
  };
  return { ...tree, sections: tree.sections.map((section) => ({ ...section, items: section.items.map(item) })) };
}
export const full = async (menuId: number): Promise<Tree> => (await ok(api.get(`menus/${menuId}?full=true`, { as: owner().ro }))).menu;
export const without = ({ version: _, ...rest }: Tree) => rest;
export const as = () => ({ as: owner().rw });

export async function newMenu() {
  const menu = (await ok(api.post(`locations/${downtown()}/menus`, { ...as(), body: { menu: { name: "Property" } } }), 201)).menu;
  for (const name of ["A", "B"]) {
    const section = (await ok(api.post(`menus/${menu.id}/sections`, { ...as(), body: { section: { name } } }), 201)).section;
    for (const beer of ["X", "Y"]) {
      const item = (await ok(api.post(`sections/${section.id}/items`, { ...as(), body: { item: { name: `${name}${beer}` } } }), 201)).item;
      await ok(
        api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizeId(), price: "5.00" } } }),
        201,
      );
    }
  }
  return menu.id as number;
}

const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** One step: its kind and three numbers that pick what it acts on in the tree as it is then. */
export const step = fc.record({
  kind: fc.constantFrom(
    "price",
    "rename",
    "override",
    "move",
    "reorder",
    "deleteItem",
    "createItem",
    "deleteSection",
    "createSection",
    "menu",
    "publish",
    "eightySix",
    "deleteContainer",
    "reorderItems",
  ),
  a: fc.nat(50),
  b: fc.nat(50),
  c: fc.nat(50),
});
export type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Applies a step through the API; false when the tree offers nothing for it (no version). */
export async function apply(menuId: number, tree: Tree, { kind, a, b, c }: Step): Promise<boolean> {
  const items = tree.sections.flatMap((section) => section.items);
  const containers = items.flatMap((item) => item.containers);
  const item = pick(items, a);
  const section = pick(tree.sections, b);
  switch (kind) {
    case "price": {
      const container = pick(containers, a);
      if (!container) return false;
      await ok(api.patch(`containers/${container.id}`, { ...as(), body: { container: { price: `${b + 1}.${c % 10}5` } } }));
      return true;
    }
    case "rename":
    case "override":
      if (!item) return false;
      await ok(
        api.patch(`items/${item.id}`, {
          ...as(),
          body: {
            item: kind === "rename" ? { name: `N${b}`, tap_number: String(c) } : { abv: c % 2 ? null : `${b % 20}.5`, nitro: c % 2 === 0 },
          },
        }),
      );
      return true;
    case "move": {
      if (!item || !section) return false;
      const others = section.items.filter((other) => other.id !== item.id).length;
      await ok(api.patch(`items/${item.id}/move`, { ...as(), body: { item: { section_id: section.id, position: c % (others + 1) } } }));
      return true;
    }
    case "reorder": {
      if (tree.sections.length < 2) return false;
      const order = [...tree.sections];
      order.push(...order.splice(a % order.length, 1));
      await ok(
        api.patch(`menus/${menuId}/sections/positions`, {
          ...as(),
          body: { sections: order.map((s, position) => ({ id: s.id, position })) },
        }),
      );
      return true;
    }
    case "deleteItem":
      if (!item) return false;
      await ok(api.delete(`items/${item.id}`, as()));
      return true;
    case "createItem": {
      if (!section) return false;
      const created = (await ok(api.post(`sections/${section.id}/items`, { ...as(), body: { item: { name: `New${c}` } } }), 201)).item;
      await ok(
        api.post(`items/${created.id}/containers`, { ...as(), body: { container: { container_size_id: sizeId(), price: `${a}.00` } } }),
        201,
      );
      return true;
    }
    case "deleteSection":
      if (!section || tree.sections.length < 2) return false;
      await ok(api.delete(`sections/${section.id}`, as()));
      return true;
    case "createSection":
      await ok(api.post(`menus/${menuId}/sections${c % 2 ? "?head=true" : ""}`, { ...as(), body: { section: { name: `S${a}` } } }), 201);
      return true;
    case "menu":
      await ok(api.patch(`menus/${menuId}`, { ...as(), body: { menu: { name: `M${a}`, footer: c % 2 ? null : `F${b}` } } }));
      return true;
    case "eightySix":
      if (!item) return false;
      await ok(
        c % 2
          ? api.post(`items/${item.id}/86`, { ...as(), body: { eighty_six: { until: null } } })
          : api.delete(`items/${item.id}/86`, as()),
      );
      return true;
    case "deleteContainer": {
      const container = pick(containers, a);
      if (!container) return false;
      await ok(api.delete(`containers/${container.id}`, as()));
      return true;
    }
    case "reorderItems": {
      if (!section || section.items.length < 2) return false;
      const order = [...section.items];
      order.push(...order.splice(a % order.length, 1));
      await ok(
        api.patch(`sections/${section.id}/items/positions`, {
          ...as(),
          body: { items: order.map((i, position) => ({ id: i.id, position })) },
        }),
      );
      return true;
    }
    case "publish":
      await ok(api.post(`menus/${menuId}/${tree.unpublished ? "publish" : "unpublish"}`, as()));
      return true;
  }
}
