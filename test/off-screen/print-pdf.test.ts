import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { LAYOUTS, PAPERS } from "@/lib/menus/schemas/off-screen";
import { INK, MUTED } from "@/lib/menus/off-screen/pdf-kit";
import { api, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// GET /menus/:id/print.pdf (venue-operations §9, decision 066): the menu in force now, as guests read
// it, in every layout on both papers; the text is read back out of the PDF as a reader would.

let owner: Account;
let rival: Account;
let downtown: number;
let menuId: number;
let pint: number;
let half: number;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
  return answer;
}
const post = async (url: string, body: unknown) => (await ok(api.post(url, { as: owner.rw, body }), 201)).body;

type Beer = { name: string; prices: [number, string][]; tap?: string };
const PUBLISHED: Record<string, Beer[]> = {
  "Hoppy Things": [
    {
      name: "Aardvark Pale",
      prices: [
        [0, "6.50"],
        [1, "4.00"],
      ],
      tap: "1",
    },
    { name: "Badger Double IPA", prices: [[0, "8.25"]], tap: "2" },
  ],
  "Dark Corner": [
    { name: "Cormorant Porter", prices: [[0, "7.10"]], tap: "3" },
    {
      name: "Dormouse Milk Stout",
      prices: [
        [0, "7.35"],
        [1, "4.45"],
      ],
      tap: "4",
    },
  ],
};

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const sizes = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes;
  [pint, half] = [sizes[0].id, sizes[1].id];
  menuId = (await post(`locations/${downtown}/menus`, { menu: { name: "Print Test", footer: "Ask about our cider." } })).menu.id;
  for (const [name, beers] of Object.entries(PUBLISHED)) {
    const section = (await post(`menus/${menuId}/sections`, { section: { name } })).section;
    for (const beer of beers) {
      const containers = beer.prices.map(([size, price]) => ({ container_size_id: size === 0 ? pint : half, price }));
      await post(`sections/${section.id}/items`, { item: { name: beer.name, tap_number: beer.tap, brewery: "Test Brewing", containers } });
    }
  }
  // One 86'd item among the published ones, a section hidden from guests, one off its schedule.
  const dark = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu.sections[1];
  const gone = (
    await post(`sections/${dark.id}/items`, {
      item: { name: "Zebra Imperial Stout", containers: [{ container_size_id: pint, price: "9.99" }] },
    })
  ).item;
  await ok(api.post(`items/${gone.id}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
  const hidden = (await post(`menus/${menuId}/sections`, { section: { name: "Staff Only", public: false } })).section;
  await post(`sections/${hidden.id}/items`, {
    item: { name: "Yak Staff Lager", containers: [{ container_size_id: pint, price: "1.11" }] },
  });
  const off = (
    await post(`menus/${menuId}/sections`, {
      section: {
        name: "Millennium Brunch",
        schedule: { windows: [{ days: ["sat"], start: "10:00", end: "12:00" }], from: "2000-01-01", until: "2000-01-02" },
      },
    })
  ).section;
  await post(`sections/${off.id}/items`, { item: { name: "Xerus Mimosa", containers: [{ container_size_id: pint, price: "2.22" }] } });
});

async function printed(query: string) {
  const answer = await ok(api.get(`menus/${menuId}/print.pdf${query}`, { as: owner.ro }));
  expect(answer.headers.get("content-type")).toBe("application/pdf");
  const pdf = await getDocumentProxy(answer.bytes);
  const { text } = await extractText(pdf, { mergePages: true });
  const page = await pdf.getPage(1);
  return { text: text.replace(/\s+/g, " "), pages: pdf.numPages, size: page.view.slice(2).map(Math.round) };
}

describe("GET /menus/:id/print.pdf", () => {
  for (const layout of LAYOUTS)
    for (const paper of PAPERS)
      it(`${layout} on ${paper}: every published item and price, nothing 86'd, hidden or off its schedule`, async () => {
        const { text, size } = await printed(`?paper=${paper}&layout=${layout}`);
        expect(size).toEqual(paper === "letter" ? [612, 792] : [595, 842]);
        for (const beers of Object.values(PUBLISHED))
          for (const beer of beers) {
            expect(text).toContain(beer.name);
            for (const [, price] of beer.prices) expect(text).toContain(`$${price}`);
          }
        for (const section of Object.keys(PUBLISHED)) expect(text).toContain(section);
        for (const absent of ["Zebra Imperial Stout", "$9.99", "Yak Staff Lager", "Staff Only", "Xerus Mimosa", "Millennium Brunch"])
          expect(text).not.toContain(absent);
        expect(text).toContain("Print Test");
        expect(text).toContain("Ask about our cider.");
        expect(text).toMatch(/Printed \d{1,2} \w{3} \d{4}, /);
        expect(text).toContain("Page 1 of 1");
        if (layout === "tap-list") expect(text).toMatch(/4 Dormouse Milk Stout/);
      });

  it("prints in ink of at least 4.5:1 on white paper, titled, in its language (WCAG 2.2 AA, decision 100)", async () => {
    // WCAG 2.2's relative luminance and contrast ratio.
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5]
        .map((at) => Number.parseInt(hex.slice(at, at + 2), 16) / 255)
        .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const onWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);
    expect(onWhite(INK)).toBeGreaterThanOrEqual(4.5);
    expect(onWhite(MUTED)).toBeGreaterThanOrEqual(4.5);
    const pdf = Buffer.from((await ok(api.get(`menus/${menuId}/print.pdf`, { as: owner.ro }))).bytes).toString("latin1");
    expect(pdf).toMatch(/\/Lang \(en\)/);
    expect(pdf).toMatch(/\/DisplayDocTitle true/);
  });

  it("names the venue, and prints on its country's paper when none is named", async () => {
    const location = (await api.get(`locations/${downtown}`, { as: owner.ro })).body.location;
    const { text, size } = await printed("");
    expect(text).toContain(location.name);
    expect(size).toEqual(location.country === "US" || location.country === "CA" ? [612, 792] : [595, 842]);
  });

  it("numbers the pages of a long menu and keeps every item", async () => {
    const long = (await post(`locations/${downtown}/menus`, { menu: { name: "Long" } })).menu.id;
    const names: string[] = [];
    for (let s = 0; s < 4; s++) {
      const section = (await post(`menus/${long}/sections`, { section: { name: `Shelf ${s}` } })).section;
      for (let i = 0; i < 15; i++) {
        const name = `Beer ${s}-${i}`;
        names.push(name);
        await post(`sections/${section.id}/items`, {
          item: {
            name,
            description: "A long description of the beer that takes a line or two on paper.",
            containers: [{ container_size_id: pint, price: `${5 + s}.${10 + i}` }],
          },
        });
      }
    }
    const answer = await ok(api.get(`menus/${long}/print.pdf?paper=a4`, { as: owner.ro }));
    const pdf = await getDocumentProxy(answer.bytes);
    expect(pdf.numPages).toBeGreaterThan(1);
    const { text: pages } = await extractText(pdf);
    for (const [index, page] of pages.entries()) expect(page).toContain(`Page ${index + 1} of ${pdf.numPages}`);
    const all = pages.join(" ");
    for (const name of names) expect(all).toMatch(new RegExp(`${name}\\b`));
    // A section's heading is never the last thing on a page: it stands on the page of its first item.
    for (let s = 0; s < 4; s++) expect(pages.find((page) => page.includes(`Shelf ${s}`))).toMatch(new RegExp(`Beer ${s}-0\\b`));
  });

  it("refuses an unknown paper or layout, and another business's menu, changing nothing", async () => {
    const before = await snapshot();
    const paper = await ok(api.get(`menus/${menuId}/print.pdf?paper=legal`, { as: owner.ro }), 422);
    expect(JSON.stringify(paper.body)).toContain("letter, a4");
    await ok(api.get(`menus/${menuId}/print.pdf?layout=grid`, { as: owner.ro }), 422);
    await ok(api.get(`menus/${menuId}/print.pdf`, { as: rival.ro }), 404);
    await ok(api.get(`menus/${menuId}/print.pdf`), 401);
    expect(await snapshot()).toEqual(before);
  });
});
