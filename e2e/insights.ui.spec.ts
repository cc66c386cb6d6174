import { readFile } from "node:fs/promises";
import { api, expect, test } from "./ui-fixtures";
import type { Page } from "@playwright/test";

// The insights page over the demo data of location 1 (contract §2: months of check-ins, subscriptions
// and menu views). It only reads, so it needs no data of its own.

const LOCATION = 1;
const insight = (path: string) => `/api/v1/locations/${LOCATION}/insights/${path}`;

async function checkinCount(page: Page, days: number): Promise<number> {
  const response = await api(page).get(insight(`checkins_over_time?num_days=${days}`));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { insights: { checkins: { count: number } } }).insights.checkins.count;
}

const formatted = (value: number) => new Intl.NumberFormat("en-US").format(value);
const checkinsCard = (page: Page) => page.getByRole("region", { name: "Check-ins over time" });

test("every chart renders the demo data, with headline numbers", async ({ page }) => {
  await page.goto(`/locations/${LOCATION}/insights`);
  await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
  // 30 days unless the URL says otherwise.
  await expect(page.getByRole("radio", { name: "Last 30 days" })).toBeChecked();

  const count = await checkinCount(page, 30);
  expect(count).toBeGreaterThan(0);
  const card = checkinsCard(page);
  await expect(card.getByText(`${formatted(count)} check-ins in the last 30 days`)).toBeVisible();
  const chart = card.getByRole("img", { name: /^Check-ins per day in the last 30 days/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator("svg").first()).toBeVisible();

  for (const [title, summary] of [
    ["Gender", /^Distinct guests by gender/],
    ["Ages", /^Distinct guests by age/],
    ["Day of the week", /^Distinct guests per weekday/],
    ["New subscribers", /^New subscriptions per day/],
    ["Menu views by source", /^Menu views per day/],
  ] as const) {
    const img = page.getByRole("region", { name: title }).getByRole("img", { name: summary });
    await expect(img, title).toBeVisible();
    await expect(img.locator("svg").first(), title).toBeVisible();
  }

  // The all-time totals match the stats insight.
  const stats = (await (await api(page).get(insight("stats"))).json()) as { insights: { stats: { total_checkins: number } } };
  const totals = page.getByRole("region", { name: "All-time totals" });
  await expect(totals.getByText(formatted(stats.insights.stats.total_checkins), { exact: true })).toBeVisible();

  // Top beers: a ranked table with counts.
  const top = page.getByRole("region", { name: "Top beers here" });
  await expect(top.getByRole("table")).toBeVisible();
  expect(await top.getByRole("table").getByRole("row").count()).toBeGreaterThan(1);
  await expect(page.getByRole("region", { name: "Top beers nearby" })).toBeVisible();

  // Bars carry their values as text: the weekday chart shows each day's count without hovering.
  const weekdays = (await (await api(page).get(insight("checkins_over_time?group_by=daily&num_days=30"))).json()) as {
    insights: { daily_data: { day: string; distinct_users: number }[] };
  };
  const weekdayCard = page.getByRole("region", { name: "Day of the week" });
  const busiest = Math.max(...weekdays.insights.daily_data.map((day) => day.distinct_users));
  await expect(weekdayCard.getByRole("img").getByText(formatted(busiest), { exact: true }).first()).toBeVisible();
  // …and as a table, Monday first.
  await weekdayCard.getByText("Show as table").click();
  const rows = weekdayCard.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(1)).toContainText("Monday");
  await expect(rows.nth(7)).toContainText("Sunday");
});

