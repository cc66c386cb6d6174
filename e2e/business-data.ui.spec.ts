import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./ui-fixtures";

// The business's data on the account page (issue 32, decision 060): the owner downloads the whole export;
// a new owner whose business has no location is offered "Restore from an export", and a file that is not
// a good export is refused with the paths named and nothing written. (A restore that succeeds needs a
// database where the export's ids are free: test/portability/export-restore.test.ts covers it.)

// Screenshots for a person to look at (the reviewer copies them where they look: SHOTS_DIR).
const SHOTS = process.env.SHOTS_DIR ?? ".screenshots/business-data";
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });

test("the owner exports everything; a new business is offered a restore that names a bad file's paths", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.goto("/account");
  const card = page.getByRole("region", { name: "Your business's data" });
  await expect(card).toBeVisible();
  // The demo business has locations: no restore offered.
  await expect(card.getByText("Restore from an export")).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent("download"), card.getByRole("link", { name: "Export everything" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^taproom-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(file).toMatchObject({ format: "taproom-export", version: 1, business: { name: "Demo Taproom Group" } });
  expect(file.tables.menus.length).toBeGreaterThan(0);
  expect(JSON.stringify(file)).not.toMatch(/password_hash|token_hash|secret_encrypted/);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "account-export");

  // A new owner (no location yet) on a phone.
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true, storageState: undefined });
  const phone = await context.newPage();
  await phone.goto("/signup");
  await phone.getByLabel("Business name").fill("Moving Brewing");
  await phone.getByLabel("Your name").fill("Mo Mover");
  await phone.getByLabel("Email").fill(`mover-${Date.now()}@moving.test`);
  await phone.getByLabel("Password", { exact: true }).fill("boxes of bottles on the van");
  await phone.getByRole("button", { name: /sign up|create/i }).click();
  await expect(phone).toHaveURL(/\/welcome/);
  await phone.goto("/account");
  const restore = phone.getByRole("region", { name: "Your business's data" });
  await expect(restore.getByRole("heading", { name: "Restore from an export" })).toBeVisible();
  const bad = structuredClone(file);
  bad.tables.containers[0].price = 7;
  delete bad.tables.menus[0].name;
  await restore
    .getByLabel("Export file (.json)")
    .setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(bad)) });
  await restore.getByRole("button", { name: "Restore" }).click();
  const alert = restore.getByRole("alert");
  await expect(alert).toContainText("did not pass validation");
  await expect(alert).toContainText("tables.containers.0.price");
  await expect(alert).toContainText("tables.menus.0.name");
  await alert.scrollIntoViewIfNeeded();
  await shot(phone, "account-restore-errors");

  // The demo's own export in the demo's own database: its ids are taken, said plainly, nothing written.
  await restore
    .getByLabel("Export file (.json)")
    .setInputFiles({ name: "demo.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await restore.getByRole("button", { name: "Restore" }).click();
  await expect(restore.getByRole("alert")).toContainText("fresh install");
  const locations = await phone.request.get("/api/v1/locations");
  expect((await locations.json()).locations).toEqual([]);
  await phone.setViewportSize({ width: 1280, height: 800 });
  await shot(phone, "account-restore-errors");
  await context.close();
});
