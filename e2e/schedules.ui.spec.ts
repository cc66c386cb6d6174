import type { Browser, Page } from "@playwright/test";
import { pricedMenu, readTree } from "./menu-data";
import { api, expect, test } from "./ui-fixtures";

// venue-operations §7 in the dashboard and on the board: a manager sets a happy hour on a container by
// keyboard and by mouse, at 1280 and 375 px; a section's schedule; overlapping happy hours refused on
// the form; "what guests see at…"; and a board open at 15:59:58 showing the happy-hour price at 16:00
// with no reload, the browser's clock and the server's (X-Test-Now, TEST_CLOCK_HEADER) injected alike.

const SHOTS = process.env.SHOTS_DIR ?? "test-results/schedules";
const READY = { timeout: 30_000 };
const TV = { width: 1920, height: 1080 };

type Made = { menuId: number; menuName: string; sectionId: number; sectionName: string; itemName: string; containerId: number };

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A menu at location 1 (New York, a 12-hour clock) with one section and one beer at 7.50 a pint. */
async function makeMenu(page: Page, options: { publish?: boolean; timePrices?: unknown[] } = {}): Promise<Made> {
  const made = await pricedMenu(page, [{ name: "House Lager", price: "7.50", timePrices: options.timePrices }], options);
  return { ...made, itemName: made.items[0]!.name, containerId: made.items[0]!.containerId };
}

const timePricesOf = async (page: Page, containerId: number) =>
  (await json<{ container: { time_prices?: unknown[] } }>(await api(page).get(`/api/v1/containers/${containerId}`))).container.time_prices;

async function openPrices(page: Page, made: Made) {
  await page.goto(`/locations/1/menus?menu=${made.menuId}`);
  await expect(page.getByRole("heading", { level: 2, name: made.menuName })).toBeVisible(READY);
  await page.getByRole("button", { name: new RegExp(`^Sizes and prices of ${made.itemName}`) }).click();
  const dialog = page.getByRole("dialog", { name: `Sizes and prices: ${made.itemName}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const width of [1280, 375] as const) {
  test(`a manager sets a happy hour by keyboard at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const made = await makeMenu(page);
    const dialog = await openPrices(page, made);
    // Every step from the keyboard: focus moves by Tab, choices by Space, the form is sent by Enter.
    await dialog.getByRole("button", { name: /^Happy hour prices of / }).focus();
    await page.keyboard.press("Enter");
    const form = dialog.getByRole("form", { name: /^Happy hours for / });
    await expect(form).toBeVisible();
    // It starts on weekdays; Friday is taken off with Space.
    await expect(form.getByRole("checkbox", { name: "Friday" })).toBeChecked();
    await form.getByRole("checkbox", { name: "Friday" }).focus();
    await page.keyboard.press("Space");
    await expect(form.getByRole("checkbox", { name: "Friday" })).not.toBeChecked();
    await form.getByLabel(/^From/).focus();
    await page.keyboard.type("4pm");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(/^From/)).toHaveValue("4:00 PM"); // written the venue's way on leaving
    await expect(form.getByLabel(/^To/)).toBeFocused();
    await page.keyboard.type("6:00 PM");
    await page.keyboard.press("Tab");
    await expect(form.getByLabel(/^Price/)).toBeFocused();
    await page.keyboard.type("5");
    await page.screenshot({ path: `${SHOTS}/happy-hour-keyboard-${width}.png`, fullPage: true });
    await page.keyboard.press("Enter");
    await expect(page.getByText(/happy hours saved \(Mon–Thu 4:00 PM–6:00 PM\)/)).toBeVisible();
    await expect(dialog.getByRole("list", { name: /^Happy hours of / })).toContainText("Mon–Thu 4:00 PM–6:00 PM: $5.00");
    expect(await timePricesOf(page, made.containerId)).toEqual([
      { days: ["mon", "tue", "wed", "thu"], start: "16:00", end: "18:00", price: "5.00" },
    ]);
  });

  test(`a manager sets a happy hour by mouse at ${width} px; an overlapping one is refused on the form`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const made = await makeMenu(page);
    const dialog = await openPrices(page, made);
    await dialog.getByRole("button", { name: /^Happy hour prices of / }).click();
    const form = dialog.getByRole("form", { name: /^Happy hours for / });
    // Every day, then Sunday off: a late one past midnight.
    await form.getByRole("button", { name: "Every day for Happy hour 1" }).click();
    await form.locator("label", { hasText: "Sun" }).click();
    await form.getByLabel(/^From/).click();
    await form.getByLabel(/^From/).fill("22:00");
    await form.getByLabel(/^To/).click();
    await form.getByLabel(/^To/).fill("1am");
    await form.getByLabel(/^Price/).click();
    await form.getByLabel(/^Price/).fill("6");
    await expect(form.getByText("Runs past midnight, until 1:00 AM the next day.")).toBeVisible();
    // A second one sharing Friday 22:00–23:00 with the first: said on the form, nothing sent.
    await form.getByRole("button", { name: "Add another happy hour" }).click();
    const second = form.getByRole("group", { name: "Happy hour 2", exact: true });
    await second.getByRole("button", { name: "Weekends for Happy hour 2" }).click();
    await second.locator("label", { hasText: "Sun" }).click();
    await second.locator("label", { hasText: "Fri" }).click();
    await second.getByLabel(/^From/).fill("21:00");
    await second.getByLabel(/^To/).fill("23:00");
    await second.getByLabel(/^Price/).fill("5");
    await form.getByRole("button", { name: "Save happy hours" }).click();
    await expect(second).toContainText("Shares time with Happy hour 1 (Mon–Sat 10:00 PM–1:00 AM (past midnight))");
    await page.screenshot({ path: `${SHOTS}/happy-hour-overlap-${width}.png`, fullPage: true });
    expect(await timePricesOf(page, made.containerId)).toBeUndefined();
    // Moved to end when the first starts: saved.
    await second.getByLabel(/^To/).fill("22:00");
    await form.getByRole("button", { name: "Save happy hours" }).click();
    await expect(dialog.getByRole("list", { name: /^Happy hours of / })).toContainText("Mon–Sat 10:00 PM–1:00 AM (past midnight): $6.00");
    await expect(dialog.getByRole("list", { name: /^Happy hours of / })).toContainText("Fri, Sat 9:00 PM–10:00 PM: $5.00");
    await page.screenshot({ path: `${SHOTS}/happy-hours-saved-${width}.png`, fullPage: true });
    expect(await timePricesOf(page, made.containerId)).toEqual([
      { days: ["mon", "tue", "wed", "thu", "fri", "sat"], start: "22:00", end: "01:00", price: "6.00" },
      { days: ["fri", "sat"], start: "21:00", end: "22:00", price: "5.00" },
    ]);
  });
}

