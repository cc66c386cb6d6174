import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { type AppServer, freePort, startServer, stopServer } from "../scripts/app-process";
import { ACCOUNTS } from "./fixtures";
import { api, expect, test } from "./ui-fixtures";

// The live board (live-menus §5) in Chromium against the built server: fitted to a 1920×1080 screen,
// a price change through the API (Basic auth) redrawn in place without a reload, "as of HH:MM" while
// the connection is cut or the server is stopped and "Live" again after, and the dashboard's board of one manager following
// another manager's change. Screenshots go to $BOARD_SHOTS (default /tmp/boards-shots).

// Building menus through the API is slow on a loaded machine; the waits are for readiness, not speed.
test.setTimeout(240_000);

// Waits for readiness on a loaded machine (a page to hydrate, a stream to open), not speed assertions.
const READY = { timeout: 30_000 };
const SHOTS = process.env.BOARD_SHOTS ?? "/tmp/boards-shots";
const TV = { width: 1920, height: 1080 };
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function send<T>(page: Page, method: "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type Built = {
  id: number;
  name: string;
  sections: { id: number; name: string; items: { id: number; name: string; containerId: number }[] }[];
};

/** A menu at `locationId` with `sections` sections of `items` items, each with one size and price; published unless told. */
async function buildMenu(
  page: Page,
  { locationId, sections, items, publish = true }: { locationId: number; sections: number; items: number; publish?: boolean },
) {
  const { container_sizes } = (await (await api(page).get("/api/v1/container_sizes")).json()) as { container_sizes: { id: number }[] };
  const name = unique("Live board");
  const { menu } = await send<{ menu: { id: number } }>(page, "POST", `/api/v1/locations/${locationId}/menus`, { menu: { name } });
  const built: Built = { id: menu.id, name, sections: [] };
  for (let s = 0; s < sections; s++) {
    const sectionName = `Section ${s + 1}`;
    const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
      section: { name: sectionName },
    });
    const list: Built["sections"][number]["items"] = [];
    for (let i = 0; i < items; i++) {
      const itemName = `Beer ${s + 1}.${i + 1}`;
      const { item } = await send<{ item: { id: number } }>(page, "POST", `/api/v1/sections/${section.id}/items`, {
        item: { name: itemName, style: "Pale Ale", abv: "5.2", brewery: "Demo Brewing" },
      });
      const { container } = await send<{ container: { id: number } }>(page, "POST", `/api/v1/items/${item.id}/containers`, {
        container: { container_size_id: container_sizes[0]!.id, price: (6 + (i % 4) * 0.5).toFixed(2) },
      });
      list.push({ id: item.id, name: itemName, containerId: container.id });
    }
    built.sections.push({ id: section.id, name: sectionName, items: list });
  }
  if (publish) await send(page, "POST", `/api/v1/menus/${menu.id}/publish`);
  return built;
}

/** Every item of every section lies inside the viewport, and the page does not scroll either way. */
async function expectWholeMenuOnScreen(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = document.scrollingElement!;
    const outside = [...document.querySelectorAll("main section li, main section h2")].filter((element) => {
      const box = element.getBoundingClientRect();
      return box.left < 0 || box.top < 0 || box.right > window.innerWidth + 0.5 || box.bottom > window.innerHeight + 0.5;
    });
    return {
      scrolls: root.scrollHeight > window.innerHeight || root.scrollWidth > window.innerWidth,
      outside: outside.map((element) => element.textContent),
      sections: document.querySelectorAll("main section").length,
    };
  });
  expect(overflow.sections).toBeGreaterThan(0);
  expect(overflow.outside).toEqual([]);
  expect(overflow.scrolls).toBe(false);
}

async function guestPage(browser: Browser, viewport = TV) {
  const context = await browser.newContext({ storageState: undefined, viewport });
  return { context, page: await context.newPage() };
}

