import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// The add-item dialog (catalogue search and custom items), the public menu preview and the migration
// of legacy custom menus, through the real menu editor. Each test makes its own data through the API.

// A word the built-in sandbox catalogue answers with several beers, one of them "Hazy Compass".
const SEARCH_WORD = "compass";
const BEER = { name: "Hazy Compass", untappdId: 100500 };

type FullMenu = {
  id: number;
  unpublished: boolean;
  sections: {
    id: number;
    name: string;
    items: { id: number; name: string; untappd_id: number | null; style: string | null; abv: string | null }[];
  }[];
};

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh menu with one empty section at location 1. */
async function createMenu(page: Page, options: { publish?: boolean } = {}) {
  const menuName = unique("Extras menu");
  const sectionName = unique("Taps");
  const { menu } = await json<{ menu: { id: number } }>(
    await api(page).send("POST", "/api/v1/locations/1/menus", { menu: { name: menuName } }),
  );
  const { section } = await json<{ section: { id: number } }>(
    await api(page).send("POST", `/api/v1/menus/${menu.id}/sections`, { section: { name: sectionName } }),
  );
  if (options.publish) await json(await api(page).send("POST", `/api/v1/menus/${menu.id}/publish`));
  return { menuId: menu.id, menuName, sectionId: section.id, sectionName };
}

async function fullMenu(page: Page, menuId: number) {
  return (await json<{ menu: FullMenu }>(await api(page).get(`/api/v1/menus/${menuId}?full=true`))).menu;
}

