import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Reorder (venue-operations §15, decision 096) in Chromium against the built server: a manager sets a
// beer's par level and distributor on the Reorder page, sees the kegs to order under that distributor,
// and downloads the CSV; the page at 1280 and 375 px and the distributor's PDF order sheet are saved to
// $REORDER_SHOTS (default /tmp/reorder-shots).

test.setTimeout(180_000);
const READY = { timeout: 30_000 };
const SHOTS = process.env.REORDER_SHOTS ?? "/tmp/reorder-shots";
const LOCATION = 1;
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function send<T>(page: Page, method: "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test("set a par level, see the suggestion by distributor, download the CSV and the order sheet", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  const tag = suffix();
  // The records first: the dashboard keeps the location's menus it has read (the Taps page reads them).
  const { menu } = await send<{ menu: { id: number } }>(page, "POST", `/api/v1/locations/${LOCATION}/menus`, {
    menu: { name: `Cellar ${tag}` },
  });
  const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
    section: { name: "Draft" },
  });
  const beer = `Reorder Pils ${tag}`;
  await send(page, "POST", `/api/v1/sections/${section.id}/items`, { item: { name: beer } });
  const distributorName = `Harbor Beverage ${tag}`;
  const { distributor } = await send<{ distributor: { id: number } }>(page, "POST", `/api/v1/locations/${LOCATION}/distributors`, {
    distributor: { name: distributorName, lead_time_days: 3, email: "orders@harbor.test", notes: "Account 4471 · delivers Tue and Fri" },
  });

  // The Taps page links to Reorder.
  await page.goto(`/locations/${LOCATION}/taps`);
  await page.getByRole("link", { name: "Reorder" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reorder" })).toBeVisible(READY);

  await page.getByRole("button", { name: "Set a par level" }).click();
  const dialog = page.getByRole("dialog", { name: "Set a par level" });
  await dialog.getByLabel("Beer").selectOption({ label: `${beer} (Cellar ${tag} › Draft)` });
  await dialog.getByLabel("Par (kegs)").fill("3");
  await dialog.getByLabel("Full kegs in the cellar").fill("1");
  await dialog.getByLabel("Distributor").selectOption({ label: distributorName });
  await dialog.getByRole("button", { name: "Save par level" }).click();
  await expect(dialog).toBeHidden(READY);

  // Par 3, one full keg, no pours yet: two kegs to order from the distributor.
  const card = page.getByRole("article", { name: distributorName });
  const row = card.getByRole("row", { name: new RegExp(beer) });
  await expect(row).toBeVisible(READY);
  await expect(row.getByRole("cell").nth(3)).toHaveText("2");
  await expect(card.getByText("Order 2 kegs")).toBeVisible();

  // A bad par is refused on the field, nothing saved.
  await row.getByRole("button", { name: `Edit the par level of ${beer}` }).click();
  const edit = page.getByRole("dialog", { name: `Par level: ${beer}` });
  await edit.getByLabel("Par (kegs)").fill("1000");
  await edit.getByRole("button", { name: "Save par level" }).click();
  await expect(edit.getByText("Par (kegs) must be a whole number from 0 to 999")).toBeVisible();
  await edit.getByRole("button", { name: "Cancel" }).click();

  await page.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/reorder-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/reorder-375.png`, fullPage: true });
  // Nothing wider than the phone but the table, which scrolls inside its card.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^reorder-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^distributor,lead_time_days,item_id,beer,par_kegs/);
  expect(csv).toMatch(new RegExp(`^${distributorName},3,\\d+,${beer},3,1,0,0,1,0,,0,2$`, "m"));

  const pdf = await api(page).get(`/api/v1/locations/${LOCATION}/reorder.pdf?distributor_id=${distributor.id}`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  writeFileSync(`${SHOTS}/order-sheet.pdf`, bytes);
  await expect(card.getByRole("link", { name: "Order sheet (PDF)" })).toHaveAttribute(
    "href",
    `/api/v1/locations/${LOCATION}/reorder.pdf?distributor_id=${distributor.id}`,
  );
});
