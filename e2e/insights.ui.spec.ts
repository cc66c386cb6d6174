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

test("the check-ins figure has the previous period beside it", async ({ page }) => {
  const response = await api(page).get(insight("checkins_over_time?num_days=90"));
  const quarter = (await response.json()) as { insights: { checkins: { items: { checkins: number }[] } } };
  const items = quarter.insights.checkins.items;
  const before = items.slice(items.length - 60, items.length - 30).reduce((sum, item) => sum + item.checkins, 0);
  await page.goto(`/locations/${LOCATION}/insights?days=30`);
  const card = checkinsCard(page);
  await expect(card.getByText(/check-ins in the last 30 days/)).toBeVisible();
  await card.screenshot({ path: "test-results/insights-previous-period.png" });
  await expect(card).toContainText(
    before === 0
      ? /None in the previous 30 days|The same as the previous 30 days/
      : new RegExp(`(on|The same as) the previous 30 days \\(${formatted(before)}\\)`),
  );
});
