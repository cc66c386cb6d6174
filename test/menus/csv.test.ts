import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useBeerCatalogue } from "@/lib/beer-platform/catalogue";
import type { BeerCatalogue, CatalogueBeer } from "@/lib/menus/catalogue";
import { locations } from "@/lib/db/schema";
import { exportMenuCsv } from "@/lib/menus/csv/export";
import { api, db, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// GET /menus/:id/export.csv and PUT /menus/:id/import.csv (venue-operations §6, decision 059).

const HEADER = "section,item,brewery,style,abv,ibu,description,container,price,untappd_id";
let owner: Account;
let rival: Account;
let downtown: number;
let sizes: { id: number; name: string }[];

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
});
// The catalogue knows one beer (the awkward menu's); a test that needs another installs its own.
beforeEach(() => useBeerCatalogue(catalogue([beer(4242, "Catalogue IPA")])));
afterEach(() => useBeerCatalogue(undefined));

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
}
const post = (url: string, body: unknown) => ok(api.post(url, { as: owner.rw, body }), 201);
const newMenu = async (name = "CSV") => (await post(`locations/${downtown}/menus`, { menu: { name } })).menu;
const full = async (menuId: number) => (await ok(api.get(`menus/${menuId}?full=true`, { as: owner.ro }))).menu;
const exported = async (menuId: number) => (await ok(api.get(`menus/${menuId}/export.csv`, { as: owner.ro }))) as string;
const put = (menuId: number, csv: string, { dryRun = false, as = owner.rw } = {}) =>
  api.put(`menus/${menuId}/import.csv${dryRun ? "?dry_run=true" : ""}`, { as, rawBody: csv, headers: { "content-type": "text/csv" } });

const IDS = new Set(["id", "menu_id", "section_id", "item_id", "_track_by", "created_at", "updated_at"]);
/** The menu's content as the API answers it, without ids and timestamps. */
function content(menu: { sections: unknown[]; on_deck_section: unknown }) {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !IDS.has(key))
        .map(([key, inner]) => [key, strip(inner)]),
    );
  };
  return strip({ sections: menu.sections, on_deck_section: menu.on_deck_section });
}

const businessOf = async (locationId: number) =>
  (await (await db()).select().from(locations).where(eq(locations.id, locationId)))[0]!.businessId;

const beer = (untappdId: number, name: string): CatalogueBeer => ({
  untappdId,
  name,
  brewery: "Catalogue Brewing",
  breweryId: 77,
  breweryLocation: "Portland, OR",
  style: "IPA - American",
  description: "From the catalogue.",
  abv: "6.5",
  ibu: "60",
  labelImage: "https://labels.test/1.png",
  labelImageHd: "https://labels.test/1-hd.png",
  slug: "catalogue-brewing-ipa",
  inProduction: true,
  rating: "3.875",
  calories: 195,
});
const catalogue = (known: CatalogueBeer[]): BeerCatalogue => ({
  getBeer: async (id) => known.find((one) => one.untappdId === id) ?? null,
  searchBeers: async () => ({ beers: [], near: [] }),
});
const unreachable: BeerCatalogue = {
  getBeer: async () => {
    throw new Error("the catalogue was asked");
  },
  searchBeers: async () => ({ beers: [], near: [] }),
};

/** A menu with what a CSV must survive: commas, quotes, line breaks, accents, a catalogue beer with overrides. */
async function awkwardMenu() {
  const menu = await newMenu("Awkward");
  const taps = (await post(`menus/${menu.id}/sections`, { section: { name: "Taps, «draft»" } })).section;
  await post(`menus/${menu.id}/sections`, { section: { name: "Empty for now" } });
  const cans = (await post(`menus/${menu.id}/sections`, { section: { name: "Cans; tins" } })).section;
  const item = async (sectionId: number, body: Record<string, unknown>) => (await post(`sections/${sectionId}/items`, { item: body })).item;
  const price = (itemId: number, size: number, value: string) =>
    post(`items/${itemId}/containers`, { container: { container_size_id: sizes[size]!.id, price: value } });
  const hazy = await item(taps.id, {
    name: 'Hazy "Best", Ever',
    brewery: "Brauerei Ölmühle",
    style: "NEIPA",
    abv: "6.8",
    ibu: "35",
    description: "Juicy.\nSecond line, with a comma.",
  });
  await price(hazy.id, 0, "7.50");
  await price(hazy.id, 1, "4.00");
  await item(taps.id, { name: "Cask ale (no price yet)", abv: "4.2" });
  const ipa = await item(taps.id, { untappd_id: 4242, name: "House name for the IPA", abv: "7.1" });
  await price(ipa.id, 0, "8.00");
  const can = await item(cans.id, { name: "日本のラガー", brewery: "Brasserie Ça Va", description: "=1+1 looks like a formula" });
  await price(can.id, 6, "5.25");
  return menu;
}

