import { expect, test } from "./ui-fixtures";

// The Integrations page (venue-operations §12, issue 38 row 11): the suggested menus:read key for a
// board or a website, made by mouse, its secret shown once; the key reads menus, is refused insights
// (403 forbidden_scope) and, once revoked from the page, is refused everything (401).

const SHOTS = process.env.INTEGRATIONS_SHOTS ?? "/tmp/integrations-shots";

test("make a menus:read key for a board, use it, revoke it", async ({ page, playwright, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/integrations");
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create a menus:read key" }).click();
  const dialog = page.getByRole("dialog", { name: "New integration key" });
  await expect(dialog.getByLabel("Name")).toHaveValue("TV board and website");
  await expect(dialog.getByRole("checkbox", { name: /menus:read/ })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: /insights:read/ })).not.toBeChecked();
  await dialog.getByRole("checkbox", { name: "Every location, including ones added later" }).uncheck();
  await dialog.getByRole("checkbox", { name: "Demo Taproom Downtown" }).check();
  await page.screenshot({ path: `${SHOTS}/new-key-1280.png` });
  await dialog.getByRole("button", { name: "Create key" }).click();

  const shown = page.getByRole("dialog", { name: "Copy the key now" });
  const secret = (await shown.locator("code").filter({ hasText: /^tpk_/ }).textContent())!;
  expect(secret).toMatch(/^tpk_/);
  await shown.getByRole("button", { name: "Done" }).click();
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "TV board and website" }) });
  await expect(card).toContainText("menus:read");
  await expect(card).toContainText("never used");
  await expect(page.getByText(secret)).toHaveCount(0);

  const integration = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${secret}` } });
  try {
    const locations = await (await integration.get("/api/v1/locations")).json();
    const downtown = locations.locations[0].id;
    expect((await integration.get(`/api/v1/locations/${downtown}/menus`)).status()).toBe(200);
    const insights = await integration.get(`/api/v1/locations/${downtown}/insights/stats`);
    expect(insights.status()).toBe(403);
    expect((await insights.json()).code).toBe("forbidden_scope");

    await page.reload();
    await expect(card).toContainText("last used");
    await page.screenshot({ path: `${SHOTS}/integrations-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    // Nothing, the header's links included, pushes the page sideways on a phone; the business's links
    // and Account share one row under the brand and Sign out.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const middle = async (box: Promise<{ y: number; height: number } | null>) => {
      const found = (await box)!;
      return found.y + found.height / 2;
    };
    const businessRow = await middle(page.getByRole("navigation", { name: "Business" }).boundingBox());
    expect(Math.abs(businessRow - (await middle(page.getByRole("link", { name: /^Account/ }).boundingBox())))).toBeLessThan(8);
    expect(await middle(page.getByRole("button", { name: "Sign out" }).boundingBox())).toBeLessThan(businessRow);
    await page.screenshot({ path: `${SHOTS}/integrations-375.png`, fullPage: true });

    await card.getByRole("button", { name: "Revoke TV board and website" }).click();
    await page
      .getByRole("dialog", { name: /Revoke/ })
      .getByRole("button", { name: "Revoke key" })
      .click();
    await expect(page.getByText("was revoked")).toBeVisible();
    await expect(card).toHaveCount(0);
    expect((await integration.get(`/api/v1/locations/${downtown}/menus`)).status()).toBe(401);
  } finally {
    await integration.dispose();
  }
});
