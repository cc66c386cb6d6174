import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Taps and kegs (venue-operations §8) in Chromium against the built server: pours posted through the API
// until the keg kicks; a TV board already open shows the on-deck beer in the kicked beer's place without
// a reload; the Taps page at 1280 and 375 px, a tap left empty (nothing on deck) said so.
// Screenshots go to $TAPS_SHOTS (default /tmp/taps-shots).

test.setTimeout(240_000);
// Waits for readiness on a loaded machine, not speed assertions.
const READY = { timeout: 30_000 };
const SHOTS = process.env.TAPS_SHOTS ?? "/tmp/taps-shots";
/** The broker the e2e servers subscribe to (playwright.config.ts). */
const MQTT = process.env.MQTT_TEST_URL ?? "mqtt://127.0.0.1:1883";
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function send<T>(page: Page, method: "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type Item = { id: number; name: string };

/** A published menu: a Draft section of four (the second on the tap, the fourth on a tap with nothing on deck) and one beer on the menu's On Deck. */
async function tapMenu(page: Page, locationId: number) {
  const tag = suffix();
  const { container_sizes } = (await (await api(page).get("/api/v1/container_sizes")).json()) as { container_sizes: { id: number }[] };
  const { menu } = await send<{ menu: { id: number } }>(page, "POST", `/api/v1/locations/${locationId}/menus`, {
    menu: { name: `Taps ${tag}` },
  });
  const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
    section: { name: "Draft" },
  });
  const tree = (await (await api(page).get(`/api/v1/menus/${menu.id}?full=true`)).json()) as { menu: { on_deck_section: { id: number } } };
  const add = async (sectionId: number, name: string): Promise<Item> => {
    const { item } = await send<{ item: { id: number } }>(page, "POST", `/api/v1/sections/${sectionId}/items`, {
      item: { name, style: "IPA", abv: "6.5", brewery: "Harbor Brewing" },
    });
    await send(page, "POST", `/api/v1/items/${item.id}/containers`, {
      container: { container_size_id: container_sizes[0]!.id, price: "7.00" },
    });
    return { id: item.id, name };
  };
  const first = await add(section.id, `Pilsner ${tag}`);
  const pouring = await add(section.id, `Haze ${tag}`);
  const last = await add(section.id, `Stout ${tag}`);
  const cider = await add(section.id, `Cider ${tag}`);
  const next = await add(tree.menu.on_deck_section.id, `Next IPA ${tag}`);
  await send(page, "POST", `/api/v1/menus/${menu.id}/publish`);
  return { menuId: menu.id, first, pouring, last, cider, next };
}