describe("GET /menus/:id/export.csv", () => {
  it("writes a BOM, the header and CRLF rows: one per item and container, an empty section and an item without prices on their own", async () => {
    const menu = await awkwardMenu();
    const response = await api.get(`menus/${menu.id}/export.csv`, { as: owner.ro });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="awkward-${menu.id}.csv"`);
    // The harness reads the answer as text, which drops a BOM: the bytes are checked from the writer itself.
    const text = response.body as string;
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    const { csv } = await exportMenuCsv(await db(), { businessId: await businessOf(downtown), id: menu.id });
    expect(csv).toBe(`\uFEFF${text}`);
    expect(text).toContain(
      `"Taps, «draft»","Hazy ""Best"", Ever",Brauerei Ölmühle,NEIPA,6.8,35.0,"Juicy.\nSecond line, with a comma.",${sizes[0]!.name},7.50,\r\n`,
    );
    expect(text).toContain(`"Taps, «draft»",Cask ale (no price yet),,,4.2,,,,,\r\n`);
    expect(text).toContain(`Empty for now,,,,,,,,,\r\n`);
    expect(text).toContain(`,8.00,4242\r\n`);
    // A cell a spreadsheet would run as a formula is written with a leading ' (CSV injection).
    expect(text).toContain(`,'=1+1 looks like a formula,`);
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(1 + 2 + 1 + 1 + 1 + 1);
  });
});

