import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { createBoardMenu, readTree } from "./menu-data";
import { expect, test } from "./ui-fixtures";

// The menu's CSV (venue-operations §6): Export CSV downloads the file; Import CSV checks a file with a
// dry run and shows its rows, the bad ones marked by line and column, with Apply off; a good file is
// applied, the board refreshes and a toast says what changed. Screenshots of the preview with errors
// at 1280 and 375 px go to /work/shots/A.

const HEADER = "section,item,brewery,style,abv,ibu,description,container,price,untappd_id";
/** Where the screenshots go: SHOTS_DIR, or the test's output folder. */
const shot = (name: string) => (process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}` : test.info().outputPath(name));

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

async function openImport(page: Page, menuName: string) {
  // For those who may edit: in the menu's "More actions", beside Delete menu.
  await page.getByRole("button", { name: `More actions for ${menuName}` }).click();
  await page.getByRole("menuitem", { name: "Import CSV…" }).click();
  const dialog = page.getByRole("dialog", { name: `Import CSV into ${menuName}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("exports a menu, previews a file with bad rows, and imports a good one", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/dashboard");
  const menu = await createBoardMenu(page, { Taps: ["Harbor Haze", "Night Stout"] });
  await page.goto(`/locations/1/menus?menu=${menu.id}`);
  await expect(page.getByRole("heading", { level: 2, name: menu.name })).toBeVisible();
  await page.screenshot({ path: shot("menu-page-1280.png") });

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: `Export CSV of ${menu.name}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${menu.name.toLowerCase().replace(/\s+/g, "-")}-${menu.id}.csv`);
  const exported = await readFile(await file.path(), "utf8");
  expect(exported.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
  // The fixture tags every name (Taps abc123): the rows carry them as they are.
  const taps = menu.sections[0]!;
  for (const item of taps.items) expect(exported).toContain(`\r\n${taps.name},${item.name},`);

  const bad = [
    HEADER,
    "Taps,Harbor Haze,Harbor Brewing,Hazy IPA,6.5,40,Soft and juicy,Pint,7.50,",
    "Taps,Harbor Haze,Harbor Brewing,Hazy IPA,6.5,40,Soft and juicy,Pitcher,20.00,",
    "Taps,Night Stout,Night Brewing,Stout,strong,,,Pint,6.50,",
    "Cans,Town Lager,,Lager,4.5,,,12 oz Can,-2,",
    "Cans,Weißbier «Spezial»,Brauerei,Hefeweizen,5.4,12,,16 oz Can,5.00,",
  ].join("\r\n");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const dialog = await openImport(page, menu.name);
    await dialog.getByLabel("Choose a CSV file").setInputFiles(csvFile("tap-list.csv", bad));
    await expect(dialog.getByRole("alert")).toContainText("tap-list.csv: 3 lines need fixing");
    await expect(dialog.getByText("Line 3, container: is not a container size")).toBeVisible();
    await expect(dialog.getByText("Line 4, abv: must be a number")).toBeVisible();
    await expect(dialog.getByText("Line 5, price: must not be negative")).toBeVisible();
    await expect(dialog.locator("td[aria-invalid=true]")).toHaveText(["Pitcher", "strong", "-2"]);
    await expect(dialog.getByRole("button", { name: "Apply" })).toBeDisabled();
    await dialog.screenshot({ path: shot(`csv-preview-errors-${width}.png`) });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  }
  await page.screenshot({ path: shot("menu-page-375.png") });
  const untouched = await readTree(page, menu.id);
  expect(untouched.sections.map((section) => section.name)).toEqual([taps.name]);

  const good = [
    HEADER,
    "Taps,Harbor Haze,Harbor Brewing,Hazy IPA,6.5,40,,Pint,7.50,",
    "Taps,Harbor Haze,Harbor Brewing,,,,,Half Pint,4.00,",
    "Cans,Town Lager,,Lager,4.5,,,12 oz Can,5.00,",
  ].join("\r\n");
  const dialog = await openImport(page, menu.name);
  await dialog.getByLabel("Choose a CSV file").setInputFiles(csvFile("good.csv", good));
  await expect(dialog.getByRole("status")).toContainText(
    "good.csv is ready: 2 sections, 2 items, 3 prices, replacing 1 section, 2 items, 2 prices.",
  );
  await dialog.screenshot({ path: shot("csv-preview-ok.png") });
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Imported good.csv" })).toContainText("now has 2 sections, 2 items, 3 prices");
  await expect(page.getByRole("heading", { name: "Cans" })).toBeVisible();
  const tree = await readTree(page, menu.id);
  expect(tree.sections.map((section) => [section.name, section.items.map((item) => item.name)])).toEqual([
    ["Taps", ["Harbor Haze"]],
    ["Cans", ["Town Lager"]],
  ]);
});
