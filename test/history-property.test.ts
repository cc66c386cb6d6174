import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account, type ApiResponse } from "./api";

// Revert, property style (live-menus §6): random edits, moves, reorders, deletes and creates through
// the API, full=true recorded at every version; a revert to a random earlier version answers, and
// leaves, exactly the tree full=true answered then (ids too), and reverting the revert brings back the
// last one. Runs are few and short so the file stays well inside the test timeout on a slow machine.

let owner: Account;
let downtown: number;
let sizeId: number;

beforeAll(async () => {
  owner = await login("owner");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  sizeId = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
});

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}

type Tree = {
  id: number;
  version: number;
  unpublished: boolean;
  sections: { id: number; items: { id: number; containers: { id: number }[] }[] }[];
};
const full = async (menuId: number): Promise<Tree> => (await ok(api.get(`menus/${menuId}?full=true`, { as: owner.ro }))).menu;
const without = ({ version: _, ...rest }: Tree) => rest;
const as = () => ({ as: owner.rw });

async function newMenu() {
  const menu = (await ok(api.post(`locations/${downtown}/menus`, { ...as(), body: { menu: { name: "Property" } } }), 201)).menu;
  for (const name of ["A", "B"]) {
    const section = (await ok(api.post(`menus/${menu.id}/sections`, { ...as(), body: { section: { name } } }), 201)).section;
    for (const beer of ["X", "Y"]) {
      const item = (await ok(api.post(`sections/${section.id}/items`, { ...as(), body: { item: { name: `${name}${beer}` } } }), 201)).item;
      await ok(
        api.post(`items/${item.id}/containers`, { ...as(), body: { container: { container_size_id: sizeId, price: "5.00" } } }),
        201,
      );
    }
  }
  return menu.id as number;
}

const pick = <T>(list: T[], n: number): T | undefined => (list.length === 0 ? undefined : list[n % list.length]);

/** One step: its kind and three numbers that pick what it acts on in the tree as it is then. */
const step = fc.record({
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
  ),
  a: fc.nat(50),
  b: fc.nat(50),
  c: fc.nat(50),
});
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

/** Applies a step through the API; false when the tree offers nothing for it (no version). */
async function apply(menuId: number, tree: Tree, { kind, a, b, c }: Step): Promise<boolean> {
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
        api.post(`items/${created.id}/containers`, { ...as(), body: { container: { container_size_id: sizeId, price: `${a}.00` } } }),
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
    case "publish":
      await ok(api.post(`menus/${menuId}/${tree.unpublished ? "publish" : "unpublish"}`, as()));
      return true;
  }
}

describe("revert, property style", () => {
  it("restores exactly the tree full=true answered at a random earlier version, and its revert restores the last", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 6 }), fc.nat(), async (steps, choice) => {
        const menuId = await newMenu();
        const seen: Tree[] = [await full(menuId)];
        for (const next of steps) {
          if (await apply(menuId, seen.at(-1)!, next)) seen.push(await full(menuId));
        }
        const target = seen[choice % seen.length]!;
        const last = seen.at(-1)!;
        expect((await ok(api.get(`menus/${menuId}/versions/${target.version}`, { as: owner.ro }))).menu).toEqual(target);
        const reverted = (await ok(api.post(`menus/${menuId}/versions/${target.version}/revert`, as()))).menu;
        expect(without(reverted)).toEqual(without(target));
        expect(without(await full(menuId))).toEqual(without(target));
        const again = (await ok(api.post(`menus/${menuId}/versions/${last.version}/revert`, as()))).menu;
        expect(without(again)).toEqual(without(last));
      }),
      { numRuns: 4, endOnFailure: true },
    );
  });
});

describe("a revert racing writes", () => {
  // Either the write lands first and the revert undoes it (the revert is the last version), or the
  // revert lands first and the write is applied on top of the restored tree: never a mix.
  it.each(["price", "move", "deleteItem", "createSection"] as const)("ends in one of the two states (%s)", async (kind) => {
    const menuId = await newMenu();
    const target = await full(menuId);
    await apply(menuId, target, { kind: "price", a: 0, b: 7, c: 3 });
    await apply(menuId, await full(menuId), { kind: "move", a: 3, b: 0, c: 0 });
    const before = await full(menuId);
    const [revert, write] = await Promise.allSettled([
      api.post(`menus/${menuId}/versions/${target.version}/revert`, as()),
      apply(menuId, before, { kind, a: 1, b: 1, c: 1 }),
    ]);
    expect(revert.status === "fulfilled" && revert.value.status).toBe(200);
    expect(write.status).toBe("fulfilled");
    const after = await full(menuId);
    const [latest] = (await ok(api.get(`menus/${menuId}/versions?limit=1`, { as: owner.ro }))).versions;
    if (latest.changes[0].type === "menu.reverted") {
      expect(without(after)).toEqual(without(target));
    } else {
      const restored = (await ok(api.get(`menus/${menuId}/versions/${latest.version - 1}`, { as: owner.ro }))).menu;
      expect(without(restored)).toEqual(without(target));
      const [, revertChange] = (await ok(api.get(`menus/${menuId}/versions?limit=2`, { as: owner.ro }))).versions;
      expect(revertChange.changes[0].type).toBe("menu.reverted");
    }
  });
});
