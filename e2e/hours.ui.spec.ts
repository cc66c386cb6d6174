import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Location 2 is Demo Taproom Harbor (Europe/Amsterdam). Each test puts the week back as it found it.
type ApiHour = { id: number; day: string; always_open: boolean; closed: boolean; open_at: string | null; close_at: string | null };

async function readWeek(page: Page): Promise<ApiHour[]> {
  const response = await api(page).get("/api/v1/locations/2/hours");
  expect(response.status()).toBe(200);
  return (await response.json()).hours;
}

async function restoreWeek(page: Page, week: ApiHour[]) {
  const hours = week.map(({ id, always_open, closed, open_at, close_at }) => ({ id, always_open, closed, open_at, close_at }));
  expect((await api(page).send("PATCH", "/api/v1/locations/2/hours", { hours })).status()).toBe(200);
}

const row = (page: Page, day: string) => page.getByRole("listitem").filter({ has: page.getByRole("combobox", { name: day, exact: true }) });
const byDay = (week: ApiHour[], day: string) => week.find((hour) => hour.day === day);

test("change a day to an overnight close, close a day and open it again, saved as batches", async ({ page }) => {
  const before = await readWeek(page);
  try {
    await page.goto("/locations/2/hours");
    await expect(page.getByText(/^(Open|Closed) now — /)).toBeVisible();
    await expect(page.getByText(/Venue time: .* CES?T \(Europe\/Amsterdam\)/)).toBeVisible();

    // Tuesday 17:00 until 01:30 the next morning; Wednesday closed: one save
    await page.getByRole("combobox", { name: "Tuesday", exact: true }).selectOption("open");
    await page.getByLabel("Tuesday opens").fill("17:00");
    await page.getByLabel("Tuesday closes").fill("01:30");
    await expect(row(page, "Tuesday")).toContainText("closes next day");
    await page.getByRole("combobox", { name: "Wednesday", exact: true }).selectOption("closed");
    await expect(row(page, "Wednesday")).toContainText("Closed all day");
    await expect(page.getByText("Unsaved changes on 2 days")).toBeVisible();

    const batches: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/locations/2/hours") && request.method() !== "GET") batches.push(request.method());
    });
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(page.getByText("No unsaved changes")).toBeVisible();
    expect(batches).toEqual(["PATCH"]);

    await page.reload();
    await expect(page.getByLabel("Tuesday opens")).toHaveValue("17:00");
    await expect(page.getByLabel("Tuesday closes")).toHaveValue("01:30");
    await expect(row(page, "Tuesday")).toContainText("closes next day");
    await expect(page.getByRole("combobox", { name: "Wednesday", exact: true })).toHaveValue("closed");
    const saved = await readWeek(page);
    expect(byDay(saved, "tuesday")).toMatchObject({
      closed: false,
      always_open: false,
      open_at: "2000-01-01T17:00:00.000Z",
      close_at: "2000-01-01T01:30:00.000Z",
    });
    expect(byDay(saved, "wednesday")).toMatchObject({ closed: true, always_open: false });
    // Days not edited are not sent, so they keep their rows untouched.
    expect(byDay(saved, "friday")).toEqual(byDay(before, "friday"));

    // Wednesday open again, 15:00–23:00
    await page.getByRole("combobox", { name: "Wednesday", exact: true }).selectOption("open");
    await page.getByLabel("Wednesday opens").fill("15:00");
    await page.getByLabel("Wednesday closes").fill("23:00");
    await expect(row(page, "Wednesday")).not.toContainText("closes next day");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(page.getByText("No unsaved changes")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Wednesday", exact: true })).toHaveValue("open");
    await expect(page.getByLabel("Wednesday opens")).toHaveValue("15:00");
    expect(byDay(await readWeek(page), "wednesday")).toMatchObject({
      closed: false,
      open_at: "2000-01-01T15:00:00.000Z",
      close_at: "2000-01-01T23:00:00.000Z",
    });
  } finally {
    await restoreWeek(page, before);
  }
});

