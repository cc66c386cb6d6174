import AxeBuilder from "@axe-core/playwright";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Translations (venue-operations §13, decision 097) as people meet them: a manager gives a location a
// second language and translates a section and an item side by side in the menu editor (a missing one
// flagged); a guest opens the phone menu, switches to German by its link (no script), with an allergen
// filter kept; axe finds nothing serious or critical on the German page. Screenshots to $LANG_SHOTS.

const SHOTS = process.env.LANG_SHOTS ?? "test-results/translations";
mkdirSync(SHOTS, { recursive: true });
const READY = { timeout: 30_000 };
const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type Made = { location: number; menu: number; menuName: string; section: number; sectionName: string; lager: number; pretzel: number };

/** A location of its own with English and German, one menu of one section: a lager and a pretzel (gluten, sesame). */
async function makeMenu(page: Page): Promise<Made> {
  const send = async <T>(method: "POST" | "PATCH", path: string, body?: unknown) => json<T>(await api(page).send(method, path, body));
  const { location } = await send<{ location: { id: number } }>("POST", "/api/v1/locations", {
    location: { name: `Biergarten ${tag}`, time_zone: "Europe/Berlin", currency: "EUR", country: "DE", labelling: "eu" },
  });
  await send("PATCH", `/api/v1/locations/${location.id}`, { location: { languages: ["en", "de"] } });
  const sizes = await json<{ container_sizes: { id: number; name: string }[] }>(await api(page).get("/api/v1/container_sizes"));
  const pint = sizes.container_sizes[0]!.id;
  const menuName = `Drinks ${tag}`;
  const { menu } = await send<{ menu: { id: number } }>("POST", `/api/v1/locations/${location.id}/menus`, {
    menu: { name: menuName, description: "Poured fresh daily" },
  });
  const sectionName = "Draught and snacks";
  const { section } = await send<{ section: { id: number } }>("POST", `/api/v1/menus/${menu.id}/sections`, {
    section: { name: sectionName, description: "From the cellar" },
  });
  const { item: lager } = await send<{ item: { id: number } }>("POST", `/api/v1/sections/${section.id}/items`, {
    item: {
      name: "House Lager",
      description: "Crisp and cold",
      allergens: ["gluten"],
      containers: [{ container_size_id: pint, price: "4.50" }],
    },
  });
  const { item: pretzel } = await send<{ item: { id: number } }>("POST", `/api/v1/sections/${section.id}/items`, {
    item: {
      name: "Pretzel",
      description: "Baked this morning",
      allergens: ["sesame"],
      dietary: ["vegan"],
      containers: [{ container_size_id: pint, price: "3.00" }],
    },
  });
  await send("POST", `/api/v1/menus/${menu.id}/publish`);
  return { location: location.id, menu: menu.id, menuName, section: section.id, sectionName, lager: lager.id, pretzel: pretzel.id };
}

test("a manager translates a section and an item side by side; a guest reads the phone menu in German by its switch", async ({
  page,
  baseURL,
}) => {
  const made = await makeMenu(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/locations/${made.location}/menus?menu=${made.menu}`);
  await expect(page.getByRole("heading", { level: 2, name: made.menuName })).toBeVisible(READY);
  await page.getByRole("button", { name: `More actions for ${made.menuName}` }).click();
  await page.getByRole("menuitem", { name: "Translations…" }).click();
  const dialog = page.getByRole("dialog", { name: `Translations of ${made.menuName}` });
  await expect(dialog.getByLabel("Translate into")).toHaveValue("de");
  // Nothing translated yet: every text flagged (menu 2, section 2, items 2 × 2).
  await expect(dialog.getByRole("status")).toContainText("8 texts have no Deutsch translation");
  await dialog.locator(`#tr-section-${made.section}-name`).fill("Vom Fass und Snacks");
  await dialog.locator(`#tr-item-${made.lager}-name`).fill("Hausbier");
  await dialog.locator(`#tr-item-${made.lager}-description`).fill("Knackig und kalt");
  await expect(dialog.getByRole("status")).toContainText("5 texts have no Deutsch translation");
  await expect(dialog.locator(`label[for="tr-item-${made.pretzel}-name"]`)).toContainText("Missing");
  await expect(dialog.locator(`label[for="tr-item-${made.lager}-name"]`)).not.toContainText("Missing");
  await page.screenshot({ path: `${SHOTS}/translation-editor-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `${SHOTS}/translation-editor-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole("button", { name: "Save Deutsch" }).click();
  await expect(page.getByText("Deutsch translations saved (2 texts).")).toBeVisible(READY);

  // Saved, and read back when the editor opens again.
  await page.getByRole("button", { name: `More actions for ${made.menuName}` }).click();
  await page.getByRole("menuitem", { name: "Translations…" }).click();
  await expect(dialog.locator(`#tr-item-${made.lager}-name`)).toHaveValue("Hausbier");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The guest, on a phone, with no script: English first (the browser asks for English), the filter on.
  const guest = await page
    .context()
    .browser()!
    .newContext({ baseURL, javaScriptEnabled: false, locale: "en-US", viewport: { width: 375, height: 812 } });
  const phone = await guest.newPage();
  await phone.goto(`/m/${made.location}?without=sesame`);
  await expect(phone.locator("html")).toHaveAttribute("lang", "en");
  await expect(phone.getByRole("heading", { name: made.sectionName })).toBeVisible();
  await expect(phone.getByText("Pretzel")).toHaveCount(0);
  await phone.screenshot({ path: `${SHOTS}/phone-en-filter-375.png`, fullPage: true });
  await phone.getByRole("navigation", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
  // The switch is named in the page's language (decision 100).
  const switcher = phone.getByRole("navigation", { name: "Sprache" });
  await expect(phone).toHaveURL(/lang=de/);
  await expect(phone).toHaveURL(/without=sesame/);
  await expect(phone.locator("html")).toHaveAttribute("lang", "de");
  await expect(phone.getByRole("heading", { name: "Vom Fass und Snacks" })).toBeVisible();
  await expect(phone.getByText("Hausbier")).toBeVisible();
  await expect(phone.getByText("Knackig und kalt")).toBeVisible();
  await expect(phone.getByText("Pretzel")).toHaveCount(0);
  await expect(switcher.getByRole("link", { name: "Deutsch" })).toHaveAttribute("aria-current", "true");
  await phone.screenshot({ path: `${SHOTS}/phone-de-filter-375.png`, fullPage: true });
  // axe runs its script: in a page that runs scripts, on the same German address.
  const audit = await page.context().newPage();
  await audit.setViewportSize({ width: 375, height: 812 });
  await audit.goto(phone.url());
  await expect(audit.locator("html")).toHaveAttribute("lang", "de");
  const { violations } = await new AxeBuilder({ page: audit }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  await audit.close();
  expect(serious).toEqual([]);
  // A browser that asks for German gets German with no link followed.
  const german = await page
    .context()
    .browser()!
    .newContext({ baseURL, javaScriptEnabled: false, locale: "de-DE", viewport: { width: 375, height: 812 } });
  const dePage = await german.newPage();
  await dePage.goto(`/m/${made.location}`);
  await expect(dePage.locator("html")).toHaveAttribute("lang", "de");
  await guest.close();
  await german.close();
});
