import { DateTime } from "luxon";
import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Location 1 is Demo Taproom Downtown (America/New_York, a 12-hour venue). Every test makes its own events.
const ZONE = "America/New_York";
type ApiEvent = { id: number; name: string; start_time_in_zone: string; end_time_in_zone: string | null };

async function listEvents(page: Page): Promise<ApiEvent[]> {
  const response = await api(page).get("/api/v1/locations/1/events");
  expect(response.status()).toBe(200);
  return (await response.json()).events;
}

/** A venue-local date some weeks ahead, as the date input takes it. */
const futureDay = (days: number) => DateTime.now().setZone(ZONE).plus({ days }).toFormat("yyyy-MM-dd");

/** Counts the writes the page sends to the events API, to prove a refused form sent nothing. */
function countEventWrites(page: Page) {
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() !== "GET" && /\/api\/v1\/(events|locations\/\d+\/events)/.test(request.url())) writes.push(request.method());
  });
  return writes;
}

test("create, edit, refuse a bad pair and delete an event, with times in the venue's zone", async ({ page }) => {
  const name = `Cask ale social ${Date.now()}`;
  const day = futureDay(45);
  await page.goto("/locations/1/events");

  // Create
  await page.getByRole("button", { name: "Add event" }).first().click();
  const create = page.getByRole("dialog", { name: "Add event" });
  await expect(create.getByText("Times are in")).toContainText(`(${ZONE})`);
  await create.getByLabel("Name", { exact: true }).fill(name);
  await create.getByLabel("Description").fill("Three casks on the bar, made by the events spec.");
  await create.getByLabel("Start date").fill(day);
  await create.getByLabel("Start time").fill("19:00");
  await create.getByLabel("End date").fill(day);
  await create.getByLabel("End time").fill("22:00");
  await create.getByLabel("City").fill("New York");
  await create.getByRole("button", { name: "Add event" }).click();
  await expect(create).toBeHidden();

  const card = page.getByRole("article", { name });
  await expect(card).toContainText(/7:00 PM–10:00 PM E[SD]T/);
  await expect(card).toContainText(`(${ZONE})`);
  await expect(card).toContainText("New York");

  // Edit: move it an hour later
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Edit “${name}”` });
  await expect(edit.getByLabel("Start time")).toHaveValue("7:00 PM");
  await edit.getByLabel("Start time").fill("20:00");
  await edit.getByLabel("End time").fill("23:30");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText(/8:00 PM–11:30 PM E[SD]T/);

  await page.reload();
  await expect(page.getByRole("article", { name })).toContainText(/8:00 PM–11:30 PM E[SD]T/);
  const saved = (await listEvents(page)).find((event) => event.name === name);
  expect(saved?.start_time_in_zone).toMatch(new RegExp(`^${day}T20:00:00\\.000-0[45]:00$`));
  expect(saved?.end_time_in_zone).toMatch(new RegExp(`^${day}T23:30:00\\.000-0[45]:00$`));

  // Pair rules, checked in the form with the API's schema: nothing is sent
  const writes = countEventWrites(page);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const refused = page.getByRole("dialog", { name: `Edit “${name}”` });
  await refused.getByLabel("End date").fill(futureDay(44));
  await refused.getByRole("button", { name: "Save changes" }).click();
  await expect(refused.getByText("End date must not be before the start")).toBeVisible();
  await expect(refused.getByLabel("End date")).toHaveAttribute("aria-invalid", "true");
  await refused.getByLabel("End date").fill(day);
  await refused.getByLabel("End time").fill("");
  await refused.getByRole("button", { name: "Save changes" }).click();
  await expect(refused.getByText("End date needs an end time as well (or leave both empty)")).toBeVisible();
  await refused.getByRole("button", { name: "Cancel" }).click();
  await expect(refused).toBeHidden();
  expect(writes).toEqual([]);
  const unchanged = (await listEvents(page)).find((event) => event.name === name);
  expect(unchanged).toEqual(saved);

  // Delete, after confirming
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this event?" });
  await expect(confirm).toContainText(name);
  await confirm.getByRole("button", { name: "Delete event" }).click();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
  await expect(page.getByText(`Deleted “${name}”.`)).toBeVisible();
  await expect.poll(async () => (await listEvents(page)).some((event) => event.name === name)).toBe(false);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Events", level: 1 })).toBeVisible();
  await expect(page.getByRole("article", { name })).toHaveCount(0);
});

test("a time the clocks skip is refused on its field, and past events have their own list", async ({ page }) => {
  const name = `Spring-forward quiz ${Date.now()}`;
  // The second Sunday of next March: New York's clocks jump from 02:00 to 03:00.
  const march = DateTime.fromObject({ year: DateTime.now().year + 1, month: 3, day: 1 }, { zone: ZONE });
  const springForward = march.plus({ days: ((7 - march.weekday) % 7) + 7 }).toFormat("yyyy-MM-dd");
  await page.goto("/locations/1/events");

  await page.getByRole("button", { name: "Add event" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add event" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Start date").fill(springForward);
  await dialog.getByLabel("Start time").fill("02:30");
  await dialog.getByRole("button", { name: "Add event" }).click();
  await expect(dialog.getByText(`${springForward} 02:30 does not exist in ${ZONE}`)).toBeVisible();
  await expect(dialog.getByLabel("Start time")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  expect((await listEvents(page)).some((event) => event.name === name)).toBe(false);

  // A finished event shows under Past, most recent first, with its zone
  const pastName = `Last month's tasting ${Date.now()}`;
  const past = DateTime.now().setZone(ZONE).minus({ days: 20 }).toFormat("yyyy-MM-dd");
  const created = await api(page).send("POST", "/api/v1/locations/1/events", {
    event: { name: pastName, description: "", start_time_date: past, start_time_time: "18:00" },
  });
  expect(created.status()).toBe(201);
  const { event } = await created.json();
  try {
    await page.reload();
    await expect(page.getByRole("article", { name: pastName })).toHaveCount(0);
    await page.getByRole("button", { name: /^Past/ }).click();
    await expect(page.getByRole("button", { name: /^Past/ })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("article", { name: pastName })).toContainText(/6:00 PM E[SD]T \(America\/New_York\)/);
  } finally {
    await api(page).send("DELETE", `/api/v1/events/${event.id}`);
  }
});

