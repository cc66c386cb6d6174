import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Issue 49 row 6 (decision 088), as an owner in London and a manager in Amsterdam meet it: the sizes
// dialog offers the location's own sizes first, each in its own unit (568 ml Pint and 284 ml Half Pint
// in London, 0.3/0.4/0.5 l in Amsterdam), a new price starts on the pint or the 0.5 l, a price is typed
// as people type it ("£6.50", "7,20"), and guests read the same sizes, smallest first, on the board and
// the phone menu. The London location is created as the short form creates one (no country: its zone
// says it); the Amsterdam one names its country. Both are archived at the end.

const SHOTS = process.env.ISSUE_49_SHOTS ?? "test-results/issue-49";
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function send<T>(page: Page, method: "POST" | "DELETE", path: string, data?: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type Place = {
  location: Record<string, string>;
  region: string;
  own: string[];
  preferred: string;
  symbol: string;
  prices: [size: string, typed: string, shown: string][];
};

const LONDON: Place = {
  location: { time_zone: "Europe/London", currency: "GBP" },
  region: "United Kingdom sizes",
  own: ["284 ml Half Pint", "568 ml Pint"],
  preferred: "568 ml Pint",
  symbol: "£",
  prices: [
    ["568 ml Pint", "£6.50", "£6.50"],
    ["284 ml Half Pint", "3,40", "£3.40"],
  ],
};
const AMSTERDAM: Place = {
  location: { time_zone: "Europe/Amsterdam", currency: "EUR", country: "NL" },
  region: "Netherlands sizes",
  own: ["0.3 l", "0.4 l", "0.5 l"],
  preferred: "0.5 l",
  symbol: "€",
  prices: [
    ["0.5 l", "7,20", "€7.20"],
    ["0.3 l", "€ 4,50", "€4.50"],
  ],
};

for (const [city, place] of [
  ["London", LONDON],
  ["Amsterdam", AMSTERDAM],
] as const) {
  test(`${city}: the sizes dialog offers the location's own sizes in their unit, and guests read them smallest first`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/dashboard");
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const { location } = await send<{ location: { id: number } }>(page, "POST", "/api/v1/locations", {
      location: { name: `${city} Tap ${tag}`, ...place.location },
    });
    try {
      const { menu } = await send<{ menu: { id: number } }>(page, "POST", `/api/v1/locations/${location.id}/menus`, {
        menu: { name: `Draught ${tag}` },
      });
      const { section } = await send<{ section: { id: number; name: string } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
        section: { name: `On tap ${tag}` },
      });
      const { item } = await send<{ item: { id: number; name: string } }>(page, "POST", `/api/v1/sections/${section.id}/items`, {
        item: { name: `House Bitter ${tag}` },
      });

      await page.goto(`/locations/${location.id}/menus?menu=${menu.id}`);
      await page
        .getByRole("region", { name: section.name })
        .getByRole("button", { name: `Sizes and prices of ${item.name}` })
        .click();
      const dialog = page.getByRole("dialog", { name: `Sizes and prices: ${item.name}` });
      await expect(dialog.getByText("No sizes yet.")).toBeVisible();
      const add = dialog.locator("form").last();
      const picker = add.getByLabel("Size");
      // The location's own sizes come first, by volume, and a new price starts on its largest.
      await expect(picker.locator(`optgroup[label="${place.region}"] > option`)).toHaveText(place.own);
      await expect(picker.locator("option:checked")).toHaveText(place.preferred);
      // The US pint is still there, among the others, with its volume said.
      await expect(picker.locator('optgroup[label="Other sizes"] > option', { hasText: /^Pint · 16 oz$/ })).toHaveCount(1);

      for (const [size, typed, shown] of place.prices) {
        await picker.selectOption({ label: size });
        await add.getByLabel(`Price (${place.symbol})`).fill(typed);
        await add.getByRole("button", { name: "Add size" }).click();
        await expect(dialog.getByText(shown)).toBeVisible();
      }
      const rows = dialog.getByRole("list", { name: `Sizes of ${item.name}` }).getByRole("listitem");
      await expect(rows).toHaveCount(2);
      // Smallest first, whatever order they were typed in; no ounces at a metric or imperial venue.
      const texts = await rows.allInnerTexts();
      expect(texts.map((text) => text.split(/\s·|\n/)[0]!.trim())).toEqual(
        place.own.filter((name) => place.prices.some(([size]) => size === name)),
      );
      for (const text of texts) expect(text).not.toContain(" oz");
      await shoot(page, `sizes-${city.toLowerCase()}`);
      await dialog.getByRole("button", { name: "Close" }).click();

      const published = await api(page).send("POST", `/api/v1/menus/${menu.id}/publish`);
      expect([200, 409]).toContain(published.status());
      const [small, large] = [...place.prices].sort((a, b) => place.own.indexOf(a[0]) - place.own.indexOf(b[0]));

      // The TV board: the item's prices, smallest first, in the location's currency.
      await page.goto(`/preview/menus/${menu.id}`);
      const onBoard = page.getByRole("listitem").filter({ hasText: item.name }).first();
      await expect(onBoard).toBeVisible();
      await expect(onBoard).toContainText(small![2]);
      await expect(onBoard).toContainText(large![2]);
      const boardText = (await onBoard.textContent()) ?? "";
      expect(boardText.indexOf(small![0])).toBeGreaterThanOrEqual(0);
      expect(boardText.indexOf(small![0])).toBeLessThan(boardText.indexOf(large![0]));
      await shoot(page, `board-${city.toLowerCase()}`);

      // The phone menu says the same sizes and prices.
      await page.goto(`/m/${location.id}`);
      await expect(page.getByText(item.name).first()).toBeVisible();
      // What a guest reads (its rendered text: not the page's JSON-LD).
      const phone = (await page.locator("body").allInnerTexts()).join("\n");
      for (const [size, , shown] of place.prices) {
        expect(phone).toContain(size);
        expect(phone).toContain(shown);
      }
      expect(phone.indexOf(small![0])).toBeLessThan(phone.indexOf(large![0]));
      await shoot(page, `phone-${city.toLowerCase()}`);
    } finally {
      await api(page).send("DELETE", `/api/v1/locations/${location.id}`);
    }
  });
}
