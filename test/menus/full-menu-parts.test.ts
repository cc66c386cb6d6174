import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countStatements } from "@/lib/db/statement-count";
import { items, locations, menuChanges, menus, sections } from "@/lib/db/schema";
import { changedSections, menuTree, menuTreeJson, TREE_ROWS_PER_READ } from "@/lib/menus/tree";
import { fullMenu } from "@/lib/menus/full-menu";
import { api, db } from "../api";
import { apply, as, full, newMenu, ok, owner, step, type Step, loginForMenuSteps } from "../menu-steps";

// The full tree built from the last build's parts (lib/menus/tree.ts, decision 008):
// after any sequence of random edits through the API, the tree built again from the parts of the
// version before, reading only the sections the history names, is byte for byte the whole tree built
// from nothing, and so is what GET /menus/:id?full=true answers through the read model.

loginForMenuSteps();

/** The menu as it is now, with its location's currency (what a tree is built of). */
async function current(menuId: number) {
  const [row] = await (await db())
    .select({ menu: menus, currency: locations.currency })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    .where(eq(menus.id, menuId));
  return row!;
}

const whole = async (menuId: number) => JSON.stringify({ menu: await menuTree(await db(), await current(menuId)) });

/** How many sections' items a step may read again: those it touched (a move touches two). */
const touches: Record<Step["kind"], number> = {
  price: 1,
  rename: 1,
  override: 1,
  move: 2,
  reorder: 0,
  deleteItem: 1,
  createItem: 1,
  deleteSection: 0,
  createSection: 1,
  menu: 0,
  publish: 0,
  eightySix: 1,
  deleteContainer: 1,
  reorderItems: 1,
};

describe("the full tree built from the last version's parts", () => {
  it("is byte for byte the whole tree, reading again only the sections a step touched", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const database = await db();
        const menuId = await newMenu();
        let at = await current(menuId);
        let built = await menuTreeJson(database, at);
        expect(built.json).toBe(await whole(menuId));
        for (const next of steps) {
          if (!(await apply(menuId, await full(menuId), next))) continue;
          const now = await current(menuId);
          const changed = await changedSections(database, { menuId, from: at.menu.version, to: now.menu.version }, built.parts.itemSection);
          expect(changed).not.toBeNull();
          const rebuilt = await menuTreeJson(database, now, { parts: built.parts, changed: changed! });
          expect(rebuilt.json).toBe(await whole(menuId));
          expect(rebuilt.read.length).toBeLessThanOrEqual(touches[next.kind]);
          // Through the read model, which keeps the parts of the version it built last.
          expect(await full(menuId)).toEqual(JSON.parse(rebuilt.json).menu);
          at = now;
          built = rebuilt;
        }
      }),
      { numRuns: 8, endOnFailure: true },
    );
  });

  it("builds the whole tree when the history between the two versions is not all kept", async () => {
    const database = await db();
    const menuId = await newMenu();
    const at = await current(menuId);
    const { parts } = await menuTreeJson(database, at);
    const tree = await full(menuId);
    await apply(menuId, tree, { kind: "rename", a: 0, b: 1, c: 2 });
    await apply(menuId, tree, { kind: "price", a: 1, b: 3, c: 4 });
    const to = (await current(menuId)).menu.version;
    expect(await changedSections(database, { menuId, from: at.menu.version, to }, parts.itemSection)).toEqual(expect.any(Set));
    // The change between is pruned (as the feed's retention does after 90 days).
    await database.delete(menuChanges).where(and(eq(menuChanges.menuId, menuId), eq(menuChanges.version, at.menu.version + 1)));
    expect(await changedSections(database, { menuId, from: at.menu.version, to }, parts.itemSection)).toBeNull();
    // A container whose item the parts do not place.
    expect(await changedSections(database, { menuId, from: at.menu.version + 1, to }, new Map())).toBeNull();
  });

  it("GET full=true reads again only the changed section, and builds the whole tree when an 86 ends", async () => {
    const database = await db();
    const menuId = await newMenu();
    const businessId = (await ok(api.get("current_user", { as: owner().ro }))).current_user.business_id;
    const scope = { businessId, id: menuId };
    const read = async (now = Date.now()) => {
      const { result, statements } = await countStatements(async () => (await fullMenu(database, scope, {}, () => now)).body());
      expect(result.toString()).toBe(await whole(menuId));
      return statements;
    };
    // The menu's head (with its 86 ends), sections, items, containers, the sizes they name.
    expect(await read()).toBe(5);
    expect(await read()).toBe(0);
    const tree = await full(menuId);
    // The head, the history since the kept parts, the sections, and one section's items, containers and sizes.
    await apply(menuId, tree, { kind: "rename", a: 0, b: 1, c: 2 });
    expect(await read()).toBe(6);
    // A change to the menu alone: no section is read again.
    await apply(menuId, tree, { kind: "menu", a: 0, b: 1, c: 2 });
    expect(await read()).toBe(3);
    // An 86 that ends at `until` changes the answer by time alone: after it, the parts (built while it
    // was in force) are not reused.
    const until = Date.now() + 3_600_000;
    const itemId = tree.sections[1]!.items[0]!.id;
    await ok(api.post(`items/${itemId}/86`, { ...as(), body: { eighty_six: { until: new Date(until).toISOString() } } }));
    expect(await read()).toBe(6);
    const { statements, result } = await countStatements(async () => (await fullMenu(database, scope, {}, () => until + 1)).body());
    expect(statements).toBe(4);
    const item = JSON.parse(result.toString()).menu.sections[1].items[0];
    expect(item).toMatchObject({ id: itemId, eighty_sixed: false, eighty_sixed_until: null });
  });
});

describe("a long menu's tree", () => {
  it("is read a page of rows at a time, in order, so the embedded database serves others between pages", async () => {
    const database = await db();
    const menuId = await newMenu();
    const businessId = (await ok(api.get("current_user", { as: owner().ro }))).current_user.business_id;
    const [section] = await database
      .select()
      .from(sections)
      .where(and(eq(sections.menuId, menuId), eq(sections.type, "Section")))
      .orderBy(sections.position)
      .limit(1);
    // Past two pages: positions written in reverse so the order comes from the read, not the insert.
    const count = 2 * TREE_ROWS_PER_READ + 3;
    const before = (await full(menuId)).sections[0]!.items.length;
    await database.insert(items).values(
      Array.from({ length: count }, (_, i) => ({
        sectionId: section!.id,
        name: `Long ${i}`,
        originalName: `Long ${i}`,
        position: 10_000 + count - i,
      })),
    );
    await database.update(menus).set({ name: "Long list" }).where(eq(menus.id, menuId));
    const { result, statements } = await countStatements(async () => (await fullMenu(database, { businessId, id: menuId })).body());
    expect(result.toString()).toBe(await whole(menuId));
    const read = JSON.parse(result.toString()).menu.sections[0].items as { name: string; position: number }[];
    expect(read).toHaveLength(before + count);
    const positions = read.map((item) => item.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(read.at(-1)!.name).toBe("Long 0");
    // The head, the history since the parts kept by the read before, the sections, three pages of the
    // changed section's items, three groups of their containers, the sizes (one page each: five).
    expect(statements).toBe(10);
  });
});