test("choosing the period changes the numbers and is kept in the URL", async ({ page }) => {
  const [week, quarter] = [await checkinCount(page, 7), await checkinCount(page, 90)];
  expect(quarter).toBeGreaterThan(week);

  await page.goto(`/locations/${LOCATION}/insights?days=7`);
  const card = checkinsCard(page);
  await expect(page.getByRole("radio", { name: "Last 7 days" })).toBeChecked();
  await expect(card.getByText(`${formatted(week)} check-ins in the last 7 days`)).toBeVisible();

  await page.getByRole("radio", { name: "Last 90 days" }).check();
  await expect(page).toHaveURL(/[?&]days=90\b/);
  await expect(card.getByText(`${formatted(quarter)} check-ins in the last 90 days`)).toBeVisible();

  // A reload keeps the period.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Last 90 days" })).toBeChecked();
  await expect(card.getByText(`${formatted(quarter)} check-ins in the last 90 days`)).toBeVisible();

  // The radio group works from the keyboard: the arrow keys move the choice.
  await page.getByRole("radio", { name: "Last 90 days" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("radio", { name: "Last 30 days" })).toBeChecked();
  await expect(page).toHaveURL(/[?&]days=30\b/);

  // Nonsense in the URL falls back to the default.
  await page.goto(`/locations/${LOCATION}/insights?days=12`);
  await expect(page.getByRole("radio", { name: "Last 30 days" })).toBeChecked();
});

test("a period without check-ins shows an empty state, a failed chart offers a retry", async ({ page }) => {
  // The demo data has check-ins on every period of both locations, so the empty answer is simulated:
  // what the API returns for days without check-ins (every day present, all zeros).
  await page.route(/\/insights\/checkins_over_time\?(?=.*group_by=checkins)(?=.*num_days=7)/, (route) =>
    route.fulfill({
      json: {
        insights: {
          checkins: {
            count: 0,
            items: Array.from({ length: 7 }, (_, i) => ({ date: `2026-01-0${i + 1}`, checkins: 0, distinct_users: 0 })),
          },
          previous_period: { start: "2025-12-25T05:00:00.000Z", end: "2026-01-01T05:00:00.000Z", checkins: { count: 0 } },
          time_taken: 0,
        },
      },
    }),
  );
  let failing = true;
  await page.route(/\/insights\/menu_views_over_time\?/, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: "application/problem+json",
          json: { type: "about:blank", title: "Internal Server Error", status: 500, detail: "Something broke.", code: "internal_error" },
        })
      : route.fallback(),
  );

  await page.goto(`/locations/${LOCATION}/insights?days=7`);
  const card = checkinsCard(page);
  await expect(card.getByText("No check-ins in the last 7 days")).toBeVisible();
  await expect(card.getByRole("img")).toHaveCount(0);

  // The failed card says so and retries (after the client's own retries of a 5xx); the others still render.
  const views = page.getByRole("region", { name: "Menu views by source" });
  await expect(views.getByRole("alert")).toContainText("could not be loaded", { timeout: 15_000 });
  await expect(page.getByRole("region", { name: "Gender" }).getByRole("img", { name: /^Distinct guests by gender/ })).toBeVisible();
  failing = false;
  await views.getByRole("button", { name: "Try again" }).click();
  await expect(views.getByRole("img", { name: /^Menu views per day/ })).toBeVisible();
});

test("while another period loads, its headline never shows the last period's figure under the new words", async ({ page }) => {
  const week = await checkinCount(page, 7);
  await page.goto(`/locations/${LOCATION}/insights?days=7`);
  const card = checkinsCard(page);
  await expect(card.getByText(`${formatted(week)} check-ins in the last 7 days`)).toBeVisible();
  // The 90-day answer is held back until the page has been looked at.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/insights\/checkins_over_time\?(?=.*group_by=checkins)(?=.*num_days=90)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("radio", { name: "Last 90 days" }).check();
  await expect(card).toHaveAttribute("aria-busy", "true");
  await expect(card.getByText(/check-ins in the last/)).toHaveCount(0);
  release();
  const quarter = await checkinCount(page, 90);
  await expect(card.getByText(`${formatted(quarter)} check-ins in the last 90 days`)).toBeVisible();
});

test("past 60 days the charts count weeks, not 180 noisy days", async ({ page }) => {
  await page.goto(`/locations/${LOCATION}/insights?days=180`);
  const card = checkinsCard(page);
  const chart = card.getByRole("img", { name: /^Check-ins per week in the last 180 days/ });
  await expect(chart).toBeVisible();
  // 180 days are 26 weeks (the oldest a short one): one dot per week.
  await expect(chart.locator(".recharts-area-dots circle, .recharts-dot")).toHaveCount(26);
  await expect(page.getByRole("region", { name: "Menu views by source" }).getByRole("img", { name: /^Menu views per week/ })).toBeVisible();
  await card.screenshot({ path: "test-results/insights-180-weekly.png" });
});

/** What a card says beside its figure, worked out from the server's two figures. */
function changeText(now: number, before: number, days: number): RegExp {
  const previous = days === 1 ? "yesterday by this time" : `the previous ${days} days`;
  if (before === 0) return new RegExp(now === 0 ? `— none (in )?${previous} either` : `New none (in )?${previous}`);
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return new RegExp(`= the same as ${previous} \\(${formatted(before)}\\)`);
  return new RegExp(`${percent > 0 ? "▲" : "▼"} ${Math.abs(percent)}% on ${previous} \\(${formatted(before)}\\)`);
}

const json = async <T>(page: Page, path: string) => {
  const response = await api(page).get(insight(path));
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
};

