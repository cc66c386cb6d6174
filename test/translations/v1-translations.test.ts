import { beforeAll, describe, expect, it } from "vitest";
import { acceptedRanges, canonicalLanguage, chooseLanguage } from "@/lib/shared/language";
import { api, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// Translations (venue-operations §13's second point, decision 097): the location's languages, the
// `translations` of menu, section and item writes, and the v1 reads' `?lang=` (exactly as before without it).

let owner: Account;
let location: number;
let menuId: number;
let sectionId: number;
let itemId: number;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, String(JSON.stringify(answer.body)).slice(0, 500)).toBe(status);
  return answer;
}
const post = async (url: string, body: unknown) => (await ok(api.post(url, { as: owner.rw, body }), 201)).body;
const patch = (url: string, body: unknown) => api.patch(url, { as: owner.rw, body });
const read = (url: string, headers: Record<string, string> = {}) => ok(api.get(url, { as: owner.ro, headers }));

/** Every object of an answer, walked: no key named `translation(s)` anywhere. */
const keysOf = (value: unknown, into = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const entry of value) keysOf(entry, into);
  else if (value && typeof value === "object")
    for (const [key, entry] of Object.entries(value)) {
      into.add(key);
      keysOf(entry, into);
    }
  return into;
};

beforeAll(async () => {
  owner = await login("owner");
  location = (await post("locations", { location: { name: "Sprachen Hof", time_zone: "Europe/Berlin", currency: "EUR" } })).location.id;
  menuId = (await post(`locations/${location}/menus`, { menu: { name: "Drinks", description: "What we pour", footer: "Cheers" } })).menu.id;
  sectionId = (await post(`menus/${menuId}/sections`, { section: { name: "Taps", description: "On draught" } })).section.id;
  itemId = (await post(`sections/${sectionId}/items`, { item: { name: "House Lager", description: "Crisp and cold" } })).item.id;
});

describe("language tags and negotiation", () => {
  it("takes canonical BCP 47 tags and refuses others", () => {
    expect(canonicalLanguage("EN-us")).toBe("en-US");
    expect(canonicalLanguage("pt-br")).toBe("pt-BR");
    expect(canonicalLanguage("zh-Hant-TW")).toBe("zh-Hant-TW");
    for (const bad of ["", "english", "e", "de_DE", "x-private", "de-u-co-phonebk", "<b>", "a".repeat(40)])
      expect(canonicalLanguage(bad), bad).toBeNull();
  });

  it("orders Accept-Language by q-value, the header's order breaking ties, q=0 left out", () => {
    expect(acceptedRanges("fr;q=0.5, de-AT, en;q=0.8, it;q=0")).toEqual(["de-at", "en", "fr"]);
    expect(acceptedRanges("<b>, de;q=x, fr;q=2, *;q=0.1")).toEqual(["*"]);
    expect(acceptedRanges(null)).toEqual([]);
  });

  it("chooses ?lang= first, then the best range the location has, then the default", () => {
    const languages = ["en", "de", "fr-CA"];
    expect(chooseLanguage(languages, { asked: "DE", accept: "fr" })).toBe("de");
    expect(chooseLanguage(languages, { asked: "it", accept: "de;q=0.9, fr;q=1" })).toBe("fr-CA");
    expect(chooseLanguage(languages, { accept: "de-AT, en;q=0.5" })).toBe("de");
    expect(chooseLanguage(languages, { accept: "es, it" })).toBe("en");
    expect(chooseLanguage(languages, { accept: "es, *;q=0.1" })).toBe("en");
    expect(chooseLanguage(languages, { accept: "de;q=0, en-GB;q=0.4" })).toBe("en");
    expect(chooseLanguage(languages, {})).toBe("en");
  });
});

