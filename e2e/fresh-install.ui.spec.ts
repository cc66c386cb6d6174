import { type Browser, expect, type Page, test } from "@playwright/test";

// A real venue starts on an empty install (the second e2e server: DEMO_DATA=false, playwright.config.ts):
// the owner signs up by keyboard alone, makes the first location and menu, invites a bartender; the
// bartender joins in a browser of their own (a phone), 86es an item and finds no way to change a price
// (the API refuses it too); the owner sees both on the Activity page. Screenshots of each page at 1280
// and 375 px go to .screenshots/ for a person to look at.

const origin = process.env.E2E_EMPTY_URL ?? "http://127.0.0.1:3101";
const SHOTS = ".screenshots/fresh-install";
const OWNER = { business: "Anchor & Tap", name: "Ada Owner", email: "ada@anchor.test", password: "harbour lights at dusk" };
const BARTENDER = { name: "Ben Bartender", email: "ben@anchor.test", password: "four pints of stout" };

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
}

/** Same-origin API calls with the page's session cookie (writes carry this site's Origin). */
const call = (page: Page, method: string, path: string, data?: unknown) =>
  page.request.fetch(`${origin}${path}`, { method, data, headers: { origin } });

async function newPage(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 812 : 800 }, hasTouch: width < 600 });
  return context.newPage();
}

