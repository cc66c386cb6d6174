import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// The board fleet (venue-operations §10) in Chromium against the built server: a TV (its own browser
// context, no session, 1920×1080) opens /board and shows a code; the manager pairs it by that code on
// the Boards page; the TV shows the menu by itself, follows a change of menu made in the dashboard,
// flashes its name on "Identify", survives a reload with no network (its last menu, "As of HH:MM"), takes
// a change once the network is back, and shows a new code once unpaired. Screenshots of the pairing
// screen at 1920×1080 and the Boards page at 1280 and 375 px go to $BOARDS_SHOTS (default /tmp/boards-shots).

test.setTimeout(300_000);
// Waits for readiness on a loaded machine, not speed assertions.
const READY = { timeout: 30_000 };
const SHOTS = process.env.BOARDS_SHOTS ?? "/tmp/boards-shots";
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function send<T>(page: Page, method: "POST" | "PATCH" | "PUT", path: string, data?: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A published menu with one beer at one price: its id, the beer's name and its container's id. */
async function menuWith(page: Page, locationId: number, menuName: string, beer: string) {
  const { container_sizes } = (await (await api(page).get("/api/v1/container_sizes")).json()) as { container_sizes: { id: number }[] };
  const { menu } = await send<{ menu: { id: number } }>(page, "POST", `/api/v1/locations/${locationId}/menus`, {
    menu: { name: menuName },
  });
  const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
    section: { name: "Draft" },
  });
  const { item } = await send<{ item: { id: number } }>(page, "POST", `/api/v1/sections/${section.id}/items`, {
    item: { name: beer, style: "Lager", abv: "5.0", brewery: "Harbor Brewing" },
  });
  const { container } = await send<{ container: { id: number } }>(page, "POST", `/api/v1/items/${item.id}/containers`, {
    container: { container_size_id: container_sizes[0]!.id, price: "6.00" },
  });
  await send(page, "POST", `/api/v1/menus/${menu.id}/publish`);
  return { id: menu.id, name: menuName, beer, itemId: item.id, containerId: container.id };
}

