import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account, type ApiResponse } from "../api";
import { seedMenu } from "../custom-fixtures";
import { applyRequest, explain, type Lists, type Outcome, type Request } from "../move-race";
import { snapshot } from "../snapshot";

// PATCH /items/:id/move and /custom_items/:id/move with a `position`: one request, one transaction,
// both sections contiguous. The two families answer the same rules, so every test runs on both.

let owner: Account;
let rival: Account;
let downtown: number;
let rivalLocation: number;

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
});

type Row = { id: number; position: number };

/** One family's paths and keys, so the same tests run on items and custom items. */
type Family = {
  name: string;
  key: "item" | "custom_item";
  list: "items" | "custom_items";
  sectionField: "section_id" | "custom_section_id";
  /** A new empty section of the owner's business (or the rival's). */
  newSection: (who?: Account) => Promise<number>;
  newItem: (section: number, name: string) => Promise<number>;
  movePath: (id: number) => string;
  listPath: (section: number) => string;
};

async function check(response: ApiResponse, status: number) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body;
}

const consolidated: Family = {
  name: "items",
  key: "item",
  list: "items",
  sectionField: "section_id",
  newSection: async (who = owner) => {
    const location = who === owner ? downtown : rivalLocation;
    const menu = (await check(await api.post(`locations/${location}/menus`, { as: who.rw, body: { menu: { name: "Moves" } } }), 201)).menu;
    return (await check(await api.post(`menus/${menu.id}/sections`, { as: who.rw, body: { section: { name: "S" } } }), 201)).section.id;
  },
  newItem: async (section, name) =>
    (await check(await api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { name } } }), 201)).item.id,
  movePath: (id) => `items/${id}/move`,
  listPath: (section) => `sections/${section}/items`,
};

const custom: Family = {
  name: "custom items",
  key: "custom_item",
  list: "custom_items",
  sectionField: "custom_section_id",
  newSection: async (who = owner) => {
    const menu = await seedMenu(who === owner ? downtown : rivalLocation);
    const body = { custom_section: { name: "S" } };
    return (await check(await api.post(`custom_menus/${menu.id}/custom_sections`, { as: who.rw, body }), 201)).custom_section.id;
  },
  newItem: async (section, name) =>
    (
      await check(
        await api.post(`custom_sections/${section}/custom_items`, { as: owner.rw, body: { custom_item: { name, type: "food" } } }),
        201,
      )
    ).custom_item.id,
  movePath: (id) => `custom_items/${id}/move`,
  listPath: (section) => `custom_sections/${section}/custom_items`,
};