test("a venue signs up, sets up, invites a bartender who 86es an item, and the owner sees it all", async ({ browser }) => {
  test.setTimeout(180_000);
  const owner = await newPage(browser, 1280);

  // An empty install leads to sign-up.
  await owner.goto(`${origin}/`);
  await expect(owner).toHaveURL(/\/signup$/);
  await expect(owner.getByRole("heading", { level: 1 })).toBeVisible();
  await shot(owner, "signup");

  // Sign-up with the keyboard alone: Tab into each field, type, Enter submits.
  await owner.getByLabel("Business name").focus();
  await owner.keyboard.type(OWNER.business);
  await owner.keyboard.press("Tab");
  await expect(owner.getByLabel("Your name")).toBeFocused();
  await owner.keyboard.type(OWNER.name);
  await owner.keyboard.press("Tab");
  await expect(owner.getByLabel("Email")).toBeFocused();
  await owner.keyboard.type(OWNER.email);
  await owner.keyboard.press("Tab");
  await expect(owner.getByLabel("Password", { exact: true })).toBeFocused();
  await owner.keyboard.type(OWNER.password);
  // The welcome page may be a full load after the sign-up (a press before the page's script ran posts the
  // form without it), drawn before its script runs; on a
  // phone the fields are there to type into well before the form takes them over. What is typed then
  // must not be lost (the fields wait for the form: LiveFieldset), so the page's script comes 2 s late.
  const lateScript = /\/_next\/static\/chunks\//;
  await owner.route(lateScript, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fallback();
  });
  await owner.keyboard.press("Enter");

  // First run, step 1: the first location.
  await expect(owner).toHaveURL(/\/welcome/);
  await expect(owner.getByRole("heading", { level: 1 })).toContainText(OWNER.business);
  await owner.getByLabel("Location name").fill("Anchor & Tap Quayside");
  const zone = owner.getByRole("combobox", { name: "Time zone" });
  await zone.fill("Amsterdam");
  await owner
    .getByRole("option", { name: /Amsterdam/ })
    .first()
    .click();
  await owner.getByLabel("Currency").selectOption("EUR");
  await expect(owner.getByLabel("Location name")).toHaveValue("Anchor & Tap Quayside");
  await expect(zone).toHaveValue("Europe/Amsterdam");
  await owner.unroute(lateScript);
  await shot(owner, "welcome");
  await owner.getByRole("button", { name: "Continue" }).click();

  // Step 2: the first menu, from the "12 taps + cans" template.
  await owner.getByLabel(/12 taps \+ cans/).check();
  await owner.getByRole("button", { name: "Create menu" }).click();
  await expect(owner).toHaveURL(/\/locations\/\d+\/menus/);
  const locationId = Number(owner.url().match(/locations\/(\d+)/)![1]);

  // A beer on tap with a price, and the menu published (through the API, as the board's own calls do).
  const menus = (await (await call(owner, "GET", `/api/v1/locations/${locationId}/menus`)).json()).menus as { id: number }[];
  const menuId = menus[0]!.id;
  const sections = (await (await call(owner, "GET", `/api/v1/menus/${menuId}/sections`)).json()).sections as { id: number; name: string }[];
  const onTap = sections.find((section) => section.name === "On tap")!;
  const item = await call(owner, "POST", `/api/v1/sections/${onTap.id}/items`, { item: { name: "Quayside Pils" } });
  expect(item.status()).toBe(201);
  const itemId = (await item.json()).item.id as number;
  const sizes = (await (await call(owner, "GET", "/api/v1/container_sizes")).json()).container_sizes as { id: number }[];
  const container = await call(owner, "POST", `/api/v1/items/${itemId}/containers`, {
    container: { container_size_id: sizes[0]!.id, price: "5.50" },
  });
  expect(container.status()).toBe(201);
  const containerId = (await container.json()).container.id as number;
  expect((await call(owner, "POST", `/api/v1/menus/${menuId}/publish`)).status()).toBe(200);

  // The team: invite a bartender as staff at this location; the link is shown once.
  await owner.goto(`${origin}/team`);
  await owner.getByRole("button", { name: "Invite someone" }).click();
  await owner.getByLabel("Email").fill(BARTENDER.email);
  await owner.getByLabel(/Staff/).check();
  await owner.getByRole("checkbox", { name: "Anchor & Tap Quayside" }).check();
  await owner.getByRole("button", { name: "Create invitation" }).click();
  const link = owner.getByText(/\/invitations\/accept\?token=/);
  await expect(link).toBeVisible();
  const url = (await link.textContent())!.trim();
  await shot(owner, "team");

  // The bartender, on a phone: accepts the invitation in a browser of their own.
  const bartender = await newPage(browser, 375);
  await bartender.goto(url.replace(/^https?:\/\/[^/]+/, origin));
  await expect(bartender.getByText(OWNER.business).first()).toBeVisible();
  await shot(bartender, "invitation");
  await bartender.getByLabel("Your name").fill(BARTENDER.name);
  await bartender.getByLabel("Password", { exact: true }).fill(BARTENDER.password);
  await bartender.getByRole("button", { name: /^Join / }).click();
  await expect(bartender).toHaveURL(new RegExp(`/locations/${locationId}/menus`));

  // 86 the beer, until restored.
  await bartender.getByRole("button", { name: "86 Quayside Pils (out of stock)" }).click();
  await bartender.getByRole("menuitem", { name: "Until I restore it" }).click();
  await expect(bartender.getByText(/86'd until/).first()).toBeVisible();
  // No way to change a price: no price field, no edit or sizes controls on the board.
  await expect(bartender.getByRole("button", { name: /edit|sizes|prices|delete/i })).toHaveCount(0);
  await expect(bartender.getByRole("spinbutton")).toHaveCount(0);
  await shot(bartender, "staff-board");
  // And the API refuses it regardless.
  const priced = await call(bartender, "PATCH", `/api/v1/containers/${containerId}`, { container: { price: "1.00" } });
  expect(priced.status()).toBe(403);
  expect((await priced.json()).code).toBe("forbidden_role");

  // The owner sees both actions, by the bartender, on the location's Activity page.
  await owner.goto(`${origin}/locations/${locationId}/activity`);
  await expect(owner.getByText(`${BARTENDER.name} joined as staff`)).toBeVisible();
  await expect(owner.getByText(/Quayside Pils/).first()).toBeVisible();
  await owner.getByLabel("Person").selectOption({ label: BARTENDER.name });
  await expect(owner.getByText(/Quayside Pils/).first()).toBeVisible();
  await shot(owner, "activity");
  await owner.setViewportSize({ width: 375, height: 812 });
  await shot(owner, "activity");
});

test("sign-up works by keyboard alone on a phone too", async ({ browser }) => {
  const page = await newPage(browser, 375);
  await page.goto(`${origin}/signup`);
  await page.getByLabel("Business name").focus();
  for (const value of ["The Small Bar", "Sam Small", "sam@smallbar.test", "a quiet corner table"]) {
    await page.keyboard.type(value);
    await page.keyboard.press("Tab");
  }
  await shot(page, "signup");
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/welcome/);
  await shot(page, "welcome");
  // Both steps may be skipped: straight to the (empty) locations page.
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/locations$/);
});