test("each figure has the previous period beside it, as the server counted it", async ({ page }) => {
  type Previous<T> = { previous_period: { start: string; end: string } & T };
  const [checkins, gender, ages, subscribes, views] = await Promise.all([
    json<{ insights: { checkins: { count: number } } & Previous<{ checkins: { count: number } }> }>(page, "checkins_over_time?num_days=30"),
    json<{ insights: { user_gender: { count: number }[] } & Previous<{ user_gender: { count: number }[] }> }>(
      page,
      "checkins_over_time?group_by=gender&num_days=30",
    ),
    json<{ insights: { user_ages: { total: number } } & Previous<{ user_ages: { total: number } }> }>(
      page,
      "checkins_over_time?group_by=ages&num_days=30",
    ),
    json<{ insights: { subscribes: { all: { count: number }[] } } & Previous<{ subscribes: { all: number } }> }>(
      page,
      "subscribes_over_time?num_days=30",
    ),
    json<{ total_menu_views: number } & Previous<{ total_menu_views: number }>>(page, "menu_views_over_time?num_days=30"),
  ]);
  const sum = (counts: { count: number }[]) => counts.reduce((total, entry) => total + entry.count, 0);
  const expected: [string, number, number][] = [
    ["Check-ins over time", checkins.insights.checkins.count, checkins.insights.previous_period.checkins.count],
    ["Gender", sum(gender.insights.user_gender), sum(gender.insights.previous_period.user_gender)],
    ["Ages", ages.insights.user_ages.total, ages.insights.previous_period.user_ages.total],
    ["New subscribers", sum(subscribes.insights.subscribes.all), subscribes.insights.previous_period.subscribes.all],
    ["Menu views by source", views.total_menu_views, views.previous_period.total_menu_views],
  ];
  await page.goto(`/locations/${LOCATION}/insights?days=30`);
  for (const [title, now, before] of expected) {
    const card = page.getByRole("region", { name: title });
    await expect(card.getByTestId("change"), title).toHaveText(changeText(now, before, 30));
  }
  // A figure that is a name (the busiest weekday) or a ranking has no change beside it.
  await expect(page.getByRole("region", { name: "Day of the week" }).getByTestId("change")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Top beers here" }).getByTestId("change")).toHaveCount(0);
  await checkinsCard(page).screenshot({ path: "test-results/insights-previous-period.png" });
});

test("today is drawn by the hour on the venue's clock, with no busiest weekday", async ({ page }) => {
  // The demo's check-ins are random, so today's may be none yet: the hours are the server's answer
  // for a fixed morning (the server's side is test/insights/insights-periods.test.ts).
  const hours = Array.from({ length: 10 }, (_, hour) => ({
    start: new Date(Date.UTC(2026, 10, 2, 5 + hour)).toISOString(), // New York's 00:00 … 09:00 EST
    checkins: [1, 0, 0, 0, 0, 0, 0, 0, 2, 0][hour]!,
    distinct_users: [1, 0, 0, 0, 0, 0, 0, 0, 1, 0][hour]!,
  }));
  await page.route(/\/insights\/checkins_over_time\?(?=.*group_by=checkins)(?=.*num_days=1\b)/, (route) =>
    route.fulfill({
      json: {
        insights: {
          checkins: { count: 3, items: [{ date: "2026-11-02", checkins: 3, distinct_users: 2 }] },
          checkins_by_hour: hours,
          previous_period: { start: "2026-11-01T04:00:00.000Z", end: "2026-11-01T14:00:00.000Z", checkins: { count: 2 } },
          time_taken: 0,
        },
      },
    }),
  );
  await page.goto(`/locations/${LOCATION}/insights?days=1`);
  await expect(page.getByRole("radio", { name: "Today" })).toBeChecked();
  const card = checkinsCard(page);
  await expect(card.getByText("3 check-ins today")).toBeVisible();
  await expect(card.getByTestId("change")).toHaveText(changeText(3, 2, 1));
  // In the New York venue's 12-hour clock, as every time on its pages (decision 062).
  await expect(card).toContainText("Busiest hour so far: 8:00 AM (2 check-ins)");
  const chart = card.getByRole("img", { name: /^Check-ins per hour today/ });
  await expect(chart).toBeVisible();
  // One point per hour, not one dot for the day.
  await expect(chart.locator(".recharts-area-dots circle, .recharts-dot")).toHaveCount(10);
  await expect(chart.getByText("12:00 AM", { exact: true })).toBeVisible();
  await card.getByText("Show as table").click();
  await expect(card.getByRole("table").getByRole("row")).toHaveCount(11);
  await expect(card.getByRole("table").getByRole("row").nth(9)).toContainText("8:00 AM");
  // One day has no weekday rhythm: no "Wednesday is the busiest day".
  await expect(page.getByRole("region", { name: "Day of the week" })).toHaveCount(0);
  await expect(page.getByText(/is the busiest day/)).toHaveCount(0);

  // The real answers for today: the other cards' figures with yesterday by this time beside them.
  const views = await json<{ total_menu_views: number; previous_period: { total_menu_views: number } }>(
    page,
    "menu_views_over_time?num_days=1",
  );
  await expect(page.getByRole("region", { name: "Menu views by source" }).getByTestId("change")).toHaveText(
    changeText(views.total_menu_views, views.previous_period.total_menu_views, 1),
  );
});

// Screenshots of the page go to $INSIGHTS_SHOTS (default test-results/insights).
const SHOTS = process.env.INSIGHTS_SHOTS ?? "test-results/insights";

test("screenshots: today and 30 days, desk and phone", async ({ page }) => {
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const days of [1, 30]) {
      await page.goto(`/locations/${LOCATION}/insights?days=${days}`);
      await expect(checkinsCard(page).getByTestId("change")).toBeVisible();
      await expect(page.getByRole("region", { name: "Menu views by source" }).getByTestId("change")).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/insights-${days === 1 ? "today" : "30-days"}-${width}.png`, fullPage: true });
    }
  }
});

test("what the pours earned: by day and by tap, to the cent, with the CSV; desk and phone", async ({ page }) => {
  // A location of its own, so no other spec's pours are in its report: one beer on one tap, a keg that
  // cost $120.00 for 30 L, four pints poured today.
  const send = async <T>(path: string, data: unknown) => {
    const response = await api(page).send("POST", path, data);
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const { location } = await send<{ location: { id: number } }>("/api/v1/locations", {
    location: { name: `Pour House ${Date.now()}`, time_zone: "America/New_York", currency: "USD", country: "US" },
  });
  const { menu } = await send<{ menu: { id: number } }>(`/api/v1/locations/${location.id}/menus`, { menu: { name: "Draft" } });
  const { section } = await send<{ section: { id: number } }>(`/api/v1/menus/${menu.id}/sections`, { section: { name: "On tap" } });
  const { item } = await send<{ item: { id: number } }>(`/api/v1/sections/${section.id}/items`, { item: { name: "Earnings Pils" } });
  const sizes = (await (await api(page).get("/api/v1/container_sizes")).json()).container_sizes as { id: number; name: string }[];
  const pint = sizes.find((size) => size.name === "16oz Draft") ?? sizes[0]!;
  const { container } = await send<{ container: { id: number } }>(`/api/v1/items/${item.id}/containers`, {
    container: { container_size_id: pint.id, price: "7.00" },
  });
  const { tap } = await send<{ tap: { id: number } }>(`/api/v1/locations/${location.id}/taps`, {
    tap: { number: 1, item_id: item.id, container_id: container.id },
  });
  await send(`/api/v1/taps/${tap.id}/kegs`, { keg: { size_ml: 30_000, cost: "120.00" } });
  for (const at of [1, 2, 3, 4])
    await send(`/api/v1/taps/${tap.id}/pours`, { pour: { volume: 500, unit: "ml", idempotency_key: `earn-${at}` } });

  const report = async (group: string) => {
    const response = await api(page).get(`/api/v1/locations/${location.id}/pour_report?group=${group}`);
    expect(response.status()).toBe(200);
    return (await response.json()) as { rows: { label: string; pours: number; sales: string; cost: string; margin: string }[] };
  };
  const [today] = (await report("day")).rows;
  // 2 L of a 30 L keg that cost $120.00 is $8.00.
  expect(today).toMatchObject({ pours: 4, cost: "8.00" });

  await page.goto(`/locations/${location.id}/insights?days=7`);
  const card = page.getByRole("region", { name: "What the pours earned" });
  const row = card.getByRole("row").nth(1);
  await expect(row).toContainText("4");
  await expect(row).toContainText("2 L");
  await expect(row).toContainText("$8.00");
  await expect(row).toContainText(`$${Number(today!.sales).toFixed(2)}`);
  await expect(row).toContainText(`$${Number(today!.margin).toFixed(2)}`);

  await card.getByLabel("By").selectOption("tap");
  await expect(card.getByRole("columnheader", { name: "Tap" })).toBeVisible();
  await expect(card.getByRole("rowheader", { name: "Tap 1" })).toBeVisible();
  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^pour-report-tap-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await file.path(), "utf8");
  expect(csv.split(/\r?\n/)[1]).toMatch(/^Tap 1,4,2000,/);

  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/insights-pour-report-${width}.png` });
  }
  // Nothing of it is left for another spec to find.
  expect((await api(page).send("DELETE", `/api/v1/locations/${location.id}`)).status()).toBeLessThan(300);
});