describe("the location's languages", () => {
  it("are set by PATCH, canonical, the default first, and answered", async () => {
    const fresh = (await read(`locations/${location}`)).body.location;
    expect(fresh.languages).toEqual(["en"]);
    const set = await ok(patch(`locations/${location}`, { location: { languages: ["en", "DE", "fr-ca"] } }));
    expect(set.body.location.languages).toEqual(["en", "de", "fr-CA"]);
  });

  it("refuses a bad list with 422 naming the field, and changes nothing", async () => {
    const before = await snapshot();
    const cases: unknown[] = [[], ["en", "en"], ["en", "deutsch"], "en", Array.from({ length: 11 }, (_, i) => `a${"bcdefghijk"[i]}`), [1]];
    for (const languages of cases) {
      const answer = await patch(`locations/${location}`, { location: { languages } });
      expect(answer.status, JSON.stringify(languages)).toBe(422);
      expect(JSON.stringify(answer.body), JSON.stringify(languages)).toContain("languages");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("translations on writes", () => {
  it("are accepted on menus, sections and items, and the write's answer is as before", async () => {
    const menu = await ok(patch(`menus/${menuId}`, { menu: { translations: { de: { name: "Getränke", footer: "Prost" } } } }));
    expect(keysOf(menu.body).has("translations")).toBe(false);
    expect(keysOf(menu.body).has("translation")).toBe(false);
    await ok(patch(`sections/${sectionId}`, { section: { translations: { de: { name: "Zapfhähne", description: "Vom Fass" } } } }));
    const item = await ok(
      patch(`items/${itemId}`, { item: { translations: { de: { name: "Hausbier" }, "fr-ca": { name: "Blonde maison" } } } }),
    );
    expect(keysOf(item.body).has("translation")).toBe(false);
  });

  it("change only the languages a write names: set whole, or removed by null", async () => {
    const section = (await post(`menus/${menuId}/sections`, { section: { name: "Bottles", translations: { de: { name: "Flaschen" } } } }))
      .section.id;
    await ok(patch(`sections/${section}`, { section: { translations: { "fr-CA": { name: "Bouteilles" } } } }));
    const names = async () => {
      const [de, fr] = await Promise.all(["de", "fr-CA"].map((lang) => read(`menus/${menuId}?full=true&lang=${lang}`)));
      const of = (answer: ApiResponse) => answer.body.menu.sections.find((s: { id: number }) => s.id === section).name;
      return [of(de!), of(fr!)];
    };
    expect(await names()).toEqual(["Flaschen", "Bouteilles"]);
    await ok(patch(`sections/${section}`, { section: { translations: { de: null, "fr-CA": { name: "" } } } }));
    expect(await names()).toEqual(["Bottles", "Bottles"]);
    await ok(api.delete(`sections/${section}`, { as: owner.rw }));
  });

  it("refuses bad translations with 422 naming the field, and changes nothing", async () => {
    const before = await snapshot();
    const cases: [string, unknown][] = [
      [`menus/${menuId}`, { menu: { translations: { deutsch: { name: "x" } } } }],
      [`menus/${menuId}`, { menu: { translations: { de: { name: "x".repeat(256) } } } }],
      [`menus/${menuId}`, { menu: { translations: ["de"] } }],
      [`sections/${sectionId}`, { section: { translations: { de: { footer: "no footer on a section" } } } }],
      [`items/${itemId}`, { item: { translations: { de: { name: "a\u0007b" } } } }],
      [
        `items/${itemId}`,
        { item: { translations: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`a${"bcdefghijk"[i]}`, { name: "x" }])) } },
      ],
    ];
    for (const [url, body] of cases) {
      const answer = await patch(url, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(JSON.stringify(answer.body)).toContain("translations");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("the v1 reads", () => {
  it("answer exactly as before without ?lang=: no new field, the same tag, 304 on it", async () => {
    for (const url of [`menus/${menuId}`, `menus/${menuId}?full=true`, `sections/${sectionId}`, `items/${itemId}`]) {
      const plain = await read(url);
      const keys = keysOf(plain.body);
      expect(keys.has("translation"), url).toBe(false);
      expect(keys.has("translations"), url).toBe(false);
      expect(JSON.stringify(plain.body)).not.toContain("Hausbier");
      if (url.startsWith("menus/")) {
        // A ?lang= read in between leaves the plain answer and its tag as they were.
        await read(`${url}${url.includes("?") ? "&" : "?"}lang=de`);
        const again = await read(url);
        expect(again.headers.get("etag")).toBe(plain.headers.get("etag"));
        expect(again.bytes).toEqual(plain.bytes);
        await ok(api.get(url, { as: owner.ro, headers: { "if-none-match": plain.headers.get("etag")! } }), 304);
      }
    }
  });

  it("answer ?lang= in that language, flagging the texts that fell back", async () => {
    const one = (await read(`menus/${menuId}?lang=de`)).body.menu;
    expect(one).toMatchObject({ name: "Getränke", description: "What we pour", footer: "Prost" });
    expect(one.translation).toEqual({ language: "de", fallback: ["description"] });
    const full = (await read(`menus/${menuId}?full=true&lang=de`)).body.menu;
    expect(full.translation).toEqual({ language: "de", fallback: ["description"] });
    const taps = full.sections.find((s: { id: number }) => s.id === sectionId);
    expect(taps).toMatchObject({ name: "Zapfhähne", description: "Vom Fass", translation: { language: "de", fallback: [] } });
    expect(taps.items[0]).toMatchObject({
      name: "Hausbier",
      description: "Crisp and cold",
      translation: { language: "de", fallback: ["description"] },
    });
    // custom_* and original_* stay the venue's own fields.
    expect(taps.items[0].custom_name ?? taps.items[0].original_name).toBe("House Lager");
    const french = (await read(`menus/${menuId}?full=true&lang=fr-CA`)).body.menu;
    expect(french.name).toBe("Drinks");
    expect(french.translation.fallback).toEqual(["name", "description", "footer"]);
    expect(french.sections[0].items[0].name).toBe("Blonde maison");
    // The default language: nothing falls back.
    const english = (await read(`menus/${menuId}?full=true&lang=en`)).body.menu;
    expect(english.name).toBe("Drinks");
    expect(english.translation).toEqual({ language: "en", fallback: [] });
  });

  it("tag each language apart, answer 304 per language, and follow a new translation", async () => {
    const de = await read(`menus/${menuId}?full=true&lang=de`);
    const fr = await read(`menus/${menuId}?full=true&lang=fr-CA`);
    const plain = await read(`menus/${menuId}?full=true`);
    const tags = [de, fr, plain].map((answer) => answer.headers.get("etag"));
    expect(new Set(tags).size).toBe(3);
    await ok(api.get(`menus/${menuId}?full=true&lang=de`, { as: owner.ro, headers: { "if-none-match": tags[0]! } }), 304);
    await ok(patch(`items/${itemId}`, { item: { translations: { de: { name: "Hausbier", description: "Knackig und kalt" } } } }));
    const after = await read(`menus/${menuId}?full=true&lang=de`, { "if-none-match": tags[0]! });
    expect(after.headers.get("etag")).not.toBe(tags[0]);
    expect(after.body.menu.sections[0].items[0]).toMatchObject({ description: "Knackig und kalt", translation: { fallback: [] } });
  });

  it("are part of the history: a revert puts a section's and an item's translations back", async () => {
    const before = (await read(`menus/${menuId}`)).body.menu.version;
    const german = async () =>
      (await read(`menus/${menuId}?full=true&lang=de`)).body.menu.sections.find((s: { id: number }) => s.id === sectionId);
    const was = await german();
    await ok(patch(`sections/${sectionId}`, { section: { translations: { de: { name: "Neu" } } } }));
    await ok(patch(`items/${itemId}`, { item: { translations: { de: null } } }));
    expect((await german()).name).toBe("Neu");
    expect((await german()).items[0].name).toBe("House Lager");
    await ok(api.post(`menus/${menuId}/versions/${before}/revert`, { as: owner.rw }));
    const back = await german();
    expect([back.name, back.description, back.items[0].name]).toEqual([was.name, was.description, was.items[0].name]);
  });

  it("refuses a ?lang= that is not a language tag", async () => {
    for (const url of [`menus/${menuId}`, ...LISTS.map(([path]) => path())]) {
      const answer = await api.get(`${url}?lang=<x>`, { as: owner.ro });
      expect(answer.status, url).toBe(422);
      expect(JSON.stringify(answer.body), url).toContain("lang");
    }
  });
});

/** The other v1 reads of the menus (decision 100): [path, the answer's objects]. */
const LISTS: [() => string, (body: Record<string, unknown>) => { id: number; name: string; translation?: unknown }[]][] = [
  [() => `locations/${location}/menus`, (body) => body.menus as never],
  [() => `menus/${menuId}/sections`, (body) => body.sections as never],
  [() => `sections/${sectionId}`, (body) => [body.section] as never],
  [() => `sections/${sectionId}/items`, (body) => body.items as never],
  [() => `items/${itemId}`, (body) => [body.item] as never],
];

describe("?lang= on the lists and the section and item reads", () => {
  it("answer exactly as before without it, a ?lang= read in between changing nothing", async () => {
    for (const [path] of LISTS) {
      const plain = await read(path());
      expect(keysOf(plain.body).has("translation"), path()).toBe(false);
      await read(`${path()}?lang=de`);
      const again = await read(path());
      expect(again.bytes, path()).toEqual(plain.bytes);
      expect(again.headers.get("etag"), path()).toBe(plain.headers.get("etag"));
      expect(again.headers.get("cache-control"), path()).toBe(plain.headers.get("cache-control"));
    }
  });

  it("answer in that language, each object flagged as GET /menus/:id?lang= flags it", async () => {
    await ok(patch(`sections/${sectionId}`, { section: { translations: { de: { name: "Zapfhähne" } } } }));
    await ok(patch(`items/${itemId}`, { item: { translations: { de: { name: "Hausbier" } } } }));
    const menu = (await read(`menus/${menuId}?full=true&lang=de`)).body.menu;
    const fromTree = new Map<number, unknown>([[menu.id, menu.translation]]);
    for (const section of menu.sections) {
      fromTree.set(section.id, section.translation);
      for (const item of section.items) fromTree.set(item.id, item.translation);
    }
    for (const [path, objects] of LISTS) {
      const german = objects((await read(`${path()}?lang=de`)).body);
      expect(german.length, path()).toBeGreaterThan(0);
      for (const object of german) expect(object.translation, `${path()} ${object.id}`).toEqual(fromTree.get(object.id));
    }
    expect(objects(1, (await read(`menus/${menuId}/sections?lang=de`)).body).find((s) => s.id === sectionId)?.name).toBe("Zapfhähne");
    const item = (await read(`items/${itemId}?lang=de`)).body.item;
    expect(item).toMatchObject({ name: "Hausbier", translation: { language: "de", fallback: ["description"] } });
    // custom_* and original_* stay the venue's own fields.
    expect(item.custom_name ?? item.original_name).toBe("House Lager");
    expect((await read(`locations/${location}/menus?lang=de`)).body.menus[0]).toMatchObject({
      name: "Getränke",
      translation: { language: "de", fallback: ["description"] },
    });
    // The default language: its own texts, nothing fell back.
    expect((await read(`sections/${sectionId}?lang=en`)).body.section).toMatchObject({
      name: "Taps",
      translation: { language: "en", fallback: [] },
    });
    // A language with no text at all: the default's, every text flagged.
    expect((await read(`sections/${sectionId}/items?lang=it`)).body.items[0]).toMatchObject({
      name: "House Lager",
      translation: { language: "it", fallback: ["name", "description"] },
    });
  });

  it("tag each language apart and answer 304 per language", async () => {
    for (const [path] of LISTS) {
      const de = await read(`${path()}?lang=de`);
      const fr = await read(`${path()}?lang=fr-CA`);
      const tag = de.headers.get("etag");
      expect(tag, path()).toBeTruthy();
      expect(fr.headers.get("etag"), path()).not.toBe(tag);
      await ok(api.get(`${path()}?lang=de`, { as: owner.ro, headers: { "if-none-match": tag! } }), 304);
      await ok(api.get(`${path()}?lang=fr-CA`, { as: owner.ro, headers: { "if-none-match": tag! } }));
    }
  });

  it("keep include_legacy's answer as it was (no language there)", async () => {
    for (const [path] of LISTS) {
      const legacy = await read(`${path()}?include_legacy=true`);
      const both = await read(`${path()}?include_legacy=true&lang=de`);
      expect(both.bytes, path()).toEqual(legacy.bytes);
    }
  });
});

const objects = (index: number, body: Record<string, unknown>) => LISTS[index]![1](body);