test("at 1920×1080 the demo menu fits the screen in the compact layout, every section without scrolling (light and dark); the full one turns pages", async ({
  page,
  browser,
}) => {
  await page.goto("/dashboard");
  const { menus } = (await (await api(page).get("/api/v1/locations/1/menus")).json()) as { menus: { id: number; name: string }[] };
  const demo = menus.find((menu) => menu.name === "Beer List")!;
  const { context, page: board } = await guestPage(browser);
  try {
    await board.goto(`/preview/menus/${demo.id}?layout=compact`);
    // The first stream of a fresh server loads its route: wait for it, this is not about speed.
    await expect(board.getByRole("status")).toHaveText("Live", READY);
    await expect(board.locator("[data-fit]")).toBeAttached();
    await expectWholeMenuOnScreen(board);
    await board.screenshot({ path: `${SHOTS}/demo-1920-compact-light.png` });
    await board.goto(`/preview/menus/${demo.id}?layout=compact&theme=dark`);
    await expect(board.getByRole("status")).toHaveText("Live", READY);
    await expectWholeMenuOnScreen(board);
    await board.screenshot({ path: `${SHOTS}/demo-1920-compact-dark.png` });
    // The full layout keeps its type readable from across the room (decision 054): what does not fit
    // one screen goes on pages, and the page never scrolls.
    await board.goto(`/preview/menus/${demo.id}`);
    await expect(board.getByRole("status")).toContainText("Live", READY);
    await expect(board.locator("[data-fit]")).toBeAttached();
    expect(await board.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
    await board.screenshot({ path: `${SHOTS}/demo-1920-full-light.png` });
    // A phone keeps the scrolling page.
    await board.setViewportSize({ width: 390, height: 844 });
    await board.goto(`/preview/menus/${demo.id}`);
    // The first stream of a fresh server loads its route: wait for it, this is not about speed.
    await expect(board.getByRole("status")).toHaveText("Live", READY);
    await expect(board.locator("[data-fit]")).toHaveCount(0);
    await board.screenshot({ path: `${SHOTS}/demo-390.png`, fullPage: true });
  } finally {
    await context.close();
  }
});

test("a bigger menu shrinks its type to fit; one too big for the smallest type turns pages by itself", async ({ page, browser }) => {
  await page.goto("/dashboard");
  // The smallest type is readable from 4 m (decision 054): a dozen beers fill a 1080p screen.
  const big = await buildMenu(page, { locationId: 2, sections: 2, items: 5 });
  const huge = await buildMenu(page, { locationId: 2, sections: 8, items: 16 });
  const { context, page: board } = await guestPage(browser);
  try {
    await board.goto(`/preview/menus/${big.id}`);
    await expect(board.getByRole("status")).toHaveText("Live", READY);
    await expectWholeMenuOnScreen(board);
    await board.screenshot({ path: `${SHOTS}/big-1920.png` });

    // Fake timers turn the page; no transition, so the screenshot shows where the slide ends.
    await board.emulateMedia({ reducedMotion: "reduce" });
    await board.clock.install();
    await board.goto(`/preview/menus/${huge.id}?theme=dark`);
    const status = board.getByRole("status");
    await expect(status).toContainText(/Page 1 of \d/, READY);
    expect(await board.evaluate(() => document.scrollingElement!.scrollHeight <= window.innerHeight)).toBe(true);
    await board.screenshot({ path: `${SHOTS}/huge-1920-page1.png` });
    await board.clock.runFor(12_500);
    await expect(status).toContainText(/Page 2 of \d/, READY);
    await board.screenshot({ path: `${SHOTS}/huge-1920-page2.png` });
  } finally {
    await context.close();
  }
});

test("a price changed through the API shows on the open board without a reload; a cut shows 'as of', then Live", async ({
  page,
  browser,
}) => {
  await page.goto("/dashboard");
  const menu = await buildMenu(page, { locationId: 2, sections: 2, items: 3 });
  const target = menu.sections[0]!.items[0]!;
  // The owner's read-write token, as an integration would hold it (GET /api/session/tokens, same session).
  const { auth_token } = (await (await api(page).get("/api/session/tokens")).json()) as { auth_token: string };
  const authorization = `Basic ${Buffer.from(`${ACCOUNTS.owner.email}:${auth_token}`).toString("base64")}`;

  const { context, page: board } = await guestPage(browser);
  try {
    await board.goto(`/preview/menus/${menu.id}`);
    const status = board.getByRole("status");
    await expect(status).toHaveText("Live", READY);
    const prices = board.getByRole("list", { name: `Prices of ${target.name}` });
    await expect(prices).toContainText("€6.00");
    await board.evaluate(() => {
      (window as unknown as { boardMarker: string }).boardMarker = "same page";
    });
    let navigations = 0;
    board.on("framenavigated", (frame) => {
      if (frame === board.mainFrame()) navigations++;
    });

    const changed = await page.request.patch(`/api/v1/containers/${target.containerId}`, {
      headers: { authorization },
      data: { container: { price: "7.25" } },
    });
    expect(changed.status(), await changed.text()).toBe(200);
    const sent = Date.now();
    // The spec says 2 s; the figure is recorded (an annotation), the wait is for readiness only.
    await expect(prices).toContainText("€7.25", READY);
    const latency = `${Date.now() - sent} ms from the API's answer to the board`;
    test.info().annotations.push({ type: "board latency", description: latency });
    process.stdout.write(`board latency: ${latency}\n`);
    expect(await board.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("same page");
    expect(navigations).toBe(0);

    // Cut off (the browser's network goes away, and with it the stream): the board keeps the menu and
    // says how old it may be, in venue time (Amsterdam).
    await context.setOffline(true);
    await expect(status).toContainText(/As of \d{2}:\d{2}/, READY);
    await expect(prices).toContainText("€7.25");
    await board.screenshot({ path: `${SHOTS}/offline-1920.png` });
    // A change while cut off arrives once it is back: the stream tells the current version on reconnecting.
    const again = await page.request.patch(`/api/v1/containers/${target.containerId}`, {
      headers: { authorization },
      data: { container: { price: "7.50" } },
    });
    expect(again.status()).toBe(200);
    await context.setOffline(false);
    await expect(status).toHaveText("Live", READY);
    await expect(prices).toContainText("€7.50", READY);
    expect(await board.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("same page");
    expect(navigations).toBe(0);
  } finally {
    await context.close();
  }
});

test("a TV that loads the board while the menu is a draft waits in its theme and shows the menu once it is published, without a reload", async ({
  page,
  browser,
}) => {
  await page.goto("/dashboard");
  const menu = await buildMenu(page, { locationId: 2, sections: 2, items: 3, publish: false });
  const { context, page: board } = await guestPage(browser);
  try {
    const opened = await board.goto(`/preview/menus/${menu.id}?theme=dark&refresh=60`);
    // From outside a draft is a missing menu (404), but the TV waits for it, in its theme, following the stream.
    expect(opened?.status()).toBe(404);
    await expect(board.getByRole("heading", { level: 1, name: "This menu isn't available" })).toBeVisible();
    await expect(board.getByText(menu.name)).toHaveCount(0);
    await expect(board.locator("[data-theme]")).toHaveAttribute("data-theme", "dark");
    await expect(board.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "60");
    const status = board.getByRole("status");
    await expect(status).toHaveText("Live", READY);
    await board.screenshot({ path: `${SHOTS}/draft-waiting-1920-dark.png` });
    await board.evaluate(() => {
      (window as unknown as { boardMarker: string }).boardMarker = "same page";
    });
    let navigations = 0;
    board.on("framenavigated", (frame) => {
      if (frame === board.mainFrame()) navigations++;
    });

    await send(page, "POST", `/api/v1/menus/${menu.id}/publish`);
    const sent = Date.now();
    // The spec says 2 s; the figure is recorded (an annotation), the wait is for readiness only.
    await expect(board.getByRole("heading", { level: 1, name: menu.name })).toBeVisible(READY);
    const latency = `${Date.now() - sent} ms from publishing to the waiting board`;
    test.info().annotations.push({ type: "board latency", description: latency });
    process.stdout.write(`board latency: ${latency}\n`);
    await expect(board.getByRole("list", { name: `Prices of ${menu.sections[0]!.items[0]!.name}` })).toBeVisible();
    await expect(board.locator("[data-theme]")).toHaveAttribute("data-theme", "dark");
    expect(await board.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("same page");
    expect(navigations).toBe(0);
    await board.screenshot({ path: `${SHOTS}/draft-published-1920-dark.png` });

    // Taken down and published again: the same page comes back by itself.
    await send(page, "POST", `/api/v1/menus/${menu.id}/unpublish`);
    await expect(board.getByRole("heading", { level: 1, name: "This menu isn't available right now" })).toBeVisible(READY);
    await send(page, "POST", `/api/v1/menus/${menu.id}/publish`);
    await expect(board.getByRole("heading", { level: 1, name: menu.name })).toBeVisible(READY);
    expect(navigations).toBe(0);
  } finally {
    await context.close();
  }
});

test("manager B's dashboard board shows manager A's change without a reload", async ({ page, browser }) => {
  await page.goto("/dashboard");
  const menu = await buildMenu(page, { locationId: 1, sections: 1, items: 2, publish: false });
  const item = menu.sections[0]!.items[1]!;
  const other = await browser.newContext({ storageState: await page.context().storageState(), viewport: { width: 1280, height: 900 } });
  try {
    const managerB = await other.newPage();
    await managerB.goto(`/locations/1/menus?menu=${menu.id}`);
    await expect(managerB.getByRole("heading", { level: 2, name: menu.name })).toBeVisible();
    await expect(managerB.getByText(item.name, { exact: true }).first()).toBeVisible();
    await managerB.evaluate(() => {
      (window as unknown as { boardMarker: string }).boardMarker = "same page";
    });
    // Manager A (this test's own signed-in page) renames the item through the API.
    const renamed = `${item.name} (renamed)`;
    await send(page, "PATCH", `/api/v1/items/${item.id}`, { item: { name: renamed } });
    await expect(managerB.getByText(renamed, { exact: true }).first()).toBeVisible();
    expect(await managerB.evaluate(() => (window as unknown as { boardMarker?: string }).boardMarker)).toBe("same page");
    await managerB.screenshot({ path: `${SHOTS}/dashboard-b.png` });
  } finally {
    await other.close();
  }
});

/** A server of its own (the e2e build, a fresh embedded database) that the test can stop and start. */
async function ownServer() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "taproom-board-stop-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_DIST_DIR: process.env.E2E_DIST_DIR ?? ".next-e2e",
    NEXT_TELEMETRY_DISABLED: "1",
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  const port = await freePort();
  let server: AppServer | undefined = await startServer(env, port);
  return {
    base: server.base,
    stop: async () => {
      await stopServer(server);
      server = undefined;
    },
    start: async () => {
      server = await startServer(env, port);
    },
    remove: async () => {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test("the server stopped: the board keeps the menu with 'as of HH:MM', and follows again once it is back", async ({ browser }) => {
  const server = await ownServer();
  const { context, page: board } = await guestPage(browser);
  try {
    const call = async <T>(method: string, route: string, body?: unknown, authorization?: string): Promise<T> => {
      const response = await fetch(`${server.base}/api/v1${route}`, {
        method,
        headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(response.ok, `${method} ${route}: ${response.status}`).toBe(true);
      return (await response.json()) as T;
    };
    const { user } = await call<{ user: { email: string; auth_token: string } }>("POST", "/sessions", {
      email: ACCOUNTS.owner.email,
      password: ACCOUNTS.owner.password,
    });
    const authorization = `Basic ${Buffer.from(`${user.email}:${user.auth_token}`).toString("base64")}`;
    const as = <T>(method: string, route: string, body?: unknown) => call<T>(method, route, body, authorization);
    const { locations } = await as<{ locations: { id: number }[] }>("GET", "/locations");
    const { container_sizes } = await as<{ container_sizes: { id: number }[] }>("GET", "/container_sizes");
    const { menu } = await as<{ menu: { id: number } }>("POST", `/locations/${locations[0]!.id}/menus`, { menu: { name: "Stopped" } });
    const { section } = await as<{ section: { id: number } }>("POST", `/menus/${menu.id}/sections`, { section: { name: "Taps" } });
    const { item } = await as<{ item: { id: number } }>("POST", `/sections/${section.id}/items`, { item: { name: "Lantern Lager" } });
    const { container } = await as<{ container: { id: number } }>("POST", `/items/${item.id}/containers`, {
      container: { container_size_id: container_sizes[0]!.id, price: "6.00" },
    });
    await as("POST", `/menus/${menu.id}/publish`);

    await board.goto(`${server.base}/preview/menus/${menu.id}`);
    const status = board.getByRole("status");
    await expect(status).toHaveText("Live", READY);
    const prices = board.getByRole("list", { name: "Prices of Lantern Lager" });
    await expect(prices).toContainText("6.00");

    // The server process ends (its stream with it, and every request after): the board keeps the menu.
    await server.stop();
    await expect(status).toContainText(/As of \d{1,2}:\d{2}( [AP]M)?/, READY);
    await expect(prices).toContainText("6.00");
    await board.screenshot({ path: `${SHOTS}/server-stopped-1920.png` });

    // Back, on the same database: a change made now reaches the board that never reloaded.
    await server.start();
    await as("PATCH", `/containers/${container.id}`, { container: { price: "6.50" } });
    await expect(status).toHaveText("Live", READY);
    await expect(prices).toContainText("6.50", READY);
  } finally {
    await context.close();
    await server.remove();
  }
});