test("pairs a TV by its code, moves it to another menu from the dashboard, keeps it through a reload with no network, unpairs it", async ({
  page,
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto("/dashboard");
  const { locations } = (await (await api(page).get("/api/v1/locations")).json()) as { locations: { id: number; name: string }[] };
  const location = locations[0]!;
  const tag = suffix();
  const first = await menuWith(page, location.id, `Taps ${tag}`, `Pilsner ${tag}`);
  const second = await menuWith(page, location.id, `Cellar ${tag}`, `Stout ${tag}`);
  const name = `Bar TV ${tag}`;

  // The TV: its own browser, no session.
  const tvContext = await browser.newContext({ storageState: undefined, viewport: { width: 1920, height: 1080 } });
  try {
    const tv = await tvContext.newPage();
    await tv.goto("/board");
    const codeShown = tv.getByTestId("pairing-code");
    await expect(codeShown).toHaveText(/^[2-9A-HJKMNP-Z]{8}$/, READY);
    await expect(tv.getByText("Enter this code in")).toBeVisible();
    await tv.screenshot({ path: `${SHOTS}/pairing-1920.png` });
    const code = (await codeShown.textContent())!.trim();

    // The manager pairs it on the Boards page.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/locations/${location.id}/boards`);
    await expect(page.getByRole("heading", { name: "Boards", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Pair a board" }).click();
    const pairDialog = page.getByRole("dialog", { name: "Pair a board" });
    // A wrong code is refused on its field, and nothing is paired.
    const wrong = code === "22222222" ? "33333333" : "22222222";
    await pairDialog.getByLabel("Code").fill(wrong);
    await pairDialog.getByLabel("Name").fill(name);
    await pairDialog.getByLabel("Menu").selectOption({ label: first.name });
    await pairDialog.getByRole("button", { name: "Pair board" }).click();
    await expect(pairDialog.getByText(/No screen shows this code/)).toBeVisible(READY);
    await pairDialog.getByLabel("Code").fill(code);
    await pairDialog.getByRole("button", { name: "Pair board" }).click();
    await expect(pairDialog).toBeHidden(READY);
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible(READY);
    await expect(card.getByText(first.name)).toBeVisible();
    // Its language: none of its own, so the location's default (decision 100).
    await expect(card.getByText("The location's default: English (en)")).toBeVisible();

    // The TV shows the menu by itself, with no typing.
    await expect(tv.getByText(first.beer)).toBeVisible(READY);
    await expect(card.getByText("Online")).toBeVisible(READY);
    await expect(card.getByText(/^Showing v\d+ of \d+$/)).toBeVisible(READY);

    // Identify: the TV shows its name.
    await card.getByRole("button", { name: `Identify ${name}` }).click();
    await expect(tv.getByRole("alert").filter({ hasText: name })).toHaveText(name, READY);

    // Another menu, chosen in the dashboard: the TV follows without a reload.
    await tv.evaluate(() => {
      (window as unknown as { boardMarker: string }).boardMarker = "same page";
    });
    await card.getByRole("button", { name: `Change ${name}` }).click();
    const changeDialog = page.getByRole("dialog", { name: `Change ${name}` });
    await changeDialog.getByLabel("Menu").selectOption({ label: second.name });
    const sent = Date.now();
    await changeDialog.getByRole("button", { name: "Save" }).click();
    await expect(tv.getByText(second.beer)).toBeVisible(READY);
    const latency = `${Date.now() - sent} ms from Save to the TV showing the other menu`;
    test.info().annotations.push({ type: "board follow", description: latency });
    process.stdout.write(`board follow: ${latency}\n`);
    await expect(tv.getByText(first.beer)).toHaveCount(0);
    expect(await tv.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("same page");
    await expect(card.getByText(second.name)).toBeVisible(READY);

    // The Boards page at 1280 and at a phone's 375.
    await page.screenshot({ path: `${SHOTS}/boards-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(card).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/boards-375.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // No network, and the TV restarts: its last menu, "As of HH:MM".
    await tvContext.setOffline(true);
    await tv.reload();
    await expect(tv.getByText(second.beer)).toBeVisible(READY);
    await expect(tv.getByRole("status")).toContainText(/As of \d{1,2}:\d{2}/, READY);
    await tv.screenshot({ path: `${SHOTS}/offline-1920.png` });

    // The network is back; a change made then arrives.
    await tvContext.setOffline(false);
    await send(page, "PATCH", `/api/v1/containers/${second.containerId}`, { container: { price: "8.25" } });
    await expect(tv.getByText(/8\.25/)).toBeVisible(READY);

    // Unpaired: the TV shows a new code.
    await card.getByRole("button", { name: `Unpair ${name}` }).click();
    const confirm = page.getByRole("dialog", { name: `Unpair ${name}?` });
    await confirm.getByRole("button", { name: "Unpair" }).click();
    await expect(card).toBeHidden(READY);
    await expect(tv.getByTestId("pairing-code")).toHaveText(/^[2-9A-HJKMNP-Z]{8}$/, READY);
    expect((await tv.getByTestId("pairing-code").textContent())!.trim()).not.toBe(code);
  } finally {
    await tvContext.close();
  }
});

test("a board dark in opening hours puts a banner on the dashboard that leads to the Boards page", async ({ page }) => {
  await page.goto("/dashboard");
  const { locations } = (await (await api(page).get("/api/v1/locations")).json()) as { locations: { id: number }[] };
  const location = locations[0]!;
  // The banner reads the same list the page does; here it is answered as the API would with a board dark
  // (the whole list: whatever boards the location really has are not shown).
  await page.route(`**/api/v1/locations/${location.id}/boards`, async (route) => {
    const now = new Date().toISOString();
    await route.fulfill({
      json: {
        boards: [
          {
            id: 1,
            location_id: location.id,
            name: "Patio TV",
            menu_id: null,
            menu_name: null,
            theme: "dark",
            last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString(),
            version_shown: 3,
            menu_version: 3,
            status: "offline",
            created_at: now,
          },
        ],
      },
    });
  });
  await page.goto(`/locations/${location.id}/events`);
  const banner = page.getByRole("status").filter({ hasText: "A board is dark" });
  await expect(banner).toContainText("Patio TV", READY);
  await banner.getByRole("link", { name: "Open Boards" }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/${location.id}/boards$`));
  await expect(page.getByRole("heading", { name: "Boards", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "A board is dark" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Patio TV" }).getByText("Offline", { exact: true })).toBeVisible();
});
