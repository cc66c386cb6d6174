import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { issuePairingCode } from "@/lib/boards/records";
import { api, db, login, type Account, type ApiResponse } from "../api";

// Translations on the guest surfaces (venue-operations §13, decision 097): the phone menu and the embed
// choose the language from ?lang= then Accept-Language, with a switch of plain links, `<html lang>`, the
// language in the tag and `Vary: Accept-Language` where the header chose; print takes ?lang=; a board has a
// language. Over real HTTP, compressed: test/server/encoded-answers.test.ts.

let owner: Account;
let location: number;
let menuId: number;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, String(JSON.stringify(answer.body)).slice(0, 500)).toBe(status);
  return answer;
}
const post = async (url: string, body: unknown) => (await ok(api.post(url, { as: owner.rw, body }), 201)).body;
const raw = (query = "", headers: Record<string, string> = {}) => api.get(`/m/${location}${query}`, { headers });
const phone = (query = "", headers: Record<string, string> = {}) => ok(raw(query, headers));
const main = (html: string) => html.split("<main>")[1]!.split("</main>")[0]!;

beforeAll(async () => {
  owner = await login("owner");
  location = (await post("locations", { location: { name: "Zweisprachig", time_zone: "Europe/Berlin", currency: "EUR" } })).location.id;
  const pint = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
  menuId = (
    await post(`locations/${location}/menus`, {
      menu: { name: "Drinks", footer: "Cheers", translations: { de: { name: "Getränke", footer: "Prost" } } },
    })
  ).menu.id;
  const taps = (await post(`menus/${menuId}/sections`, { section: { name: "Taps", translations: { de: { name: "Vom Fass" } } } })).section
    .id;
  await post(`sections/${taps}/items`, {
    item: {
      name: "House Lager",
      description: "Crisp and cold",
      allergens: ["gluten"],
      translations: { de: { name: "Hausbier", description: "Knackig und kalt" } },
      containers: [{ container_size_id: pint, price: "4.50" }],
    },
  });
  await post(`sections/${taps}/items`, {
    item: { name: "Cider", description: "Dry and still", containers: [{ container_size_id: pint, price: "5.00" }] },
  });
  await ok(api.post(`menus/${menuId}/publish`, { as: owner.rw }));
});