/** The board at location 1 with that menu selected from the list, and the section's "Add beer" dialog open. */
async function openAddDialog(page: Page, menuName: string, sectionName: string) {
  await page.goto("/locations/1/menus");
  await page
    .getByRole("navigation", { name: /^Menus/ })
    .getByRole("button", { name: new RegExp(`^${menuName}`) })
    .click();
  const section = page.getByRole("region", { name: sectionName });
  // The header's button (an empty section repeats it in its empty state).
  await section
    .getByRole("button", { name: `Add beer to ${sectionName}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Add to this section" });
  await expect(dialog).toBeVisible();
  return { dialog, section };
}

test("adds a beer from the catalogue in two clicks: Add beer, then Add", async ({ page }) => {
  await page.goto("/dashboard");
  const { menuId, menuName, sectionName } = await createMenu(page);
  const { dialog, section } = await openAddDialog(page, menuName, sectionName);

  const search = dialog.getByRole("searchbox", { name: "Search the beer catalogue" });
  await expect(search).toBeFocused();
  await search.fill("c");
  await expect(dialog.getByRole("status").filter({ hasText: "Type at least 2 letters" })).toBeVisible();
  await search.fill(SEARCH_WORD);
  const results = dialog.getByRole("list", { name: "Catalogue results" });
  await expect(results.getByRole("listitem").first()).toBeVisible();
  await expect(dialog.getByText(new RegExp(`\\d+ beers? match “${SEARCH_WORD}”`))).toBeVisible();

  await results.getByRole("button", { name: new RegExp(`^Add ${BEER.name}`) }).click();
  await expect(dialog.getByText(`Added ${BEER.name}`)).toBeVisible();
  // The dialog stays open for the next beer, and this one is now marked.
  await expect(results.getByRole("listitem").filter({ hasText: BEER.name }).getByText("On this menu")).toBeVisible();

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(BEER.name, { exact: true })).toBeVisible();

  const menu = await fullMenu(page, menuId);
  expect(menu.sections[0]!.items.map((item) => [item.name, item.untappd_id])).toEqual([[BEER.name, BEER.untappdId]]);
});

test("on a published menu a catalogue beer asks for its price first, and goes on with it", async ({ page }) => {
  await page.goto("/dashboard");
  const { menuId, menuName, sectionName } = await createMenu(page, { publish: true });
  const { dialog } = await openAddDialog(page, menuName, sectionName);
  await dialog.getByRole("searchbox", { name: "Search the beer catalogue" }).fill(SEARCH_WORD);
  const results = dialog.getByRole("list", { name: "Catalogue results" });
  await results.getByRole("button", { name: new RegExp(`^Add ${BEER.name}`) }).click();

  const step = results.getByRole("form", { name: new RegExp(`^Price of ${BEER.name}`) });
  await expect(step.getByText("This menu is published")).toBeVisible();
  // Nothing is added without a price.
  await step.getByRole("button", { name: "Add with this price" }).click();
  await expect(step.getByRole("alert")).toHaveText("Price is required");
  expect((await fullMenu(page, menuId)).sections[0]!.items).toEqual([]);
  await page.screenshot({ path: "test-results/price-first.png" });

  await step.getByLabel("Price ($)").fill("7.5");
  await step.getByRole("button", { name: "Add with this price" }).click();
  await expect(dialog.getByText(`Added ${BEER.name}`)).toBeVisible();
  const [item] = (await fullMenu(page, menuId)).sections[0]!.items;
  expect(item).toMatchObject({ name: BEER.name, containers: [expect.objectContaining({ price: "7.50" })] });
});

test("when the catalogue's hour is used up the dialog says when it comes back; beers found before stay searchable and addable", async ({
  page,
}) => {
  await page.goto("/dashboard");
  const { menuName, sectionName } = await createMenu(page);
  const { dialog } = await openAddDialog(page, menuName, sectionName);
  await dialog.getByRole("searchbox", { name: "Search the beer catalogue" }).fill(SEARCH_WORD);
  const results = dialog.getByRole("list", { name: "Catalogue results" });
  await expect(results.getByRole("listitem").first()).toBeVisible();
  // The platform's hour runs out: the next lookup (this Add) is refused with Retry-After.
  await page.route(/\/api\/v1\/sections\/\d+\/items$/, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 429,
          headers: { "content-type": "application/problem+json", "retry-after": "1800" },
          body: JSON.stringify({ type: "about:blank", title: "Too many requests", status: 429, code: "rate_limited", detail: "used up" }),
        })
      : route.continue(),
  );
  await results.getByRole("button", { name: new RegExp(`^Add ${BEER.name}`) }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "lookups for this hour are used up" })).toContainText(
    /come back in about (29|30) minutes \(at \d{1,2}:\d{2} (AM|PM)\)/,
  );
  // The server keeps the beers it showed (decision 061): their adds and searches need no lookup.
  for (const add of await results.getByRole("button", { name: /^Add / }).all()) await expect(add).toBeEnabled();
  await expect(dialog.getByRole("button", { name: "Search", exact: true })).toBeEnabled();
  await page.screenshot({ path: "test-results/catalogue-limit.png" });
  // A custom item needs no lookup: still there.
  await dialog.getByRole("tab", { name: "Custom item" }).click();
  await expect(dialog.getByRole("button", { name: "Add item" })).toBeEnabled();
});

test("adds a custom item, refusing a blank name without saving anything", async ({ page }) => {
  await page.goto("/dashboard");
  const { menuId, menuName, sectionName } = await createMenu(page);
  const { dialog, section } = await openAddDialog(page, menuName, sectionName);

  await dialog.getByRole("tab", { name: "Custom item" }).click();
  await dialog.getByLabel("ABV (%)").fill("strong");
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog.getByText("Name can't be blank")).toBeVisible();
  await expect(dialog.getByText("ABV (%) must be a number")).toBeVisible();
  expect((await fullMenu(page, menuId)).sections[0]!.items).toHaveLength(0);

  const wine = unique("House red");
  await dialog.getByLabel("Name").fill(wine);
  await dialog.getByLabel("Style or type").fill("Red wine");
  await dialog.getByLabel("ABV (%)").fill("13.5");
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog.getByText(`Added ${wine}`)).toBeVisible();
  await expect(dialog.getByLabel("Name")).toHaveValue("");

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(section.getByText(wine, { exact: true })).toBeVisible();
  const [item] = (await fullMenu(page, menuId)).sections[0]!.items;
  expect(item).toMatchObject({ name: wine, untappd_id: null, style: "Red wine", abv: "13.5" });
});

test("preview: guests see a published menu, a draft is 404 for them and bannered for the venue", async ({ page, browser }) => {
  await page.goto("/dashboard");
  const published = await createMenu(page, { publish: true });
  const { item } = await json<{ item: { id: number } }>(
    await api(page).send("POST", `/api/v1/sections/${published.sectionId}/items`, {
      item: { name: "Preview Pils", style: "Pilsner", abv: "4.8" },
    }),
  );
  const { container_sizes } = await json<{ container_sizes: { id: number; name: string }[] }>(
    await api(page).get("/api/v1/container_sizes"),
  );
  const size = container_sizes[0]!;
  await json(
    await api(page).send("POST", `/api/v1/items/${item.id}/containers`, { container: { container_size_id: size.id, price: "6.5" } }),
  );
  const draft = await createMenu(page);

  const guest = await browser.newContext({ storageState: undefined });
  try {
    const guestPage = await guest.newPage();
    expect((await guestPage.context().cookies()).map((cookie) => cookie.name)).not.toContain("taproom_session");

    const shown = await guestPage.goto(`/preview/menus/${published.menuId}`);
    expect(shown?.status()).toBe(200);
    await expect(guestPage.getByRole("heading", { level: 1, name: published.menuName })).toBeVisible();
    const section = guestPage.getByRole("region", { name: published.sectionName });
    await expect(section.getByRole("heading", { name: "Preview Pils" })).toBeVisible();
    await expect(section.getByText("Pilsner · 4.8% ABV")).toBeVisible();
    await expect(section.getByRole("list", { name: "Prices of Preview Pils" })).toContainText(`${size.name}$6.50`);
    await expect(guestPage).toHaveTitle(`${published.menuName} · Demo Taproom Downtown`);
    await expect(guestPage.getByText("Draft — guests can't see this menu yet.")).toHaveCount(0);

    // TV boards: dark theme and a script-free refresh, within 30..3600 seconds.
    await guestPage.goto(`/preview/menus/${published.menuId}?theme=dark&refresh=60`);
    await expect(guestPage.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "60");
    await guestPage.goto(`/preview/menus/${published.menuId}?refresh=5`);
    await expect(guestPage.locator('meta[http-equiv="refresh"]')).toHaveCount(0);

    const hidden = await guestPage.goto(`/preview/menus/${draft.menuId}`);
    expect(hidden?.status()).toBe(404);
    await expect(guestPage.getByRole("heading", { name: "This menu isn't available" })).toBeVisible();
    await expect(guestPage.getByText(draft.menuName)).toHaveCount(0);
    expect((await guestPage.goto("/preview/menus/not-a-number"))?.status()).toBe(404);
  } finally {
    await guest.close();
  }

  const staff = await page.goto(`/preview/menus/${draft.menuId}`);
  expect(staff?.status()).toBe(200);
  await expect(page.getByText("Draft — guests can't see this menu yet.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: draft.menuName })).toBeVisible();
});

test("migrates location 2's custom menus into menus after confirming", async ({ page }) => {
  await page.goto("/dashboard");
  // Location 2 (Harbor), so location 1's custom menus stay for other specs.
  const name = unique("Cocktail list");
  const { custom_menu } = await json<{ custom_menu: { id: number } }>(
    await api(page).send("POST", "/api/v1/locations/2/custom_menus", { custom_menu: { name } }),
  );
  const { custom_section } = await json<{ custom_section: { id: number } }>(
    await api(page).send("POST", `/api/v1/custom_menus/${custom_menu.id}/custom_sections`, { custom_section: { name: "Classics" } }),
  );
  await json(
    await api(page).send("POST", `/api/v1/custom_sections/${custom_section.id}/custom_items`, {
      custom_item: { name: "Negroni", type: "cocktail" },
    }),
  );

  await page.goto("/locations/2/menus");
  const panel = page.getByRole("region", { name: /Custom menus/ });
  const row = panel.getByRole("listitem").filter({ hasText: name });
  await expect(row.getByText("1 section · 1 item")).toBeVisible();
  await row.getByRole("button", { name, exact: true }).click();
  await expect(row.getByText("Negroni")).toBeVisible();

  await panel.getByRole("button", { name: "Migrate to menus" }).click();
  const confirm = page.getByRole("dialog", { name: "Migrate custom menus?" });
  await expect(confirm).toContainText(name);
  await confirm.getByRole("button", { name: /^Migrate \d+ custom menus?$/ }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(/Created \d+ menus? from your custom menus/)).toContainText(name);

  // The new menus are on the board, and the panel keeps the originals read-only.
  await expect(page.getByRole("navigation", { name: /^Menus/ }).getByRole("button", { name: new RegExp(`^${name}`) })).toBeVisible();
  await expect(panel.getByText("All custom menus were migrated to regular menus.")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Migrate to menus" })).toHaveCount(0);

  const { menus } = await json<{ menus: { name: string; legacy_menu_id: number | null }[] }>(
    await api(page).get("/api/v1/locations/2/menus"),
  );
  expect(menus).toContainEqual(expect.objectContaining({ name, legacy_menu_id: custom_menu.id }));
  expect((await api(page).send("POST", `/api/v1/custom_menus/${custom_menu.id}/publish`)).status()).toBe(409);
});
