import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api } from "../api";
import { apply, as, full, newMenu, ok, owner, step, type Tree, loginForMenuSteps, without, withStockOf } from "../menu-steps";

// Revert, property style (live-menus §6): random edits, moves, reorders, deletes and creates through
// the API, full=true recorded at every version; a revert to a random earlier version answers, and
// leaves, exactly the tree full=true answered then (ids too) with each item's 86 state (and its reason) as it is now
// (stock is the present, not the menu's past), and reverting the revert brings back the last one. Runs are few and short so the file stays well inside the test timeout on a slow machine.

loginForMenuSteps();

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
        expect((await ok(api.get(`menus/${menuId}/versions/${target.version}`, { as: owner().ro }))).menu).toEqual(target);
        const reverted = (await ok(api.post(`menus/${menuId}/versions/${target.version}/revert`, as()))).menu;
        expect(without(reverted)).toEqual(without(withStockOf(target, last)));
        expect(without(await full(menuId))).toEqual(without(withStockOf(target, last)));
        const again = (await ok(api.post(`menus/${menuId}/versions/${last.version}/revert`, as()))).menu;
        expect(without(again)).toEqual(without(withStockOf(last, reverted)));
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
    const [latest] = (await ok(api.get(`menus/${menuId}/versions?limit=1`, { as: owner().ro }))).versions;
    if (latest.changes[0].type === "menu.reverted") {
      expect(without(after)).toEqual(without(target));
    } else {
      const restored = (await ok(api.get(`menus/${menuId}/versions/${latest.version - 1}`, { as: owner().ro }))).menu;
      expect(without(restored)).toEqual(without(target));
      const [, revertChange] = (await ok(api.get(`menus/${menuId}/versions?limit=2`, { as: owner().ro }))).versions;
      expect(revertChange.changes[0].type).toBe("menu.reverted");
    }
  });
});
