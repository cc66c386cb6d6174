import { DateTime } from "luxon";
import type { Locator, Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Issue 38 row 9: one time format per venue and its zone on every page (decision 062). A New York
// venue reads 12-hour everywhere, a German one 24-hour, whatever the browser's own locale and zone:
// each test runs in a browser whose locale uses the other clock and whose zone is neither venue's.

type ApiHour = { id: number; day: string; always_open: boolean; closed: boolean; open_at: string | null; close_at: string | null };
const TWELVE = /^\d{1,2}:\d{2} (AM|PM)$/;
const TWENTY_FOUR = /^\d{2}:\d{2}$/;
const SHOTS = "test-results/time-format";

async function readWeek(page: Page, locationId: number): Promise<ApiHour[]> {
  const response = await api(page).get(`/api/v1/locations/${locationId}/hours`);
  expect(response.status()).toBe(200);
  return (await response.json()).hours;
}

async function restoreWeek(page: Page, locationId: number, week: ApiHour[]) {
  const hours = week.map(({ id, always_open, closed, open_at, close_at }) => ({ id, always_open, closed, open_at, close_at }));
  expect((await api(page).send("PATCH", `/api/v1/locations/${locationId}/hours`, { hours })).status()).toBe(200);
}

/** Every time field on the page shows `format`; none is the browser's native time input. */
async function expectTimeFields(page: Page, format: RegExp) {
  await expect(page.locator('input[type="time"]')).toHaveCount(0);
  const fields = page.locator("input[list]");
  expect(await fields.count()).toBeGreaterThan(0);
  for (const value of await fields.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))) {
    if (value !== "") expect(value).toMatch(format);
  }
}

/** Types into a time field and leaves it, as a person does. */
async function typeTime(field: Locator, text: string) {
  await field.fill(text);
  await field.blur();
}

