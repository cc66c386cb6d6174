import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { googleFoodMenusResponse } from "@/lib/menus/schemas/off-screen";
import { api, login, type Account, type ApiResponse } from "../api";

// What guests read of allergens, dietary tags and calories on the phone menu, the embed, print and the
// board's data; the guest's filter; the JSON-LD and google_menu.json (venue-operations §13, decision 084).

let owner: Account;
let rival: Account;
let location: number;
let menuId: number;
let gone: number;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, String(JSON.stringify(answer.body)).slice(0, 500)).toBe(status);
  return answer;
}
const post = async (url: string, body: unknown) => (await ok(api.post(url, { as: owner.rw, body }), 201)).body;
const setLabelling = (labelling: string) => ok(api.patch(`locations/${location}`, { as: owner.rw, body: { location: { labelling } } }));
const page = async (query = "") => (await ok(api.get(`/m/${location}${query}`))).body as string;
/** What a guest reads: the page's header and main, not its JSON-LD (which lists the whole menu). */
const shown = async (query = "") => (await page(query)).split("<body>")[1]!;
const jsonLdOf = (html: string) => {
  const match = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!);
};

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  // A location of its own: its only published menu is this one.
  location = (await post("locations", { location: { name: "Label Yard", time_zone: "Europe/London", currency: "GBP" } })).location.id;
  const [pint, half] = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes.map((size: { id: number }) => size.id);
  menuId = (await post(`locations/${location}/menus`, { menu: { name: "Yard Menu" } })).menu.id;
  const taps = (await post(`menus/${menuId}/sections`, { section: { name: "Taps" } })).section.id;
  const food = (await post(`menus/${menuId}/sections`, { section: { name: "Food" } })).section.id;
  const ipa = (
    await post(`sections/${taps}/items`, {
      item: {
        name: "Yard IPA",
        allergens: ["gluten"],
        containers: [
          { container_size_id: pint, price: "6.50" },
          { container_size_id: half, price: "3.75" },
        ],
      },
    })
  ).item.id;
  const containers = (await ok(api.get(`items/${ipa}/containers`, { as: owner.ro }))).body.containers;
  await ok(api.patch(`containers/${containers[0].id}`, { as: owner.rw, body: { container: { calories: 215 } } }));
  await post(`sections/${taps}/items`, {
    item: {
      name: "Zero Lager",
      allergens: ["gluten"],
      dietary: ["vegan", "alcohol_free"],
      containers: [{ container_size_id: pint, price: "4.00" }],
    },
  });
  await post(`sections/${food}/items`, {
    item: {
      name: "Hummus Plate",
      allergens: ["sesame", "gluten"],
      dietary: ["vegan", "vegetarian"],
      containers: [{ container_size_id: pint, price: "7.00", name: "Plate" }],
    },
  });
  await post(`sections/${food}/items`, { item: { name: "Cheese Board", allergens: ["milk", "celery"], dietary: ["vegetarian"] } });
  gone = (await post(`sections/${food}/items`, { item: { name: "Gone Soup", containers: [{ container_size_id: pint, price: "5.00" }] } }))
    .item.id;
  await ok(api.post(`items/${gone}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
  await ok(api.post(`menus/${menuId}/publish`, { as: owner.rw }));
});

describe("the phone menu", () => {
  it("shows allergens and dietary tags as words, calories beside the price, and the UK statement under uk", async () => {
    await setLabelling("none");
    const plain = await page();
    expect(plain).toContain('<p class="allergens">Contains: Gluten, Sesame</p>');
    expect(plain).toContain('<span class="tag">Vegan</span>');
    expect(plain).toMatch(/<b>£6\.50<\/b> <span class="kcal">215 kcal<\/span>/);
    expect(plain).not.toContain("Adults need around 2000 kcal a day");
    const before = (await ok(api.get(`/m/${location}`))).headers.get("etag")!;
    await setLabelling("uk");
    const uk = await ok(api.get(`/m/${location}`, { headers: { "if-none-match": before } }));
    expect(uk.body).toContain("Adults need around 2000 kcal a day.");
    expect(uk.headers.get("etag")).not.toBe(before);
    await setLabelling("us");
    expect(await page()).toContain("2,000 calories a day is used for general nutrition advice");
    // No script runs: the JSON-LD is the only script element, and it is data.
    expect(plain.replace(/<script type="application\/ld\+json">.*?<\/script>/s, "")).not.toMatch(/<script/);
  });

  it("filters by allergen and dietary tag with a plain GET form, each filter its own tag", async () => {
    const all = await page();
    expect(all).toContain('<form method="get" action="/m/');
    expect(all).toContain('name="without" value="gluten"');
    const noGluten = await shown("?without=gluten");
    expect(noGluten).not.toContain("Yard IPA");
    expect(noGluten).not.toContain("Hummus Plate");
    expect(noGluten).toContain("Cheese Board");
    expect(noGluten).toContain('value="gluten" checked');
    expect(noGluten).toContain("Showing items without gluten");
    expect(noGluten).not.toContain("Gone Soup");
    const vegan = await shown("?only=vegan");
    expect(vegan).toContain("Zero Lager");
    expect(vegan).toContain("Hummus Plate");
    expect(vegan).not.toContain("Cheese Board");
    expect(vegan).not.toContain("Yard IPA");
    const both = await shown("?without=sesame&only=vegan&only=alcohol_free");
    expect(both).toContain("Zero Lager");
    expect(both).not.toContain("Hummus Plate");
    expect(await shown("?without=sesame,gluten")).toContain("Cheese Board");
    const tags = await Promise.all(
      ["", "?without=gluten", "?only=vegan", "?only=vegan&without=gluten"].map((q) => api.get(`/m/${location}${q}`)),
    );
    expect(new Set(tags.map((answer) => answer.headers.get("etag"))).size).toBe(4);
    // The same filter spelt two ways is one page.
    const [one, two] = await Promise.all([
      api.get(`/m/${location}?without=milk,gluten`),
      api.get(`/m/${location}?without=gluten&without=milk`),
    ]);
    expect(one.headers.get("etag")).toBe(two.headers.get("etag"));
    const tag = one.headers.get("etag")!;
    await ok(api.get(`/m/${location}?without=gluten,milk`, { headers: { "if-none-match": tag } }), 304);
  });

  it("refuses a filter word it does not know", async () => {
    for (const query of ["?without=peanut", "?only=keto", "?without=gluten,<b>"]) {
      const answer = await api.get(`/m/${location}${query}`);
      expect(answer.status, query).toBe(422);
    }
  });

  it("carries schema.org Menu JSON-LD that says what the menu says", async () => {
    const data = jsonLdOf(await page("?without=gluten"));
    const full = (await ok(api.get(`menus/${menuId}?full=true`, { as: owner.ro }))).body.menu;
    expect(data["@context"]).toBe("https://schema.org");
    expect(data.name).toBe("Label Yard");
    expect(data.hasMenu).toHaveLength(1);
    const menu = data.hasMenu[0];
    expect(menu["@type"]).toBe("Menu");
    expect(menu.name).toBe(full.name);
    // Every section and every item guests read (not 86'd), whatever the guest's filter.
    expect(menu.hasMenuSection.map((section: { name: string }) => section.name)).toEqual(
      full.sections.map((s: { name: string }) => s.name),
    );
    for (const [index, section] of full.sections.entries()) {
      const shown = section.items.filter((item: { eighty_sixed: boolean }) => !item.eighty_sixed);
      const items = menu.hasMenuSection[index].hasMenuItem;
      expect(items.map((item: { name: string }) => item.name)).toEqual(shown.map((item: { name: string }) => item.name));
      for (const [at, item] of shown.entries()) {
        expect(items[at].offers ?? []).toEqual(
          item.containers.map((container: { price: string; currency: string; name: string }) => ({
            "@type": "Offer",
            name: container.name,
            price: container.price,
            priceCurrency: "GBP",
          })),
        );
      }
    }
    const hummus = menu.hasMenuSection[1].hasMenuItem.find((item: { name: string }) => item.name === "Hummus Plate");
    expect(hummus.suitableForDiet).toEqual(["https://schema.org/VeganDiet", "https://schema.org/VegetarianDiet"]);
    expect(hummus.description).toContain("Contains: Gluten, Sesame");
    const ipa = menu.hasMenuSection[0].hasMenuItem[0];
    expect(ipa.nutrition).toEqual({ "@type": "NutritionInformation", calories: "215 calories" });
  });
});

describe("the embed, print and the board's data", () => {
  it("the embed shows the words and the statement", async () => {
    await setLabelling("uk");
    const html = (await ok(api.get(`/embed/menus/${menuId}`))).body as string;
    expect(html).toContain("Contains: Milk, Celery");
    expect(html).toContain("Adults need around 2000 kcal a day.");
    expect(html).toContain("215 kcal");
  });

  it("print says the allergens, the tags, the calories and the statement", async () => {
    await setLabelling("uk");
    const pdf = await ok(api.get(`menus/${menuId}/print.pdf?paper=a4`, { as: owner.ro }));
    const { text } = await extractText(await getDocumentProxy(pdf.bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("Contains: Gluten, Sesame");
    expect(flat).toContain("Vegan");
    expect(flat).toContain("215 kcal");
    expect(flat).toContain("Adults need around 2000 kcal a day.");
    await setLabelling("none");
    const plain = await ok(api.get(`menus/${menuId}/print.pdf?paper=a4`, { as: owner.ro }));
    const { text: none } = await extractText(await getDocumentProxy(plain.bytes), { mergePages: true });
    expect(none).not.toContain("Adults need");
  });

  it("the board's data names the labelling rule", async () => {
    await setLabelling("eu");
    const data = await ok(api.get(`/preview/menus/${menuId}/data`));
    expect(data.body.location.labelling).toBe("eu");
    const items = data.body.menu.sections.flatMap((section: { items: unknown[] }) => section.items);
    expect(items.find((item: { name: string }) => item.name === "Cheese Board")).toMatchObject({ allergens: ["milk", "celery"] });
  });
});

describe("GET /locations/:id/google_menu.json", () => {
  it("answers the published menus in Google's FoodMenus shape", async () => {
    const answer = await ok(api.get(`locations/${location}/google_menu`, { as: owner.ro }));
    const body = googleFoodMenusResponse.parse(answer.body);
    expect(body.menus).toHaveLength(1);
    const [menu] = body.menus;
    expect(menu!.labels).toEqual([{ displayName: "Yard Menu", languageCode: "en" }]);
    expect(menu!.sourceUrl).toMatch(new RegExp(`/m/${location}$`));
    const [taps, food] = menu!.sections;
    expect(taps!.labels[0]!.displayName).toBe("Taps");
    const ipa = taps!.items[0]!;
    expect(ipa.labels[0]!.displayName).toBe("Yard IPA");
    // The item's own price is the first a guest reads: prices go by volume (decision 081), the half first.
    expect(ipa.attributes).toEqual({
      price: { currencyCode: "GBP", units: "3", nanos: 750_000_000 },
      allergen: ["WHEAT"],
    });
    expect(ipa.options!.map((option) => option.attributes)).toEqual([
      { price: { currencyCode: "GBP", units: "3", nanos: 750_000_000 }, allergen: ["WHEAT"] },
      {
        price: { currencyCode: "GBP", units: "6", nanos: 500_000_000 },
        allergen: ["WHEAT"],
        nutritionFacts: { calories: { lowerAmount: 215, unit: "CALORIE" } },
      },
    ]);
    const hummus = food!.items.find((item) => item.labels[0]!.displayName === "Hummus Plate")!;
    expect(hummus.attributes.dietaryRestriction).toEqual(["VEGAN", "VEGETARIAN"]);
    expect(hummus.attributes.allergen).toEqual(["WHEAT"]);
    // Sesame has no Google word: the description says it.
    expect(hummus.labels[0]!.description).toContain("Contains: Gluten, Sesame");
    const names = food!.items.map((item) => item.labels[0]!.displayName);
    // No price (Google asks one) and 86'd: left out.
    expect(names).not.toContain("Cheese Board");
    expect(names).not.toContain("Gone Soup");
  });

  it("is tagged (304), needs sign-in, and another business's location is 404", async () => {
    const first = await ok(api.get(`locations/${location}/google_menu`, { as: owner.ro }));
    const tag = first.headers.get("etag")!;
    await ok(api.get(`locations/${location}/google_menu`, { as: owner.ro, headers: { "if-none-match": tag } }), 304);
    expect((await api.get(`locations/${location}/google_menu`)).status).toBe(401);
    expect((await api.get(`locations/${location}/google_menu`, { as: rival.ro })).status).toBe(404);
    await ok(
      api
        .post(`items/${gone}/86`, { as: owner.rw, body: { eighty_six: { until: null } } })
        .then(() => api.delete(`items/${gone}/86`, { as: owner.rw })),
    );
    const after = await ok(api.get(`locations/${location}/google_menu`, { as: owner.ro, headers: { "if-none-match": tag } }));
    expect(after.headers.get("etag")).not.toBe(tag);
    expect(JSON.stringify(after.body)).toContain("Gone Soup");
  });
});
