import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { pricedMenu } from "./menu-data";
import { api, expect, test } from "./ui-fixtures";

// Issue 49, the guests' smaller rows as people meet them: the phone menu (no script) tells the venue's
// hours, whether it is open now and what is coming up, and answers 304 while that is unchanged; a manager
// sets happy-hour prices on a whole section at once (20% off each price), is told plainly when a rule
// would leave a price at nothing, and removes them from the whole menu. Screenshots at 375 and 1280 go
// to $ISSUE_49_SHOTS.

const SHOTS = process.env.ISSUE_49_SHOTS ?? "test-results/issue-49";
mkdirSync(SHOTS, { recursive: true });
const WIDTHS = [1280, 375] as const;
const READY = { timeout: 30_000 };
const size = (width: number) => ({ width, height: width === 375 ? 812 : 900 });
const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function shoot(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize(size(width));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function json<T>(response: { ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }): Promise<T> {
  expect(response.ok(), `${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** YYYY-MM-DD in a zone, `days` from today. */
const dateIn = (zone: string, days = 0) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

test.describe("the phone menu, with JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("shows open now, the week's hours and what is coming up; 304 while unchanged, a new page when the hours change", async ({
    page,
  }) => {
    const tag = tagOf();
    // Its own location, open around the clock: the words do not depend on when the test runs.
    const { location } = await json<{ location: { id: number } }>(
      await api(page).send("POST", "/api/v1/locations", {
        location: { name: `Night Owl ${tag}`, time_zone: "America/New_York", currency: "USD", country: "US" },
      }),
    );
    const week = await json<{ hours: { id: number; day: string }[] }>(await api(page).get(`/api/v1/locations/${location.id}/hours`));
    await json(
      await api(page).send("PATCH", `/api/v1/locations/${location.id}/hours`, {
        hours: week.hours.map((day) => ({ id: day.id, always_open: true, closed: false })),
      }),
    );
    const eventName = `Cask Night ${tag}`;
    await json(
      await api(page).send("POST", `/api/v1/locations/${location.id}/events`, {
        event: {
          name: eventName,
          description: "Real ale on gravity.",
          start_time_date: dateIn("America/New_York", 1),
          start_time_time: "19:00",
          end_time_date: dateIn("America/New_York", 1),
          end_time_time: "22:00",
        },
      }),
    );

    await page.goto(`/m/${location.id}`);
    await expect(page.getByRole("heading", { level: 1, name: `Night Owl ${tag}` })).toBeVisible();
    await expect(page.getByText("Open now — open 24 hours")).toBeVisible();
    // The week, in a disclosure that opens with no script.
    await page.locator("summary", { hasText: "Opening hours" }).click();
    const hours = page.getByRole("table", { name: "Opening hours" });
    await expect(hours.getByRole("row", { name: /^Monday/ })).toContainText("Open 24 hours");
    await expect(hours.getByRole("row", { name: /^Sunday/ })).toContainText("Open 24 hours");
    const comingUp = page.getByRole("region", { name: "Coming up" });
    await expect(comingUp.getByText(eventName)).toBeVisible();
    await expect(comingUp).toContainText("7:00 PM–10:00 PM");
    await expect(comingUp).toContainText("Real ale on gravity.");
    await shoot(page, "phone-hours-events");

    // The page's validators: no-cache (asked again on every load), 304 while the words are the same.
    const first = await page.request.get(`/m/${location.id}`);
    expect(first.headers()["cache-control"]).toBe("no-cache");
    const etag = first.headers().etag!;
    const again = await page.request.get(`/m/${location.id}`, { headers: { "if-none-match": etag } });
    expect(again.status()).toBe(304);

    // Sunday closed: the page says so, under a new tag.
    const sunday = week.hours.find((day) => day.day === "sunday")!;
    await json(
      await api(page).send("PATCH", `/api/v1/locations/${location.id}/hours`, {
        hours: [{ id: sunday.id, always_open: false, closed: true }],
      }),
    );
    const changed = await page.request.get(`/m/${location.id}`, { headers: { "if-none-match": etag } });
    expect(changed.status()).toBe(200);
    expect(changed.headers().etag).not.toBe(etag);
    await page.reload();
    await page.locator("summary", { hasText: "Opening hours" }).click();
    await expect(page.getByRole("table", { name: "Opening hours" }).getByRole("row", { name: /^Sunday/ })).toContainText("Closed");
    await expect(page.getByText(/^(Open now — closes|Closed now — opens) /)).toBeVisible();

    expect((await api(page).send("DELETE", `/api/v1/locations/${location.id}`)).ok()).toBe(true);
  });
});

type Made = { menuId: number; menuName: string; sectionName: string; containerIds: number[] };

/** A menu at location 1 (New York, a 12-hour clock) with one section of two beers, a Pint at 7.50 and one at 4.00. */
async function makeMenu(page: Page): Promise<Made> {
  const made = await pricedMenu(page, [
    { name: "House Lager", price: "7.50" },
    { name: "Little Mild", price: "4.00" },
  ]);
  return { ...made, containerIds: made.items.map((item) => item.containerId) };
}

const timePricesOf = async (page: Page, containerId: number) =>
  (await json<{ container: { time_prices?: unknown[] } }>(await api(page).get(`/api/v1/containers/${containerId}`))).container.time_prices;

for (const width of WIDTHS) {
  test(`a manager sets happy-hour prices on a whole section at once, then removes them from the menu, at ${width} px`, async ({ page }) => {
    await page.setViewportSize(size(width));
    const made = await makeMenu(page);
    await page.goto(`/locations/1/menus?menu=${made.menuId}`);
    await expect(page.getByRole("heading", { level: 2, name: made.menuName })).toBeVisible(READY);

    await page.getByRole("button", { name: `Actions for section ${made.sectionName}` }).click();
    await page.getByRole("menuitem", { name: "Happy hour prices…" }).click();
    const dialog = page.getByRole("dialog", { name: `Happy hour prices: ${made.sectionName}` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`every price in ${made.sectionName} (2 prices)`);
    // Weekdays by default; 4 to 6 PM on the venue's clock.
    await expect(dialog.getByRole("checkbox", { name: "Friday" })).toBeChecked();
    await dialog.getByLabel(/^From/).fill("4pm");
    await dialog.getByLabel(/^From/).press("Tab");
    await expect(dialog.getByLabel(/^From/)).toHaveValue("4:00 PM");
    await dialog.getByLabel(/^To/).fill("6:00 PM");
    await dialog.getByLabel(/^To/).press("Tab");

    // An amount that leaves the 4.00 beer at nothing is refused on the field, naming it; nothing is saved.
    await dialog.getByRole("radio", { name: "An amount off each price" }).check();
    await dialog.getByLabel("Amount off ($)").fill("4");
    await dialog.getByRole("button", { name: "Set happy hours" }).click();
    await expect(
      dialog.getByText(/^Amount off \(\$\) leaves nothing \(or no saving\) of 1 price: Little Mild .* \(4\.00\)$/),
    ).toBeVisible();
    expect(await timePricesOf(page, made.containerIds[1]!)).toBeUndefined();
    await page.screenshot({ path: `${SHOTS}/happy-hours-refused-${width}.png`, fullPage: true });

    // 20% off each price instead.
    await dialog.getByRole("radio", { name: "A percent off each price" }).check();
    await dialog.getByLabel("Percent off", { exact: true }).fill("20");
    await page.screenshot({ path: `${SHOTS}/happy-hours-section-${width}.png`, fullPage: true });
    await dialog.getByRole("button", { name: "Set happy hours" }).click();
    await expect(page.getByText("Happy hours set on 2 prices (Mon–Fri 4:00 PM–6:00 PM, 20% off).")).toBeVisible();
    await expect(dialog).toBeHidden();
    const weekdays = ["mon", "tue", "wed", "thu", "fri"];
    expect(await timePricesOf(page, made.containerIds[0]!)).toEqual([{ days: weekdays, start: "16:00", end: "18:00", price: "6.00" }]);
    expect(await timePricesOf(page, made.containerIds[1]!)).toEqual([{ days: weekdays, start: "16:00", end: "18:00", price: "3.20" }]);

    // The whole menu's happy hours removed at once.
    await page.getByRole("button", { name: `More actions for ${made.menuName}` }).click();
    await page.getByRole("menuitem", { name: "Happy hour prices…" }).click();
    const menuDialog = page.getByRole("dialog", { name: `Happy hour prices: ${made.menuName}` });
    await menuDialog.getByRole("button", { name: `Remove happy hours from every price on ${made.menuName}` }).click();
    await expect(page.getByText("Happy hours removed from 2 prices.")).toBeVisible();
    for (const id of made.containerIds) expect(await timePricesOf(page, id)).toBeUndefined();
  });
}