describe.each([consolidated, custom])("moving $name with a position", (family) => {
  const rows = async (section: number): Promise<Row[]> =>
    (await check(await api.get(family.listPath(section), { as: owner.ro }), 200))[family.list];
  const ids = async (section: number) => {
    const list = await rows(section);
    // Every read also checks the list is contiguous: positions exactly 0..n-1 in order.
    expect(list.map((row) => row.position)).toEqual(list.map((_, index) => index));
    return list.map((row) => row.id);
  };
  const move = (id: number, fields: Record<string, unknown>) =>
    api.patch(family.movePath(id), { as: owner.rw, body: { [family.key]: fields } });
  const to = (section: number, position?: number) => ({ [family.sectionField]: section, ...(position === undefined ? {} : { position }) });
  const batch = (section: number, order: number[]) =>
    api.patch(`${family.listPath(section)}/positions`, {
      as: owner.rw,
      body: { [family.list]: order.map((id, position) => ({ id, position })) },
    });

  /** Two sections: A with four items, B with three. */
  async function twoSections() {
    const a = await family.newSection();
    const b = await family.newSection();
    const aIds = [];
    for (const name of ["A0", "A1", "A2", "A3"]) aIds.push(await family.newItem(a, name));
    const bIds = [];
    for (const name of ["B0", "B1", "B2"]) bIds.push(await family.newItem(b, name));
    return { a, b, aIds, bIds };
  }

  it.each([
    ["first", 0],
    ["second (middle)", 1],
    ["third (middle)", 2],
    ["last", 3],
  ])("lands an item from another section at the %s place, position %i", async (_name, position) => {
    const { a, b, aIds, bIds } = await twoSections();
    const moving = aIds[1]!;
    const answer = await check(await move(moving, to(b, position)), 200);
    expect(answer[family.key]).toMatchObject({ id: moving, [family.sectionField]: b, position });
    const expected = [...bIds];
    expected.splice(position, 0, moving);
    expect(await ids(b)).toEqual(expected);
    expect(await ids(a)).toEqual(aIds.filter((id) => id !== moving));
  });

  it("refuses a position past the end of the target section (422) and changes nothing", async () => {
    const { a, b, aIds } = await twoSections();
    const empty = await family.newSection();
    const before = await snapshot();
    const refused = await check(await move(aIds[0]!, to(b, 4)), 422);
    const noun = family.name.replace(/s$/, "");
    expect(refused).toMatchObject({
      code: "validation_failed",
      status: 422,
      detail: `Position 4 is past the end of the list: it holds 3 other ${noun}s, so 0..3.`,
      errors: [{ path: `${family.key}.position`, message: "must be at most 3" }],
    });
    // Within its own section the end is one place earlier: A holds three items besides A0.
    expect((await check(await move(aIds[0]!, to(a, 4)), 422)).errors[0].message).toBe("must be at most 3");
    expect((await check(await move(aIds[0]!, to(empty, 1)), 422)).detail).toBe(
      `Position 1 is past the end of the list: no other ${noun} is in it, so 0 is the only place.`,
    );
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ["a negative position", -1],
    ["a fractional position", 1.5],
    ["a string", "1"],
    ["null", null],
  ])("refuses %s (422) and changes nothing", async (_name, position) => {
    const { b, aIds } = await twoSections();
    const before = await snapshot();
    const refused = await check(await move(aIds[0]!, { [family.sectionField]: b, position }), 422);
    expect(refused.errors).toEqual([{ path: `${family.key}.position`, message: "must be a whole number from 0" }]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a section of another business (404) and changes nothing", async () => {
    const { aIds } = await twoSections();
    const foreign = await family.newSection(rival);
    const before = await snapshot();
    const refused = await check(await move(aIds[0]!, to(foreign, 0)), 404);
    expect(refused.code).toBe("not_found");
    // The same answer as a section that does not exist.
    const missing = await check(await move(aIds[0]!, to(2_000_000, 0)), 404);
    expect(missing).toEqual(refused);
    expect(await snapshot()).toEqual(before);
  });

  it("reorders within the item's own section to the given index", async () => {
    const { a, aIds } = await twoSections();
    const [a0, a1, a2, a3] = aIds as [number, number, number, number];
    expect((await check(await move(a0, to(a, 2)), 200))[family.key]).toMatchObject({ id: a0, position: 2 });
    expect(await ids(a)).toEqual([a1, a2, a0, a3]);
    expect((await check(await move(a3, to(a, 0)), 200))[family.key]).toMatchObject({ id: a3, position: 0 });
    expect(await ids(a)).toEqual([a3, a1, a2, a0]);
    expect((await check(await move(a1, to(a, 3)), 200))[family.key]).toMatchObject({ id: a1, position: 3 });
    expect(await ids(a)).toEqual([a3, a2, a0, a1]);
  });

  it("without a position: the top of another section, and no change in its own", async () => {
    const { a, b, aIds, bIds } = await twoSections();
    const before = await snapshot();
    expect((await check(await move(aIds[2]!, to(a)), 200))[family.key]).toMatchObject({ id: aIds[2], position: 2 });
    expect(await snapshot()).toEqual(before);
    expect((await check(await move(aIds[2]!, to(b)), 200))[family.key]).toMatchObject({ id: aIds[2], position: 0 });
    expect(await ids(b)).toEqual([aIds[2], ...bIds]);
  });

  it("ends ten racing moves and batches on two sections in a state some serial order of the accepted ones explains", async () => {
    const { a, b, aIds, bIds } = await twoSections();
    const [a0, a1, a2, a3] = aIds as [number, number, number, number];
    const [b0, b1, b2] = bIds as [number, number, number];
    // Chosen so that whether each is valid depends on what ran before it: batches list the sections'
    // first members, moves aim at the end of a list whose length changes, and a0 is moved twice.
    const requests: Request[] = [
      { kind: "move", id: a0, to: b, position: 3 },
      { kind: "move", id: b0, to: a, position: 2 },
      { kind: "batch", parent: a, ids: [a3, a2, a1, a0] },
      { kind: "batch", parent: b, ids: [b2, b0, b1] },
      { kind: "move", id: a1, to: a, position: 3 },
      { kind: "move", id: a2, to: b },
      { kind: "move", id: b1, to: b, position: 0 },
      { kind: "move", id: a0, to: a, position: 0 },
      { kind: "batch", parent: a, ids: [a1, a3, a0, a2] },
      { kind: "move", id: b2, to: a, position: 4 },
    ];
    const initial: Lists = { [a]: aIds, [b]: bIds };
    const answers = await Promise.all(
      requests.map((request) =>
        request.kind === "move" ? move(request.id, to(request.to, request.position)) : batch(request.parent, request.ids),
      ),
    );
    const outcomes: Outcome[] = answers.map((answer, index) => {
      const request = requests[index]!;
      if (answer.status !== 200) return { status: answer.status };
      if (request.kind === "batch") return { status: 200, order: answer.body[family.list].map((row: Row) => row.id) };
      const record = answer.body[family.key];
      return { status: 200, place: { parent: record[family.sectionField], position: record.position } };
    });
    for (const outcome of outcomes) expect([200, 422]).toContain(outcome.status);
    expect(outcomes.some((outcome) => outcome.status === 200)).toBe(true);

    const final: Lists = { [a]: await ids(a), [b]: await ids(b) };
    // No record lost or duplicated: the two sections hold the same seven items.
    expect([...final[a]!, ...final[b]!].sort()).toEqual([...aIds, ...bIds].sort());
    const order = explain(initial, requests, outcomes, final);
    expect(order, `no serial order explains ${JSON.stringify({ outcomes, final })}`).not.toBeNull();
  });
});

describe("the race checker", () => {
  // It must be able to say no, or the race test above would prove nothing.
  const initial: Lists = { 1: [10, 11, 12], 2: [20, 21] };
  const requests: Request[] = [
    { kind: "batch", parent: 1, ids: [12, 11, 10] },
    { kind: "move", id: 10, to: 2, position: 2 },
  ];

  it("explains outcomes that some serial order produces", () => {
    // The batch first (10 is then last of list 1), then the move: both accepted.
    const afterBatch = applyRequest(initial, requests[0]!);
    expect(afterBatch.ok).toBe(true);
    const outcomes: Outcome[] = [
      { status: 200, order: [12, 11, 10] },
      { status: 200, place: { parent: 2, position: 2 } },
    ];
    expect(explain(initial, requests, outcomes, { 1: [12, 11], 2: [20, 21, 10] })).toEqual([0, 1]);
    // The move first: the batch no longer lists every item and is refused.
    expect(explain(initial, requests, [{ status: 422 }, outcomes[1]!], { 1: [11, 12], 2: [20, 21, 10] })).toEqual([1, 0]);
  });

  it("refuses a final state no order explains: a mix, a lost item, an answer that does not fit", () => {
    const outcomes: Outcome[] = [
      { status: 200, order: [12, 11, 10] },
      { status: 200, place: { parent: 2, position: 2 } },
    ];
    expect(explain(initial, requests, outcomes, { 1: [11, 12], 2: [20, 21, 10] })).toBeNull();
    expect(explain(initial, requests, outcomes, { 1: [12, 11], 2: [20, 21] })).toBeNull();
    expect(
      explain(initial, requests, [outcomes[0]!, { status: 200, place: { parent: 2, position: 0 } }], { 1: [12, 11], 2: [20, 21, 10] }),
    ).toBeNull();
    // Both refused, yet the batch was valid at every possible turn.
    expect(explain(initial, requests, [{ status: 422 }, { status: 422 }], initial)).toBeNull();
  });
});