describe("the phone menu", () => {
  it("with one language: English as before, no switch, no Vary on Accept-Language", async () => {
    const page = await phone("", { "accept-language": "de" });
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).not.toContain('aria-label="Language"');
    expect(main(page.body)).toContain("House Lager");
    expect(page.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("follows Accept-Language among the location's languages, with Vary, and the language in the tag", async () => {
    await ok(api.patch(`locations/${location}`, { as: owner.rw, body: { location: { languages: ["en", "de"] } } }));
    const german = await phone("", { "accept-language": "de-AT,de;q=0.9,en;q=0.5" });
    expect(german.body).toContain('<html lang="de">');
    expect(german.headers.get("content-language")).toBe("de");
    expect(german.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
    const shown = main(german.body);
    expect(shown).toContain("Getränke");
    expect(shown).toContain("Vom Fass");
    expect(shown).toContain("Hausbier");
    expect(shown).toContain("Knackig und kalt");
    // Not translated: the default's text, marked with its language.
    expect(shown).toContain('<span lang="en">Cider</span>');
    expect(shown).toContain('<span lang="en">Dry and still</span>');
    // The page's own words stay English, and say so.
    expect(german.body).toMatch(/<p class="allergens" lang="en">Contains: Gluten<\/p>/);
    const english = await phone("", { "accept-language": "fr, en;q=0.8, de;q=0.1" });
    expect(english.body).toContain('<html lang="en">');
    expect(main(english.body)).toContain("House Lager");
    expect(german.headers.get("etag")).not.toBe(english.headers.get("etag"));
    // A 304 only for the tag of the language chosen.
    expect((await raw("", { "accept-language": "de", "if-none-match": german.headers.get("etag")! })).status).toBe(304);
    expect((await raw("", { "accept-language": "en", "if-none-match": german.headers.get("etag")! })).status).toBe(200);
  });

  it("takes ?lang= before Accept-Language, without Vary; a language it lacks is the negotiation's", async () => {
    const asked = await phone("?lang=de", { "accept-language": "en" });
    expect(asked.body).toContain('<html lang="de">');
    expect(asked.headers.get("vary")).toBe("Accept-Encoding");
    const unknown = await phone("?lang=fr", { "accept-language": "de" });
    expect(unknown.body).toContain('<html lang="de">');
    expect(unknown.headers.get("vary")).toBe("Accept-Language, Accept-Encoding");
  });

  it("has a switch of plain links, each language named in itself, the filter kept, the current one marked", async () => {
    const page = (await phone("?lang=de&without=gluten")).body as string;
    const nav = page.match(/<nav class="langs" aria-label="Language"[^>]*>(.*?)<\/nav>/s)![1]!;
    expect(nav).toContain(`<a href="/m/${location}?without=gluten&amp;lang=en" hreflang="en" lang="en">English</a>`);
    expect(nav).toContain(`<a href="/m/${location}?without=gluten&amp;lang=de" hreflang="de" lang="de" aria-current="true">Deutsch</a>`);
    // The filter form keeps the language; the filter still works in it.
    expect(page).toContain('<input type="hidden" name="lang" value="de">');
    expect(main(page)).not.toContain("Hausbier");
    expect(main(page)).toContain("Cider");
    // Still no script but the JSON-LD.
    expect(page.replace(/<script type="application\/ld\+json">.*?<\/script>/s, "")).not.toMatch(/<script/);
  });
});

describe("the embed, print and the board", () => {
  it("the embed follows ?lang= and Accept-Language, with its switch", async () => {
    const german = (await ok(api.get(`/embed/menus/${menuId}`, { headers: { "accept-language": "de" } }))).body as string;
    expect(german).toContain('<html lang="de">');
    expect(german).toContain("<h1>Getränke</h1>");
    expect(german).toContain(`href="/embed/menus/${menuId}?lang=en"`);
    const english = (await ok(api.get(`/embed/menus/${menuId}?lang=en`, { headers: { "accept-language": "de" } }))).body as string;
    expect(english).toContain("<h1>Drinks</h1>");
  });

  it("print takes ?lang=", async () => {
    const text = async (query: string) => {
      const pdf = await ok(api.get(`menus/${menuId}/print.pdf${query}`, { as: owner.ro }));
      return (await extractText(await getDocumentProxy(pdf.bytes), { mergePages: true })).text.replace(/\s+/g, " ");
    };
    const german = await text("?lang=de");
    expect(german).toContain("Hausbier");
    expect(german).toContain("Prost");
    expect(german).toContain("Cider");
    const plain = await text("");
    expect(plain).toContain("House Lager");
    expect(plain).not.toContain("Hausbier");
    expect((await api.get(`menus/${menuId}/print.pdf?lang=<x>`, { as: owner.ro })).status).toBe(422);
  });

  it("a board has a language: set when paired or changed, refused when not a tag, and its data in it", async () => {
    const { code } = await issuePairingCode(await db(), { secret: null });
    const paired = await ok(
      api.post(`locations/${location}/boards`, {
        as: owner.rw,
        body: { code, name: "Bar TV", menu_id: menuId, theme: "dark", language: "DE" },
      }),
      201,
    );
    expect(paired.body.board.language).toBe("de");
    const id = paired.body.board.id;
    expect((await api.patch(`boards/${id}`, { as: owner.rw, body: { language: "Deutsch" } })).status).toBe(422);
    const cleared = await ok(api.patch(`boards/${id}`, { as: owner.rw, body: { language: null } }));
    expect(cleared.body.board.language).toBeNull();
    const data = await ok(api.get(`/preview/menus/${menuId}/data?lang=de`));
    expect(data.body.menu.name).toBe("Getränke");
    expect(data.body.menu.sections[0].items[0].name).toBe("Hausbier");
    expect(data.body.menu.translation).toEqual({ language: "de", fallback: [] });
    const plain = await ok(api.get(`/preview/menus/${menuId}/data`));
    expect(plain.body.menu.name).toBe("Drinks");
    expect(plain.body.menu.translation).toBeUndefined();
  });
});
