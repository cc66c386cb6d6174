import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { locations } from "@/lib/db/schema";
import { useBeerCatalogue } from "@/lib/beer-platform/catalogue";
import { CSV_IMPORTS_AT_ONCE, CSV_WRITE_BATCH, csvImportHooks, importMenuCsv } from "@/lib/menus/csv/import";
import { CSV_MAX_ROWS } from "@/lib/menus/csv/rows";
import { api, db, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// PUT /menus/:id/import.csv bounded (decision 077): at most CSV_MAX_ROWS rows (422 naming the limit),
// written in batches inside one transaction that a failure anywhere undoes whole, one import per
// business at a time and CSV_IMPORTS_AT_ONCE per instance (429 with Retry-After).

const HEADER = "section,item,brewery,style,abv,ibu,description,container,price,untappd_id";
let owner: Account;
let rival: Account;
let downtown: number;
let pint: string;

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  pint = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].name;
});
afterEach(() => {
  csvImportHooks.written = undefined;
  useBeerCatalogue(undefined);
});

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
  return answer;
}
/** `rows` data rows: one item and one price each, a hundred items a section. */
const file = (rows: number, name = "Beer") =>
  [
    HEADER,
    ...Array.from({ length: rows }, (_, at) => `Shelf ${Math.floor(at / 100)},${name} ${at},Brewery,IPA,5.5,40,,${pint},6.50,`),
  ].join("\r\n");
const put = (menuId: number, csv: string, as = owner.rw) =>
  api.put(`menus/${menuId}/import.csv`, { as, rawBody: csv, headers: { "content-type": "text/csv" } });
const newMenu = async (name: string) =>
  (await ok(api.post(`locations/${downtown}/menus`, { as: owner.rw, body: { menu: { name } } }), 201)).body.menu.id as number;
const full = async (menuId: number) => (await ok(api.get(`menus/${menuId}?full=true`, { as: owner.ro }))).body.menu;

describe("PUT /menus/:id/import.csv, bounded", () => {
  it(`refuses a 14,000-row file with 422 naming the ${CSV_MAX_ROWS}-row limit, writing nothing`, async () => {
    const menuId = await newMenu("Huge");
    const before = await snapshot();
    const answer = await ok(put(menuId, file(14_000)), 422);
    expect(answer.body.errors).toEqual([
      { line: CSV_MAX_ROWS + 2, field: "", message: expect.stringContaining(`${CSV_MAX_ROWS.toLocaleString("en-US")}-row limit`) },
    ]);
    expect(answer.body.errors[0].message).toContain("14,000 rows");
    expect(await snapshot()).toEqual(before);
  });

  it(`imports a file of exactly ${CSV_MAX_ROWS} rows as one version`, async () => {
    const menuId = await newMenu("At the limit");
    const version = (await full(menuId)).version;
    const answer = await ok(put(menuId, file(CSV_MAX_ROWS)));
    expect(answer.body.import.counts).toEqual({ sections: CSV_MAX_ROWS / 100, items: CSV_MAX_ROWS, containers: CSV_MAX_ROWS });
    const after = await full(menuId);
    expect(after.version).toBe(version + 1);
    expect(after.sections.at(-1).items.at(-1).name).toBe(`Beer ${CSV_MAX_ROWS - 1}`);
  });

  it("lets the instance's other work run between its batches (a macrotask turn after each)", async () => {
    const menuId = await newMenu("Yields");
    let turns = 0;
    let importing = true;
    const turn = () => {
      turns += 1;
      if (importing) setImmediate(turn);
    };
    const seen: number[] = [];
    csvImportHooks.written = () => {
      seen.push(turns);
    };
    const answer = put(menuId, file(CSV_MAX_ROWS));
    setImmediate(turn);
    await ok(answer);
    importing = false;
    // Sections, then items and containers in batches of CSV_WRITE_BATCH rows: other work ran before each of the later ones.
    const batches = Math.ceil(CSV_MAX_ROWS / CSV_WRITE_BATCH);
    expect(seen).toHaveLength(1 + 2 * batches);
    for (let at = 1; at < seen.length; at++) expect(seen[at]!).toBeGreaterThan(seen[at - 1]!);
  });

  it("a failure after some batches are written leaves the menu as it was: content and version", async () => {
    const menuId = await newMenu("Fails half-way");
    await ok(put(menuId, file(1500, "Old")));
    const before = await full(menuId);
    const written: string[] = [];
    csvImportHooks.written = (table) => {
      written.push(table);
      if (table === "items" && written.filter((one) => one === "items").length === 1) throw new Error("the disk filled up");
    };
    await ok(put(menuId, file(CSV_MAX_ROWS, "New")), 500);
    expect(written).toEqual(["sections", "items"]);
    csvImportHooks.written = undefined;
    expect(await full(menuId)).toEqual(before);
  });

  it(`takes one import per business at a time and ${CSV_IMPORTS_AT_ONCE} per instance: 429 with Retry-After past them`, async () => {
    const mine = await newMenu("Held");
    const theirs = (await ok(api.get("locations", { as: rival.ro }))).body.locations[0].id;
    const rivalMenu = (await ok(api.post(`locations/${theirs}/menus`, { as: rival.rw, body: { menu: { name: "Theirs" } } }), 201)).body.menu
      .id;
    const database = await db();
    const businessOf = async (locationId: number) =>
      (await database.select().from(locations).where(eq(locations.id, locationId)))[0]!.businessId;
    const [ours, rivals] = [await businessOf(downtown), await businessOf(theirs)];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const writing = new Promise<void>((resolve) => {
      started = resolve;
    });
    csvImportHooks.written = async () => {
      started();
      await held;
    };
    const catalogue = { getBeer: async () => null };
    // The lib function itself: on the embedded database the held transaction has the one connection,
    // so a request's own reads (its credentials) would wait behind it.
    const first = importMenuCsv(database, { businessId: ours, id: mine, text: file(10), dryRun: false, catalogue });
    await writing;
    const again = importMenuCsv(database, { businessId: ours, id: mine, text: file(10), dryRun: true, catalogue });
    await expect(again).rejects.toMatchObject({ status: 429, extra: { headers: { "retry-after": expect.stringMatching(/^\d+$/) } } });
    csvImportHooks.written = undefined;
    const other = importMenuCsv(database, { businessId: rivals, id: rivalMenu, text: file(10), dryRun: false, catalogue });
    const third = importMenuCsv(database, { businessId: rivals + 1000, id: rivalMenu, text: file(10), dryRun: true, catalogue });
    await expect(third).rejects.toMatchObject({ status: 429 });
    release();
    expect((await first).counts.items).toBe(10);
    expect((await other).counts.items).toBe(10);
  });
});