test("bad times are stopped in the form and Reset discards edits", async ({ page }) => {
  const before = await readWeek(page);
  try {
    await page.goto("/locations/2/hours");
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/locations/2/hours") && request.method() !== "GET") writes.push(request.method());
    });

    await page.getByRole("combobox", { name: "Thursday", exact: true }).selectOption("open");
    await page.getByLabel("Thursday opens").fill("18:00");
    await page.getByLabel("Thursday closes").fill("18:00");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(row(page, "Thursday")).toContainText("Closing time equals the opening time; choose Open 24 hours instead");
    await page.getByLabel("Thursday closes").fill("");
    await page.getByRole("button", { name: "Save hours" }).click();
    await expect(row(page, "Thursday")).toContainText("Closing time is required");
    expect(writes).toEqual([]);

    // Open 24 hours needs no times; Reset puts the saved week back and nothing was sent
    await page.getByRole("combobox", { name: "Thursday", exact: true }).selectOption("always_open");
    await expect(row(page, "Thursday")).not.toContainText("Closing time is required");
    await page.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText("No unsaved changes")).toBeVisible();
    const thursday = byDay(before, "thursday")!;
    await expect(page.getByRole("combobox", { name: "Thursday", exact: true })).toHaveValue(
      thursday.always_open ? "always_open" : thursday.closed ? "closed" : "open",
    );
    expect(writes).toEqual([]);
    expect(await readWeek(page)).toEqual(before);
  } finally {
    await restoreWeek(page, before);
  }
});

test("unsaved hours are not dropped by a click on another tab, and copying Monday over four days can be undone", async ({ page }) => {
  const before = await readWeek(page);
  try {
    await page.goto("/locations/2/hours");
    const monday = page.getByRole("combobox", { name: "Monday", exact: true });
    const tuesday = page.getByRole("combobox", { name: "Tuesday", exact: true });
    const tuesdayWas = await tuesday.inputValue();
    // A change on Monday, whatever the demo week says: closed, or open all day if it is closed.
    const mondayNow = (await monday.inputValue()) === "closed" ? "always_open" : "closed";
    await monday.selectOption(mondayNow);
    await expect(page.getByText("Unsaved changes on 1 day")).toBeVisible();

    // Another tab asks first; staying keeps the edit.
    await page.getByRole("navigation").getByRole("link", { name: "Events" }).click();
    const ask = page.getByRole("dialog", { name: "Leave without saving?" });
    await expect(ask).toBeVisible();
    await page.screenshot({ path: "test-results/hours-leave-guard.png" });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/locations\/2\/hours$/);
    await expect(monday).toHaveValue(mondayNow);

    // Copying Monday to Tue–Fri says so and can be undone.
    await page.getByRole("button", { name: "Copy Monday to Tue–Fri" }).click();
    await expect(tuesday).toHaveValue(mondayNow);
    const said = mondayNow === "closed" ? "closed" : "open all day";
    const toast = page.getByTestId("toast").filter({ hasText: `Tuesday to Friday now say ${said}` });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(tuesday).toHaveValue(tuesdayWas);
    await expect(page.getByText("Unsaved changes on 1 day")).toBeVisible();

    // Leaving on purpose leaves, and nothing was saved.
    await page.getByRole("navigation").getByRole("link", { name: "Events" }).click();
    await page.getByRole("dialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(/\/locations\/2\/events$/);
    expect(await readWeek(page)).toEqual(before);
  } finally {
    await restoreWeek(page, before);
  }
});

test("a holiday today: a special date closes the venue for the day, said on the Open now card", async ({ page }) => {
  // The card reads the browser's clock: held at midday in Amsterdam, so last night's hours (open past
  // midnight on some days) have ended whatever the time the suite runs at.
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  await page.clock.setFixedTime(new Date(`${today}T11:00:00Z`));
  await page.goto("/locations/2/hours");
  const special = page.getByRole("region", { name: "Special dates" });
  await expect(special.getByText("No special dates")).toBeVisible();
  try {
    await special.getByRole("button", { name: "Add a date" }).click();
    await special.getByLabel("Date").fill(today);
    await special.getByLabel("Note").fill("Holiday");
    await expect(special.getByText("Unsaved changes to the special dates")).toBeVisible();
    await special.getByRole("button", { name: "Save special dates" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: "Special hours saved (1 date)" })).toBeVisible();
    const card = page.getByRole("region", { name: "Open now" });
    await expect(card).toContainText("Closed now — opens");
    await expect(card).toContainText("Special hours today:");
    await expect(card).toContainText("closed (Holiday)");
    await page.screenshot({ path: "test-results/hours-special-today.png", fullPage: true });
    await special.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/hours-special-dates.png" });
    const saved = await (await api(page).get("/api/v1/locations/2/special_hours")).json();
    expect(saved.special_hours).toEqual([{ date: today, closed: true, open: null, close: null, note: "Holiday" }]);
  } finally {
    expect((await api(page).send("PUT", "/api/v1/locations/2/special_hours", { special_hours: [] })).status()).toBe(200);
  }
});