test("a section's schedule: weekends 11 AM–3 PM, said in words, with what is off now", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const made = await makeMenu(page);
  await page.goto(`/locations/1/menus?menu=${made.menuId}`);
  await page.getByRole("button", { name: `Actions for section ${made.sectionName}` }).click();
  await page.getByRole("menuitem", { name: "Edit section" }).click();
  const dialog = page.getByRole("dialog", { name: `Edit ${made.sectionName}` });
  await expect(dialog.getByText("Guests always see this section.")).toBeVisible();
  await dialog.getByRole("radio", { name: "Only at set times" }).check();
  await dialog.getByRole("button", { name: "Weekends for Time 1" }).click();
  await dialog.getByLabel(/^From/).fill("11am");
  await dialog.getByLabel(/^To/).fill("3pm");
  await expect(dialog.getByText("Guests see this section: Sat, Sun 11:00 AM–3:00 PM.")).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/section-schedule-1280.png` });
  await dialog.getByRole("button", { name: "Save section" }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole("region", { name: new RegExp(made.sectionName) });
  await expect(card).toContainText("Sat, Sun 11:00 AM–3:00 PM");
  // The tree says whether it is on at this moment; the badge says the same in words.
  const tree = (
    await json<{ menu: { sections: { available_now?: boolean }[] } }>(
      await api(page).get(`/api/v1/menus/${made.menuId}?full=true&include_unavailable=true`),
    )
  ).menu;
  await expect(card.getByTestId("schedule-badge")).toHaveText(tree.sections[0]!.available_now ? /^On now, until / : /^Off now, on /);
  expect((await readTree(page, made.menuId)).sections.length).toBe(tree.sections[0]!.available_now ? 1 : 0);
  await card.screenshot({ path: `${SHOTS}/section-badge-1280.png` });
});

test("what guests see at another time: the TV board dialog draws the board then, and says it is not live", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const everyDay = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
  const made = await makeMenu(page, { timePrices: [{ days: everyDay, start: "16:00", end: "18:00", price: "5.00" }] });
  await page.goto(`/locations/1/menus?menu=${made.menuId}`);
  await page.getByRole("button", { name: /^TV board/ }).click();
  const dialog = page.getByRole("dialog", { name: /^TV board: / });
  await dialog.getByRole("radio", { name: "At another time" }).check();
  await dialog.getByRole("combobox", { name: "Day" }).selectOption({ index: 1 });
  await dialog.getByRole("combobox", { name: "Time" }).fill("4:30 PM");
  const thumbnail = page.frameLocator("iframe[title$='1920×1080 TV shows it']");
  await expect(thumbnail.getByRole("status")).toContainText(/What guests see \w{3} 4:30 PM · not live/, READY);
  await expect(thumbnail.getByRole("list", { name: `Prices of ${made.itemName}` })).toContainText("$5.00");
  await dialog.getByRole("combobox", { name: "Time" }).fill("7:00 PM");
  await expect(thumbnail.getByRole("status")).toContainText("7:00 PM · not live", READY);
  await expect(thumbnail.getByRole("list", { name: `Prices of ${made.itemName}` })).toContainText("$7.50");
  // The TV's own link stays live.
  await expect(dialog.locator("code")).toHaveText(new RegExp(`/preview/menus/${made.menuId}$`));
});

/**
 * A guest's board whose clock (the browser's, and the server's through X-Test-Now on the page and its
 * data) the test holds: `set(ms)` moves the server's; the browser's moves with `board.clock`.
 */
async function heldBoard(browser: Browser, path: string, start: number) {
  const context = await browser.newContext({ storageState: undefined, viewport: TV });
  const board = await context.newPage();
  let serverNow = start;
  await board.route(
    (url) => /^\/preview\/menus\/\d+(\/data)?$/.test(url.pathname),
    (route) => route.continue({ headers: { ...route.request().headers(), "x-test-now": new Date(serverNow).toISOString() } }),
  );
  await board.clock.install({ time: start });
  await board.goto(path);
  return { context, board, set: (ms: number) => (serverNow = ms) };
}

test("a board open at 15:59:58 shows the happy-hour price at 16:00 with no reload (injected clocks)", async ({ page, browser }) => {
  const made = await makeMenu(page, {
    publish: true,
    timePrices: [{ days: ["mon", "tue", "wed", "thu", "fri"], start: "16:00", end: "18:00", price: "5.00" }],
  });
  // Friday 27 November 2026 in New York (EST, UTC-5).
  const at = (time: string) => Date.parse(`2026-11-27T${time}-05:00`);
  // Loaded at 15:59:15 on a clock that runs, then held at 15:59:58 as soon as the menu is drawn: a jump
  // shorter than the stream's 50 s of silence, so the board stays live through it.
  const { context, board, set } = await heldBoard(browser, `/preview/menus/${made.menuId}`, at("15:59:15"));
  try {
    const prices = board.getByRole("list", { name: `Prices of ${made.itemName}` });
    await expect(prices).toContainText("$7.50", READY);
    await board.clock.pauseAt(at("15:59:58"));
    set(at("15:59:58"));
    await expect(board.getByRole("status")).toContainText("Live", READY);
    await board.evaluate(() => {
      (window as { boardMark?: string }).boardMark = "the same page";
    });
    await expect(prices).toContainText("$7.50");
    await board.screenshot({ path: `${SHOTS}/board-before-1559.png` });
    // 16:00: the board asks again at the instant its data named, on its own.
    set(at("16:00:00.100"));
    await board.clock.runFor(3_000);
    await expect(prices).toContainText("$5.00", READY);
    expect(await board.evaluate(() => (window as { boardMark?: string }).boardMark)).toBe("the same page");
    await board.screenshot({ path: `${SHOTS}/board-happy-hour-1600.png` });
    // 18:00: back to the regular price, the same way.
    await board.clock.pauseAt(at("17:59:59"));
    set(at("18:00:00.100"));
    await board.clock.runFor(2_000);
    await expect(prices).toContainText("$7.50", READY);
    expect(await board.evaluate(() => (window as { boardMark?: string }).boardMark)).toBe("the same page");
  } finally {
    await context.close();
  }
});
