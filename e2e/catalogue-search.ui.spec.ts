import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// The add-item dialog's catalogue search (issue 38, rows 3–4): style, brewery and name, tolerant of
// spelling ("harbour" finds Harbor) and, when nothing matches, the beers near the term with their
// label, ABV and rating. The built-in sandbox is the platform.

// Screenshots for a person to look at (SHOTS_DIR, or beside the others).
const SHOTS = process.env.SHOTS_DIR ?? ".screenshots/catalogue-search";
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function ok<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A fresh draft menu with one section at location 1, and that section's "Add beer" dialog open. */
async function openDialog(page: Page) {
  const menuName = unique("Catalogue menu");
  const sectionName = unique("Taps");
  const { menu } = await ok<{ menu: { id: number } }>(
    await api(page).send("POST", "/api/v1/locations/1/menus", { menu: { name: menuName } }),
  );
  await ok(await api(page).send("POST", `/api/v1/menus/${menu.id}/sections`, { section: { name: sectionName } }));
  await page.goto("/locations/1/menus");
  const menus = page.getByRole("navigation", { name: /^Menus/ });
  // A list of buttons on a desk, a select on a phone.
  if ((page.viewportSize()?.width ?? 1280) < 600)
    await menus.getByRole("combobox", { name: "Menu to edit" }).selectOption({ label: `${menuName} (draft)` });
  else await menus.getByRole("button", { name: new RegExp(`^${menuName}`) }).click();
  await page
    .getByRole("region", { name: sectionName })
    .getByRole("button", { name: `Add beer to ${sectionName}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Add to this section" });
  await expect(dialog).toBeVisible();
  return { dialog, menuId: menu.id };
}

test.use({ viewport: { width: 1280, height: 800 } });

test("finds Harbor for “harbour” and the IPAs for “IPA”, and adds one with its label, ABV and rating", async ({ page }) => {
  await page.goto("/dashboard");
  const { dialog, menuId } = await openDialog(page);
  const search = dialog.getByRole("searchbox", { name: "Search the beer catalogue" });
  const results = dialog.getByRole("list", { name: "Catalogue results" });

  await search.fill("harbour");
  await expect(dialog.getByRole("status").filter({ hasText: /(match|matches|matching) “harbour”/ })).toBeVisible();
  await expect(results.getByRole("listitem").first()).toBeVisible();
  for (const name of await results.getByRole("listitem").allTextContents()) expect(name).toMatch(/harbor/i);

  await search.fill("IPA");
  await expect(dialog.getByRole("status").filter({ hasText: /beers (match|matching) “IPA”/ })).toBeVisible();
  const first = results.getByRole("listitem").first();
  await expect(first).toContainText(/IPA - /);
  await expect(first).toContainText(/% ABV/);
  await expect(first).toContainText(/rated \d\.\d\d/);
  await page.screenshot({ path: `${SHOTS}/add-dialog-ipa-1280.png` });

  const name = ((await first.locator("p").first().textContent()) ?? "").trim();
  await first.getByRole("button", { name: new RegExp(`^Add ${name}`) }).click();
  await expect(dialog.getByText(`Added ${name}`)).toBeVisible();
  const full = await ok<{
    menu: {
      sections: { items: { name: string; style: string; abv: string | null; rating: string | null; label_image: string | null }[] }[];
    };
  }>(await api(page).get(`/api/v1/menus/${menuId}?full=true`));
  const [item] = full.menu.sections[0]!.items;
  expect(item).toMatchObject({ name, style: expect.stringMatching(/^IPA - /) });
  expect(item!.abv).not.toBeNull();
  expect(item!.rating).not.toBeNull();
  expect(item!.label_image).not.toBeNull();
});

test("nothing found: says so, offers the beers near the term, and a custom item", async ({ page }) => {
  await page.goto("/dashboard");
  const { dialog } = await openDialog(page);
  const search = dialog.getByRole("searchbox", { name: "Search the beer catalogue" });
  await search.fill("harbor haze"); // seen once, kept by the server
  await expect(dialog.getByRole("list", { name: "Catalogue results" }).getByRole("listitem").first()).toContainText("Harbor Haze");
  await search.fill("hrbor hze");
  await expect(dialog.getByRole("status").filter({ hasText: "No beers match “hrbor hze”. Did you mean one of these?" })).toBeVisible();
  const near = dialog.getByRole("list", { name: "Did you mean" });
  await expect(near.getByRole("listitem").first()).toContainText("Harbor Haze");
  await expect(near.getByRole("listitem").first()).toContainText("6.8% ABV");
  await expect(near.getByRole("button", { name: /^Add Harbor Haze/ })).toBeEnabled();
  await expect(dialog.getByRole("button", { name: "Add “hrbor hze” as a custom item" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/add-dialog-did-you-mean-1280.png` });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });
  test("the results fit the width", async ({ page }) => {
    await page.goto("/dashboard");
    const { dialog } = await openDialog(page);
    await dialog.getByRole("searchbox", { name: "Search the beer catalogue" }).fill("harbour");
    const first = dialog.getByRole("list", { name: "Catalogue results" }).getByRole("listitem").first();
    await expect(first).toBeVisible();
    const box = (await first.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/add-dialog-harbour-375.png` });
  });
});
