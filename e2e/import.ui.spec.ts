import { mkdirSync } from "node:fs";
import { api, expect, test } from "./ui-fixtures";

// Import… on the Menus page (venue-operations §6, issue 32): connect with the read-only token, pick
// the source location, read the plan, import, and see the menus. The source is this very app (it serves
// the v1 API of the service we replace); the target a location made for the test and archived after,
// so the demo locations stay as they were.

const SHOTS = process.env.IMPORT_SHOTS ?? "/tmp/import-shots";

test("import a location through the dialog: plan first, then the menus arrive", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.goto("/locations");
  const calls = api(page);
  const tokens = (await (await calls.get("/api/session/tokens")).json()) as { auth_token_read_only: string };
  const [source] = (
    (await (await calls.get("/api/v1/locations")).json()) as {
      locations: { id: number; name: string; time_zone: string; currency: string }[];
    }
  ).locations;
  const created = await calls.send("POST", "/api/v1/locations", {
    location: { name: "Import Test Tap", time_zone: source!.time_zone, currency: source!.currency },
  });
  expect(created.status()).toBe(201);
  const target = ((await created.json()) as { location: { id: number } }).location.id;
  try {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/locations/${target}/menus`);
      await page.getByRole("button", { name: "Import…" }).click();
      const dialog = page.getByRole("dialog", { name: "Import from your current menu service" });
      await dialog.getByLabel("Service address").fill(baseURL!);
      await dialog.getByLabel("Email").fill("owner@demo.test");
      await dialog.getByLabel("Read-only API token").fill("wrong-token");
      await dialog.getByRole("button", { name: "Find locations" }).click();
      await expect(dialog.getByRole("alert")).toContainText("401");
      await dialog.getByLabel("Read-only API token").fill(tokens.auth_token_read_only);
      await dialog.getByRole("button", { name: "Find locations" }).click();
      await dialog.getByRole("radio", { name: new RegExp(source!.name) }).check();
      await dialog.getByRole("button", { name: "Show the plan" }).click();
      const plan = dialog.getByRole("region", { name: "Import plan" });
      await expect(plan).toBeVisible();
      await expect(plan.getByRole("row", { name: /^Menus/ })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/import-plan-${width}.png`, fullPage: width === 375 });
      if (width === 375) await dialog.getByRole("button", { name: "Close" }).click();
    }
    const dialog = page.getByRole("dialog", { name: "Import from your current menu service" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/locations/${target}/menus`);
    await page.getByRole("button", { name: "Import…" }).click();
    await dialog.getByLabel("Service address").fill(baseURL!);
    await dialog.getByLabel("Email").fill("owner@demo.test");
    await dialog.getByLabel("Read-only API token").fill(tokens.auth_token_read_only);
    await dialog.getByRole("button", { name: "Find locations" }).click();
    await dialog.getByRole("radio", { name: new RegExp(source!.name) }).check();
    await dialog.getByRole("button", { name: "Show the plan" }).click();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    // The new location's week was there already: the source's hours change it.
    await expect(page.getByText(/Imported into Import Test Tap: \d+ added, \d+ changed, 0 removed\./)).toBeVisible({ timeout: 30_000 });
    await expect(dialog).toBeHidden();
    const menus = ((await (await calls.get(`/api/v1/locations/${target}/menus`)).json()) as { menus: { name: string }[] }).menus;
    const sourceMenus = (
      (await (await calls.get(`/api/v1/locations/${source!.id}/menus?include_legacy=true`)).json()) as { menus: { name: string }[] }
    ).menus;
    expect(menus.map((menu) => menu.name)).toEqual(sourceMenus.map((menu) => menu.name));
    await expect(page.getByRole("button", { name: new RegExp(menus[0]!.name) }).first()).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/imported-1280.png` });
  } finally {
    await calls.send("DELETE", `/api/v1/locations/${target}`);
  }
});