describe("PUT /menus/:id/import.csv", () => {
  it("export → import into an empty menu answers the same full=true, catalogue beers without asking the catalogue", async () => {
    const source = await awkwardMenu();
    const target = await newMenu("Empty");
    useBeerCatalogue(unreachable);
    const body = await ok(put(target.id, await exported(source.id)));
    expect(body.import).toMatchObject({
      dry_run: false,
      counts: { sections: 3, items: 4, containers: 4 },
      replaced: { sections: 0, items: 0, containers: 0 },
    });
    expect(content(await full(target.id))).toEqual(content(await full(source.id)));
    expect(await exported(target.id)).toBe(await exported(source.id));
  });

  it("re-importing a menu's own export into it keeps everything the file does not carry (the demo menu)", async () => {
    const [demo] = (await ok(api.get(`locations/${downtown}/menus`, { as: owner.ro }))).menus;
    const before = await full(demo.id);
    useBeerCatalogue(unreachable);
    await ok(put(demo.id, await exported(demo.id)));
    const after = await full(demo.id);
    expect(after.version).toBe(before.version + 1);
    expect(content(after)).toEqual(content(before));
  });

  it("round-trips random menus with commas, quotes, line breaks and non-ASCII names", async () => {
    const piece = fc.constantFrom(
      "a",
      "Z",
      "7",
      " ",
      ",",
      '"',
      "\n",
      "\r\n",
      ";",
      "é",
      "ß",
      "Ö",
      "日本",
      "🍺",
      "'",
      "=",
      "+",
      "-",
      "@",
      "«»",
    );
    const text = fc
      .array(piece, { minLength: 1, maxLength: 8 })
      .map((parts) => parts.join(""))
      .filter((value) => value.trim() !== "");
    const item = fc.record({
      name: text,
      brewery: fc.option(text, { nil: undefined }),
      description: fc.option(text, { nil: undefined }),
      abv: fc.option(
        fc.integer({ min: 0, max: 1000 }).map((tenths) => (tenths / 10).toString()),
        { nil: undefined },
      ),
      prices: fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: sizes.length - 1 }), fc.integer({ min: 0, max: 5000 })), {
        maxLength: 3,
        selector: ([size]) => size,
      }),
    });
    const menuShape = fc.uniqueArray(fc.record({ name: text, items: fc.array(item, { maxLength: 3 }) }), {
      minLength: 1,
      maxLength: 3,
      selector: (section) => section.name.trim(),
    });
    await fc.assert(
      fc.asyncProperty(menuShape, async (shape) => {
        const source = await newMenu("Random");
        for (const section of shape) {
          const created = (await post(`menus/${source.id}/sections`, { section: { name: section.name } })).section;
          for (const { prices, ...fields } of section.items) {
            const made = (await post(`sections/${created.id}/items`, { item: fields })).item;
            for (const [size, cents] of prices) {
              await post(`items/${made.id}/containers`, {
                container: { container_size_id: sizes[size]!.id, price: (cents / 100).toFixed(2) },
              });
            }
          }
        }
        const target = await newMenu("Copy");
        await ok(put(target.id, await exported(source.id)));
        expect(content(await full(target.id))).toEqual(content(await full(source.id)));
      }),
      { numRuns: 12 },
    );
  });

  it("names exactly the three bad lines of a 500-row file and writes nothing", async () => {
    const menu = await newMenu("Big");
    await ok(put(menu.id, `${HEADER}\r\nTaps,Keeper,,,,,,${sizes[0]!.name},5.00,\r\n`));
    const before = await full(menu.id);
    const lines = Array.from(
      { length: 500 },
      (_, at) => `Section ${Math.floor(at / 50)},Beer ${at},Brewery,Lager,5.0,20,,${sizes[0]!.name},6.00,`,
    );
    // Line n of the file is lines[n - 2] (the header is line 1).
    lines[57 - 2] = `Section 1,Beer 55,Brewery,Lager,strong,20,,${sizes[0]!.name},6.00,`;
    lines[250 - 2] = `Section 4,Beer 248,Brewery,Lager,5.0,20,,Pitcher,6.00,`;
    lines[444 - 2] = `Section 8,Beer 442,Brewery,Lager,5.0,20,,${sizes[0]!.name},-1,`;
    const file = `${HEADER}\r\n${lines.join("\r\n")}\r\n`;
    const state = await snapshot();
    for (const dryRun of [true, false]) {
      const response = await put(menu.id, file, { dryRun });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe("validation_failed");
      expect(response.body.errors.map((error: { line: number; field: string }) => [error.line, error.field])).toEqual([
        [57, "abv"],
        [250, "container"],
        [444, "price"],
      ]);
      expect(response.body.errors[1].message).toContain(sizes[0]!.name);
      expect(response.body.errors[2].message).toBe("must not be negative");
    }
    expect(await snapshot()).toEqual(state);
    expect(await full(menu.id)).toEqual(before);
  });

  it("a dry run answers counts and rows and writes nothing; the import is one version, reverted through History", async () => {
    const menu = await awkwardMenu();
    const before = await full(menu.id);
    const file = `${HEADER}\r\nDraft,Pils,,,4.9,,,${sizes[0]!.name},6.00,\r\nDraft,Pils,,,,,,${sizes[1]!.name},3.50,\r\nDraft,Stout,,,,,,,,\r\nLater,,,,,,,,,\r\n`;
    const state = await snapshot();
    const dry = (await ok(put(menu.id, file, { dryRun: true }))).import;
    expect(dry).toMatchObject({
      dry_run: true,
      counts: { sections: 2, items: 2, containers: 2 },
      replaced: { sections: 3, items: 4, containers: 4 },
      version: before.version,
    });
    expect(dry.rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 4, 5]);
    expect(dry.rows[1]).toMatchObject({ section: "Draft", item: "Pils", container: sizes[1]!.name, price: "3.50" });
    expect(await snapshot()).toEqual(state);

    const applied = (await ok(put(menu.id, file))).import;
    expect(applied).toMatchObject({ dry_run: false, version: before.version + 1 });
    const after = await full(menu.id);
    expect(after.version).toBe(before.version + 1);
    expect(
      after.sections.map((section: { name: string; items: { name: string; containers: unknown[] }[] }) => [
        section.name,
        section.items.map((item) => [item.name, item.containers.length]),
      ]),
    ).toEqual([
      [
        "Draft",
        [
          ["Pils", 2],
          ["Stout", 0],
        ],
      ],
      ["Later", []],
    ]);
    const history = (await ok(api.get(`menus/${menu.id}/versions?limit=2`, { as: owner.ro }))).versions;
    expect(history[0].version).toBe(after.version);
    expect(history[1].version).toBe(before.version);

    await ok(api.post(`menus/${menu.id}/versions/${before.version}/revert`, { as: owner.rw }));
    const reverted = await full(menu.id);
    expect(reverted.version).toBe(before.version + 2);
    const { version: _a, updated_at: _b, ...now } = reverted;
    const { version: _c, updated_at: _d, ...then } = before;
    expect(now).toEqual(then);
  });

  it("takes a BOM, CRLF or LF, columns in any order, and Excel's semicolons with decimal commas", async () => {
    const menu = await newMenu("Excel");
    const bom = (await ok(put(menu.id, `\uFEFF${HEADER}\r\nTaps,Märzen,,,5.6,,,${sizes[0]!.name},6.00,\r\n`))).import;
    expect(bom.rows[0].item).toBe("Märzen");
    const reordered = `price,container,item,section,abv,ibu,style,brewery,description,untappd_id\n6.10,${sizes[0]!.name},Pils,Taps,4.8,,,,,\n`;
    await ok(put(menu.id, reordered));
    expect((await full(menu.id)).sections[0].items[0]).toMatchObject({ name: "Pils", abv: "4.8" });
    const semicolons = `\uFEFF${HEADER.replaceAll(",", ";")}\r\nTaps;"Dunkel; dark";;;5,2;;;${sizes[0]!.name};6,50;\r\n`;
    await ok(put(menu.id, semicolons));
    const item = (await full(menu.id)).sections[0].items[0];
    expect(item).toMatchObject({ name: "Dunkel; dark", abv: "5.2" });
    expect(item.containers[0].price).toBe("6.50");
  });

  it("refuses what it cannot apply: header, grouping, sizes, catalogue ids, and a body that is not CSV", async () => {
    const menu = await newMenu("Refusals");
    const errors = async (csv: string) => {
      const response = await put(menu.id, csv, { dryRun: true });
      expect(response.status, JSON.stringify(response.body)).toBe(422);
      return response.body.errors;
    };
    expect(await errors("")).toEqual([{ line: 1, field: "", message: expect.stringContaining("empty") }]);
    expect(await errors("section,item,colour\nTaps,Pils,gold\n")).toEqual(
      expect.arrayContaining([
        { line: 1, field: "colour", message: expect.stringContaining("is not a column") },
        { line: 1, field: "price", message: "is missing from the header" },
      ]),
    );
    const pint = sizes[0]!.name;
    expect(
      await errors(
        `${HEADER}\nTaps,Pils,,Lager,,,,${pint},6.00,\nTaps,Pils,,Ale,,,,${sizes[1]!.name},3.00,\nTaps,Pils,,,,,,${pint},6.00,\n`,
      ),
    ).toEqual([
      { line: 3, field: "style", message: "differs from line 2, the same item's first row: leave it blank or the same" },
      { line: 4, field: "container", message: "is listed twice for this item (line 2): one price per size" },
    ]);
    expect(await errors(`${HEADER}\nTaps,,Brewery,,,,,,,\nTaps,Pils,,,,,,,6.00,\nTaps,Ale,,,101,,,${pint},,\n`)).toEqual([
      { line: 2, field: "item", message: expect.stringContaining("can't be blank") },
      { line: 3, field: "container", message: "is required on a row with a price" },
      { line: 4, field: "abv", message: expect.any(String) },
      { line: 4, field: "price", message: "is required on a row with a container" },
    ]);
    useBeerCatalogue(catalogue([]));
    expect(await errors(`${HEADER}\nTaps,,,,,,,${pint},6.00,999999\n`)).toEqual([
      { line: 2, field: "untappd_id", message: "no beer 999999 in the catalogue" },
    ]);
    expect(await errors(`${HEADER}\nTaps,Caf\uFFFD,,,,,,,,\n`)).toEqual([
      { line: 2, field: "item", message: expect.stringContaining("UTF-8") },
    ]);
    const json = await api.put(`menus/${menu.id}/import.csv`, { as: owner.rw, body: { rows: [] } });
    expect(json.status).toBe(415);
  });

  it("fills a catalogue beer's name from the catalogue when the row leaves it blank", async () => {
    useBeerCatalogue(catalogue([beer(5151, "Fresh From The Catalogue")]));
    const menu = await newMenu("By id");
    await ok(put(menu.id, `${HEADER}\nTaps,,,,,,,${sizes[0]!.name},6.00,5151\n`));
    expect((await full(menu.id)).sections[0].items[0]).toMatchObject({
      untappd_id: 5151,
      name: "Fresh From The Catalogue",
      custom_name: null,
      brewery: "Catalogue Brewing",
      label_image: "https://labels.test/1.png",
    });
  });

  it("is refused to the read-only token (403) and to another business (404, as a missing menu)", async () => {
    const menu = await newMenu("Guarded");
    const file = `${HEADER}\nTaps,Pils,,,,,,,,\n`;
    const readOnly = await put(menu.id, file, { as: owner.ro });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.code).toBe("read_only_token");
    for (const call of [() => put(menu.id, file, { as: rival.rw }), () => api.get(`menus/${menu.id}/export.csv`, { as: rival.ro })]) {
      const response = await call();
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe("No such menu.");
    }
    expect((await full(menu.id)).version).toBe(menu.version);
  });
});
