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
    // The page's own words are German too (decision 100): allergens, the filter, the switch's name.
    expect(german.body).toContain('<p class="allergens">Enthält: Gluten</p>');
    expect(german.body).toContain('<nav class="langs" aria-label="Sprache">');
    expect(german.body).toContain("<summary>Nach Allergenen oder Ernährung filtern</summary>");
    expect(german.body).toContain("<legend>Ausblenden, was enthält</legend>");
    expect(german.body).toMatch(/value="crustaceans"> Krebstiere<\/label>/);
    expect(german.body).toMatch(/value="gluten_free"> Glutenfrei<\/label>/);
    expect(german.body).toContain("<title>Zweisprachig — Karte</title>");
    expect(german.body).not.toMatch(/Contains|Filter by|Apply filter|aria-label="Language"/);
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

  it("says its own words in the catalogue's language, English marked lang=en where it has none, and the filter in words", async () => {
    await ok(
      api.patch(`locations/${location}`, { as: owner.rw, body: { location: { languages: ["en", "de", "pt-BR"], labelling: "uk" } } }),
    );
    try {
      const filtered = (await phone("?lang=de&without=gluten&without=milk&only=vegan")).body as string;
      expect(filtered).toContain('<p class="note filtered" role="status">Angezeigt: ohne Gluten, Milch; nur Vegan.');
      expect(filtered).toContain('<p class="note kcal-note">Erwachsene brauchen etwa 2000 kcal am Tag.</p>');
      expect(filtered).toContain("Filter löschen</a>");
      const french = (await phone("?lang=pt-BR")).body as string;
      expect(french).toContain('<html lang="pt-BR">');
      expect(french).toContain('<nav class="langs" aria-label="Language" lang="en">');
      expect(french).toContain('<p class="allergens" lang="en">Contains: Gluten</p>');
      expect(french).toContain('<p class="note kcal-note" lang="en">Adults need around 2000 kcal a day.</p>');
      const english = (await phone("?lang=en")).body as string;
      expect(english).toContain('<p class="allergens">Contains: Gluten</p>');
      expect(english).toContain('<nav class="langs" aria-label="Language">');
    } finally {
      await ok(api.patch(`locations/${location}`, { as: owner.rw, body: { location: { languages: ["en", "de"], labelling: "none" } } }));
    }
  });

  it("has a switch of plain links, each language named in itself, the filter kept, the current one marked", async () => {
    const page = (await phone("?lang=de&without=gluten")).body as string;
    const nav = page.match(/<nav class="langs" aria-label="Sprache"[^>]*>(.*?)<\/nav>/s)![1]!;
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
    expect(german).toContain('<p class="allergens">Enthält: Gluten</p>');
    expect(english).toContain('<p class="allergens">Contains: Gluten</p>');
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
    // The print's own words and the document's language (decision 100).
    expect(german).toContain("Enthält: Gluten");
    expect(german).toContain("Seite 1 von 1");
    // "Gedruckt 3. Dez. 2026, 14:05": the date in German, in its own order.
    expect(german).toMatch(/Gedruckt \d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? \d{4}, /);
    const lang = async (query: string) => {
      const pdf = await ok(api.get(`menus/${menuId}/print.pdf${query}`, { as: owner.ro }));
      return Buffer.from(pdf.bytes)
        .toString("latin1")
        .match(/\/Lang \(([^)]*)\)/)?.[1];
    };
    expect(await lang("?lang=de")).toBe("de");
    expect(await lang("")).toBe("en");
    const plain = await text("");
    expect(plain).toContain("House Lager");
    expect(plain).not.toContain("Hausbier");
    expect(plain).toContain("Contains: Gluten");
    expect(plain).toContain("Page 1 of 1");
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
    // The language the board's own words follow: its own, else the location's default.
    expect(data.body.location.language).toBe("de");
    const plain = await ok(api.get(`/preview/menus/${menuId}/data`));
    expect(plain.body.menu.name).toBe("Drinks");
    expect(plain.body.menu.translation).toBeUndefined();
    expect(plain.body.location.language).toBe("en");
  });

  it("google_menu.json takes ?lang=: the texts in it, each label's languageCode its name's, as before without it", async () => {
    const google = async (query = "") => (await ok(api.get(`locations/${location}/google_menu${query}`, { as: owner.ro }))).body;
    const labelsOf = (body: { menus: { labels: unknown[]; sections: { labels: unknown[]; items: { labels: unknown[] }[] }[] }[] }) => {
      const [menu] = body.menus;
      const [section] = menu!.sections;
      return [menu!.labels[0], section!.labels[0], ...section!.items.map((item) => item.labels[0])];
    };
    const plain = await google();
    expect(labelsOf(plain)).toEqual([
      { displayName: "Drinks", languageCode: "en" },
      { displayName: "Taps", languageCode: "en" },
      { displayName: "House Lager", description: "Crisp and cold. Contains: Gluten", languageCode: "en" },
      { displayName: "Cider", description: "Dry and still", languageCode: "en" },
    ]);
    const german = await google("?lang=de");
    expect(labelsOf(german)).toEqual([
      { displayName: "Getränke", languageCode: "de" },
      { displayName: "Vom Fass", languageCode: "de" },
      { displayName: "Hausbier", description: "Knackig und kalt. Enthält: Gluten", languageCode: "de" },
      // Not translated: the default's text, in its language.
      { displayName: "Cider", description: "Dry and still", languageCode: "en" },
    ]);
    // A language the location does not have: the default's, as the phone menu's ?lang= does.
    expect(await google("?lang=fr")).toEqual(plain);
    expect((await api.get(`locations/${location}/google_menu?lang=<x>`, { as: owner.ro })).status).toBe(422);
  });
});