test("pours until the keg kicks: the open board shows the on-deck beer in its place; the Taps page at 1280 and 375 px", async ({
  page,
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto("/dashboard");
  const { locations } = (await (await api(page).get("/api/v1/locations")).json()) as { locations: { id: number }[] };
  const locationId = locations[0]!.id;
  const built = await tapMenu(page, locationId);
  const number = 100 + Math.floor(Math.random() * 800);
  const { tap } = await send<{ tap: { id: number } }>(page, "POST", `/api/v1/locations/${locationId}/taps`, {
    tap: { number, name: "Left bar", item_id: built.pouring.id, on_deck: [built.next.id] },
  });
  await send(page, "POST", `/api/v1/taps/${tap.id}/kegs`, { size_ml: 1000 });
  // A second tap with nothing on deck, kicked by hand: left empty.
  const lonely = await send<{ tap: { id: number } }>(page, "POST", `/api/v1/locations/${locationId}/taps`, {
    tap: { number: number + 1, item_id: built.cider.id },
  });
  await send(page, "POST", `/api/v1/taps/${lonely.tap.id}/kegs`, { size_ml: 19_550 });
  await send(page, "POST", `/api/v1/taps/${lonely.tap.id}/pours`, { volume: 16, unit: "oz", idempotency_key: `l-${suffix()}` });
  await send(page, "POST", `/api/v1/taps/${lonely.tap.id}/kick`);

  // The TV: no session, 1920×1080, following the menu's stream.
  const tv = await browser.newContext({ storageState: undefined, viewport: { width: 1920, height: 1080 } });
  try {
    const board = await tv.newPage();
    // The board's "almost gone" setting on (issue 34 item 5).
    await board.goto(`/preview/menus/${built.menuId}?almost_gone=1`);
    await expect(board.getByRole("status")).toHaveText("Live", READY);
    const draft = board.locator("main section").filter({ has: board.getByRole("heading", { name: "Draft" }) });
    await expect(draft.getByText(built.pouring.name)).toBeVisible();
    let navigations = 0;
    board.on("framenavigated", (frame) => {
      if (frame === board.mainFrame()) navigations++;
    });

    // Pours through the API until the keg is empty: the last one kicks it.
    let kicked = false;
    for (let pour = 0; pour < 4 && !kicked; pour++) {
      const answer = await send<{ keg: { remaining_ml: number; kicked_at: string | null } }>(page, "POST", `/api/v1/taps/${tap.id}/pours`, {
        volume: 300,
        unit: "ml",
        idempotency_key: `p-${pour}-${suffix()}`,
      });
      kicked = answer.keg.kicked_at !== null;
      // 100 ml of 1000 left after the third: low, and the board says so beside the beer.
      if (pour === 2) {
        await expect(draft.getByRole("listitem").filter({ hasText: built.pouring.name })).toContainText("Almost gone", READY);
        await board.screenshot({ path: `${SHOTS}/board-almost-gone-1920.png` });
      }
    }
    expect(kicked).toBe(true);

    // The board hears the change: the kicked beer is gone and the on-deck one stands in its place.
    await expect(draft.getByText(built.next.name)).toBeVisible(READY);
    await expect(board.getByText(built.pouring.name)).toHaveCount(0);
    await expect(board.getByText(built.cider.name)).toHaveCount(0);
    const names = await draft.locator("li").allInnerTexts();
    const order = [built.first.name, built.next.name, built.last.name].map((name) => names.findIndex((text) => text.includes(name)));
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(navigations).toBe(0);
    await board.screenshot({ path: `${SHOTS}/board-after-kick-1920.png` });
  } finally {
    await tv.close();
  }

  // The swapped tap pours on (a forecast) and has two beers on deck.
  await send(page, "POST", `/api/v1/taps/${tap.id}/pours`, { volume: 250, unit: "ml", idempotency_key: `q-${suffix()}` });
  await send(page, "PATCH", `/api/v1/taps/${tap.id}`, { tap: { on_deck: [built.last.id, built.first.id] } });

  // The Taps page: the swapped tap with its fresh keg, level and forecast, the empty one said so.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`/locations/${locationId}/taps`);
    await expect(page.getByRole("heading", { name: "Taps", level: 1 })).toBeVisible(READY);
    const swapped = page.getByRole("article", { name: `Tap ${number}: ${built.next.name}` });
    await expect(swapped).toBeVisible(READY);
    await expect(swapped.getByRole("meter")).toBeVisible();
    const empty = page.getByRole("article", { name: `Tap ${number + 1}: ${built.cider.name}` });
    await expect(empty).toContainText("nothing is on deck");
    await expect(empty).toContainText("Empty");
    await expect(swapped).toContainText("75%");
    await expect(swapped).toContainText(/empty around \w{3} /);
    await expect(swapped.getByRole("listitem")).toHaveCount(2);
    if (width === 1280) {
      // Reorder the on-deck queue with the keyboard (the drag handle): Stout goes below Pilsner.
      await swapped.getByRole("button", { name: `Move ${built.last.name}` }).focus();
      const where = `tap ${number}'s on deck`;
      await page.keyboard.press("Space");
      await expect(page.getByText(`Picked up ${built.last.name}, position 1 of 2 in ${where}.`)).toBeAttached(READY);
      // On a loaded machine the first arrow can come before the list is measured for the drag: press
      // again until it is heard (the bottom of a two-beer list is as far as it goes).
      await expect(async () => {
        await page.keyboard.press("ArrowDown");
        await expect(page.getByText(`${built.last.name} is at position 2 of 2 in ${where}.`)).toBeAttached({ timeout: 2_000 });
      }).toPass(READY);
      await page.keyboard.press("Space");
      await expect(page.getByText(`${built.last.name} moved to position 2 of 2 in ${where}.`)).toBeAttached(READY);
      await expect
        .poll(
          async () => ((await (await api(page).get(`/api/v1/taps/${tap.id}`)).json()) as { tap: { on_deck: number[] } }).tap.on_deck,
          READY,
        )
        .toEqual([built.first.id, built.last.id]);
    }
    await swapped.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/taps-${width}.png`, fullPage: width === 375 });
  }
  await expect(page.getByRole("navigation").getByRole("link", { name: "Taps" })).toBeVisible();
});

test("pair an MQTT meter on the Taps page; the simulator's pours lower the keg and its temperature shows", async ({ page }) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/dashboard");
  const { locations } = (await (await api(page).get("/api/v1/locations")).json()) as { locations: { id: number }[] };
  const locationId = locations[0]!.id;
  const built = await tapMenu(page, locationId);
  const number = 100 + Math.floor(Math.random() * 800);
  const { tap } = await send<{ tap: { id: number } }>(page, "POST", `/api/v1/locations/${locationId}/taps`, {
    tap: { number, item_id: built.first.id },
  });
  await send(page, "POST", `/api/v1/taps/${tap.id}/kegs`, { size_ml: 50_000 });
  const device = `sim-${suffix()}`;
  try {
    await page.goto(`/locations/${locationId}/taps`);
    const row = page.getByRole("article", { name: `Tap ${number}: ${built.first.name}` });
    await expect(row).toContainText("No sensor", READY);
    await row.getByRole("button", { name: `Pair a sensor to tap ${number}` }).click();
    const dialog = page.getByRole("dialog", { name: `Pair a sensor to tap ${number}` });
    await dialog.getByLabel("Sensor").selectOption("mqtt");
    await dialog.getByLabel("Device id").fill(device);
    await dialog.getByRole("button", { name: "Pair" }).click();
    // The meter's set-up: the topic and the JSON it publishes.
    await expect(dialog.getByText(`taproom/locations/${locationId}/readings`)).toBeVisible(READY);
    await expect(dialog.getByRole("region", { name: "pour message" })).toContainText(device);
    await page.screenshot({ path: `${SHOTS}/taps-pair-sensor-1280.png` });
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(row).toContainText(`MQTT meter ${device}`, READY);

    // The simulator publishes pours and temperatures on the location's topic through the local broker;
    // the server's subscriber counts them.
    await simulate(locationId, device);
    await expect
      .poll(
        async () => {
          await page.reload();
          return Number(await row.getByRole("meter").getAttribute("value"));
        },
        { timeout: 60_000, intervals: [1000] },
      )
      .toBeLessThan(100);
    await expect(row).toContainText(/line \d+\.\d °C/);
    await expect(row).toContainText("last reading");
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/taps-sensor-1280.png` });
    await page.setViewportSize({ width: 375, height: 812 });
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/taps-sensor-375.png` });
  } finally {
    await api(page).send("DELETE", `/api/v1/taps/${tap.id}`);
  }
});

/** `npm run sensors:simulate` for 6 s on the broker the server listens to: a pour a second, a temperature every 2 s. */
function simulate(locationId: number, device: string) {
  const args = ["tsx", "scripts/sensors-simulate.ts", "--location", String(locationId), "--sensor", device];
  args.push("--seconds", "6", "--pour-every", "1", "--temp-every", "2", "--duplicates", "0");
  return new Promise<void>((resolve, reject) => {
    execFile("npx", args, { env: { ...process.env, MQTT_URL: MQTT } }, (error, _stdout, stderr) =>
      error ? reject(new Error(`the simulator failed: ${stderr}`)) : resolve(),
    );
  });
}