test("an event from 21:00 to 02:00 ends the next day by itself, and a new event starts at the venue's address", async ({ page }) => {
  const name = `Late session ${Date.now()}`;
  const day = futureDay(50);
  const next = DateTime.fromISO(day).plus({ days: 1 }).toFormat("yyyy-MM-dd");
  const venue = (await (await api(page).get("/api/v1/locations/1")).json()).location as {
    name: string;
    address1: string | null;
    city: string | null;
    postcode: string | null;
  };
  await page.goto("/locations/1/events");
  await page.getByRole("button", { name: "Add event" }).first().click();
  const create = page.getByRole("dialog", { name: "Add event" });
  // The venue's own address is there already.
  await expect(create.getByLabel("Place")).toHaveValue(venue.name);
  await expect(create.getByLabel("Street")).toHaveValue(venue.address1 ?? "");
  await expect(create.getByLabel("City")).toHaveValue(venue.city ?? "");
  await expect(create.getByLabel("Postcode")).toHaveValue(venue.postcode ?? "");

  await create.getByLabel("Name", { exact: true }).fill(name);
  await create.getByLabel("Start date").fill(day);
  await create.getByLabel("Start time").fill("21:00");
  await create.getByLabel("End time").fill("02:00");
  await expect(create.getByLabel("End date")).toHaveValue(next);
  await expect(create.getByText("the next day (+1 day)")).toBeVisible();
  await page.screenshot({ path: "test-results/event-across-midnight.png" });
  await create.getByRole("button", { name: "Add event" }).click();
  await expect(create).toBeHidden();

  const saved = (await listEvents(page)).find((event) => event.name === name);
  expect(saved?.start_time_in_zone).toMatch(new RegExp(`^${day}T21:00:00\\.000-0[45]:00$`));
  expect(saved?.end_time_in_zone).toMatch(new RegExp(`^${next}T02:00:00\\.000-0[45]:00$`));
  await expect(page.getByRole("article", { name })).toContainText(/9:00 PM – \w{3} \d+ \w{3}( \d{4})?, 2:00 AM E[SD]T/);
  await expect(page.getByRole("article", { name })).toContainText(venue.name);
});