/** The screen as a person sees it at 1280 and 375 px, `focus` scrolled into view (a dialog: itself). */
async function shoot(page: Page, name: string, focus: Locator, dialog = false) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 812 });
    await focus.scrollIntoViewIfNeeded();
    await (dialog ? focus : page).screenshot({ path: `${SHOTS}-${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("a New York venue, in a browser set to British English in Tokyo", () => {
  test.use({ locale: "en-GB", timezoneId: "Asia/Tokyo" });

  test("hours: 12-hour in the card, the inputs and their errors; typed times saved as HH:MM", async ({ page }) => {
    const before = await readWeek(page, 1);
    try {
      await page.goto("/locations/1/hours");
      const card = page.getByRole("region", { name: "Open now" });
      await expect(card).toContainText(/(Open|Closed) now — (opens|closes) \S+ \d{1,2}:\d{2} (AM|PM)/);
      await expect(card).toContainText(/Venue time: \w{3} \d+ \w{3}, \d{1,2}:\d{2} (AM|PM) E[SD]T \(America\/New_York\)/);
      await expectTimeFields(page, TWELVE);

      const opens = page.getByLabel("Thursday opens");
      const closes = page.getByLabel("Thursday closes");
      await page.getByRole("combobox", { name: "Thursday", exact: true }).selectOption("open");
      await typeTime(opens, "4pm");
      await expect(opens).toHaveValue("4:00 PM");
      await typeTime(closes, "2:30 a.m.");
      await expect(closes).toHaveValue("2:30 AM");
      await expect(page.getByRole("listitem").filter({ has: opens })).toContainText("closes next day");

      // What is not a time is said in the venue's clock, on its field, and nothing is sent.
      await typeTime(opens, "25:00");
      await expect(page.getByText("Opening time must be a time such as 4:30 PM or 16:30")).toBeVisible();
      await expect(opens).toHaveAttribute("aria-invalid", "true");
      await shoot(page, "hours-12h-error", opens);
      await typeTime(opens, "16:00");
      await expect(opens).toHaveValue("4:00 PM");
      await expect(page.getByText("Opening time must be a time such as 4:30 PM or 16:30")).toHaveCount(0);
      // The half hours to pick from (mouse, touch) are in the venue's clock too.
      const listId = await opens.getAttribute("list");
      await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveCount(48);
      await expect(page.locator(`datalist[id="${listId}"] option`).nth(33)).toHaveAttribute("value", "4:30 PM");

      await shoot(page, "hours-12h", page.getByRole("region", { name: "Open now" }));
      await page.getByRole("button", { name: "Save hours" }).click();
      await expect(page.getByText("No unsaved changes")).toBeVisible();
      const thursday = (await readWeek(page, 1)).find((hour) => hour.day === "thursday");
      expect(thursday).toMatchObject({ closed: false, open_at: "2000-01-01T16:00:00.000Z", close_at: "2000-01-01T02:30:00.000Z" });
      await page.reload();
      await expect(page.getByLabel("Thursday opens")).toHaveValue("4:00 PM");
      await expect(page.getByLabel("Thursday closes")).toHaveValue("2:30 AM");
    } finally {
      await restoreWeek(page, 1, before);
    }
  });

  test("special dates: typed in 12-hour, stored as HH:MM", async ({ page }) => {
    await page.goto("/locations/1/hours");
    const special = page.getByRole("region", { name: "Special dates" });
    try {
      await special.getByRole("button", { name: "Add a date" }).click();
      await special.getByLabel("Closed all day").uncheck();
      await typeTime(special.getByLabel("Opens"), "noon");
      await typeTime(special.getByLabel("Closes"), "1am");
      await expect(special.getByLabel("Opens")).toHaveValue("12:00 PM");
      await expect(special.getByLabel("Closes")).toHaveValue("1:00 AM");
      await shoot(page, "special-12h", special.getByLabel("Opens"));
      await special.getByRole("button", { name: "Save special dates" }).click();
      await expect(page.getByTestId("toast").filter({ hasText: "Special hours saved (1 date)" })).toBeVisible();
      const saved = await (await api(page).get("/api/v1/locations/1/special_hours")).json();
      expect(saved.special_hours).toMatchObject([{ closed: false, open: "12:00", close: "01:00" }]);
    } finally {
      expect((await api(page).send("PUT", "/api/v1/locations/1/special_hours", { special_hours: [] })).status()).toBe(200);
    }
  });

  test("events: the form and the list in 12-hour, across midnight", async ({ page }) => {
    const name = `Late set ${Date.now()}`;
    const day = DateTime.now().setZone("America/New_York").plus({ days: 40 }).toFormat("yyyy-MM-dd");
    await page.goto("/locations/1/events");
    await page.getByRole("button", { name: "Add event" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add event" });
    await expect(dialog.getByLabel("Start time")).toHaveAttribute("placeholder", "4:30 PM");
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Start date").fill(day);
    await typeTime(dialog.getByLabel("Start time"), "9pm");
    await typeTime(dialog.getByLabel("End time"), "2 AM");
    await expect(dialog.getByLabel("Start time")).toHaveValue("9:00 PM");
    await expect(dialog.getByLabel("End time")).toHaveValue("2:00 AM");
    await expect(dialog.getByText("the next day (+1 day)")).toBeVisible();
    await expectTimeFields(page, TWELVE);
    await shoot(page, "event-form-12h", dialog, true);
    await dialog.getByRole("button", { name: "Add event" }).click();
    await expect(dialog).toBeHidden();
    const { events } = await (await api(page).get("/api/v1/locations/1/events")).json();
    const saved = events.find((event: { name: string }) => event.name === name);
    try {
      expect(saved.start_time_in_zone).toMatch(new RegExp(`^${day}T21:00:00\\.000-0[45]:00$`));
      await expect(page.getByRole("article", { name })).toContainText(/9:00 PM – \w{3} \d+ \w{3}( \d{4})?, 2:00 AM E[SD]T/);
      await page.getByRole("button", { name: `Edit ${name}` }).click();
      await expect(page.getByRole("dialog", { name: `Edit “${name}”` }).getByLabel("Start time")).toHaveValue("9:00 PM");
    } finally {
      await api(page).send("DELETE", `/api/v1/events/${saved.id}`);
    }
  });
});

test.describe("a German venue, in a browser set to American English in New York", () => {
  test.use({ locale: "en-US", timezoneId: "America/New_York" });

  test("hours and events in 24-hour, typed in either clock", async ({ page }) => {
    const created = await api(page).send("POST", "/api/v1/locations", {
      location: { name: `Biergarten ${Date.now()}`, time_zone: "Europe/Berlin", currency: "EUR", country: "DE" },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { location: { id: number } }).location.id;
    try {
      await page.goto(`/locations/${id}/hours`);
      await expect(page.getByRole("region", { name: "Open now" })).toContainText(/Venue time: \w{3} \d+ \w{3}, \d{2}:\d{2} CES?T/);
      await page.getByRole("combobox", { name: "Friday", exact: true }).selectOption("open");
      await typeTime(page.getByLabel("Friday opens"), "4pm");
      await typeTime(page.getByLabel("Friday closes"), "0230");
      await expect(page.getByLabel("Friday opens")).toHaveValue("16:00");
      await expect(page.getByLabel("Friday closes")).toHaveValue("02:30");
      await typeTime(page.getByLabel("Friday closes"), "4:75");
      await expect(page.getByText("Closing time must be a time such as 16:30")).toBeVisible();
      await typeTime(page.getByLabel("Friday closes"), "2:30 AM");
      await expectTimeFields(page, TWENTY_FOUR);
      await shoot(page, "hours-24h", page.getByLabel("Friday opens"));
      await page.getByRole("button", { name: "Save hours" }).click();
      await expect(page.getByText("No unsaved changes")).toBeVisible();
      expect((await readWeek(page, id)).find((hour) => hour.day === "friday")).toMatchObject({
        open_at: "2000-01-01T16:00:00.000Z",
        close_at: "2000-01-01T02:30:00.000Z",
      });

      await page.goto(`/locations/${id}/events`);
      await page.getByRole("button", { name: "Add event" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Add event" });
      await expect(dialog.getByLabel("Start time")).toHaveAttribute("placeholder", "16:30");
      const day = DateTime.now().setZone("Europe/Berlin").plus({ days: 40 }).toFormat("yyyy-MM-dd");
      await dialog.getByLabel("Name", { exact: true }).fill("Late set");
      await dialog.getByLabel("Start date").fill(day);
      await typeTime(dialog.getByLabel("Start time"), "9:00 PM");
      await typeTime(dialog.getByLabel("End time"), "2am");
      await expect(dialog.getByLabel("Start time")).toHaveValue("21:00");
      await expect(dialog.getByLabel("End time")).toHaveValue("02:00");
      await expectTimeFields(page, TWENTY_FOUR);
      await shoot(page, "event-form-24h", dialog, true);
      await dialog.getByRole("button", { name: "Add event" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("article", { name: "Late set" })).toContainText(/21:00 – \w{3} \d+ \w{3}( \d{4})?, 02:00 CES?T/);
    } finally {
      await api(page).send("DELETE", `/api/v1/locations/${id}`);
    }
  });
});
