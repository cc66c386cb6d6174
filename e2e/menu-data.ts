import type { Locator, Page } from "@playwright/test";
import { api, expect } from "./ui-fixtures";

// Fresh menus for the menu-editor specs, built through the API with the page's session cookie: every
// test works on its own data in the run's shared database.

export type BoardItem = { id: number; name: string };
export type BoardSection = { id: number; name: string; items: BoardItem[] };
export type BoardMenu = { id: number; name: string; sections: BoardSection[] };
type Tree = {
  sections: { id: number; name: string; items: BoardItem[] }[];
  on_deck_section: { id: number; items: BoardItem[] } | null;
  unpublished: boolean;
};

async function send<T>(page: Page, method: "POST" | "PATCH", path: string, data: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A draft menu at location 1 with the named sections and custom items, each with one size and price. */
export async function createBoardMenu(page: Page, layout: Record<string, string[]>): Promise<BoardMenu> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const sizes = (await (await api(page).get("/api/v1/container_sizes")).json()) as { container_sizes: { id: number }[] };
  const sizeId = sizes.container_sizes[0]!.id;
  const { menu } = await send<{ menu: { id: number; name: string } }>(page, "POST", "/api/v1/locations/1/menus", {
    menu: { name: `Board ${tag}` },
  });
  const sections: BoardSection[] = [];
  for (const [sectionName, itemNames] of Object.entries(layout)) {
    const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
      section: { name: `${sectionName} ${tag}` },
    });
    const items: BoardItem[] = [];
    for (const [index, itemName] of itemNames.entries()) {
      const { item } = await send<{ item: BoardItem }>(page, "POST", `/api/v1/sections/${section.id}/items`, {
        item: { name: `${itemName} ${tag}` },
      });
      await send(page, "POST", `/api/v1/items/${item.id}/containers`, {
        container: { container_size_id: sizeId, price: (5 + index).toFixed(2) },
      });
      items.push({ id: item.id, name: item.name });
    }
    sections.push({ id: section.id, name: `${sectionName} ${tag}`, items });
  }
  return { id: menu.id, name: menu.name, sections };
}

export async function addItem(page: Page, sectionId: number, name: string): Promise<BoardItem> {
  return (await send<{ item: BoardItem }>(page, "POST", `/api/v1/sections/${sectionId}/items`, { item: { name } })).item;
}

/** GET /menus/:id?full=true: the menu as the server holds it. */
export async function readTree(page: Page, menuId: number): Promise<Tree> {
  const response = await api(page).get(`/api/v1/menus/${menuId}?full=true`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { menu: Tree }).menu;
}

export async function apiOrder(page: Page, menuId: number, sectionId: number): Promise<string[]> {
  const tree = await readTree(page, menuId);
  return tree.sections.find((section) => section.id === sectionId)!.items.map((item) => item.name);
}

/** Opens the board of location 1 and selects the menu in the menus list. */
export async function openMenu(page: Page, menu: BoardMenu) {
  await page.goto("/locations/1/menus");
  await page.getByRole("button", { name: `${menu.name} Draft` }).click();
  await expect(page.getByRole("heading", { level: 2, name: menu.name })).toBeVisible();
  await expect(itemList(page, menu.sections[0]!)).toBeVisible();
  // Clicking a menu far down a long list scrolled the page; the selected menu starts at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
}

export const itemList = (page: Page, section: BoardSection) => page.getByRole("list", { name: `Items in ${section.name}` });

/** The item names of a section as the board shows them, top to bottom. */
export async function uiOrder(page: Page, section: BoardSection): Promise<string[]> {
  return itemList(page, section)
    .getByRole("button", { name: /^Reorder / })
    .evaluateAll((handles) => handles.map((handle) => handle.getAttribute("aria-label")!.replace(/^Reorder /, "")));
}

export const handle = (page: Page, name: string): Locator => page.getByRole("button", { name: `Reorder ${name}`, exact: true });

/** A real mouse drag: press on the source handle, move in small steps, release over the target. */
export async function mouseDrag(page: Page, from: Locator, to: Locator, { offsetY = 0 } = {}) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const height = page.viewportSize()!.height;
  expect(start.y >= 0 && end.y + end.height <= height, "both handles must be on screen for a mouse drag").toBe(true);
  const x = start.x + start.width / 2;
  const y = start.y + start.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Past the 4 px activation distance, then on to the target.
  await page.mouse.move(x, y + 8, { steps: 4 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 + offsetY, { steps: 20 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2 + offsetY + 2, { steps: 2 });
  await page.mouse.up();
}

export type Write = { method: string; path: string; body: unknown };

/**
 * Every write the page itself sends to /api/v1 from now on (POST, PUT, PATCH, DELETE), in order: how a
 * spec proves one gesture is one request. The specs' own `api(page)` calls are not page requests.
 */
export function recordWrites(page: Page): Write[] {
  const writes: Write[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/v1/") || !["POST", "PUT", "PATCH", "DELETE"].includes(request.method())) return;
    writes.push({ method: request.method(), path: url.pathname, body: request.postDataJSON() });
  });
  return writes;
}

export type PricedMenu = {
  menuId: number;
  menuName: string;
  sectionId: number;
  sectionName: string;
  items: { name: string; containerId: number }[];
};

/**
 * A menu at location 1 (New York, a 12-hour clock), "Happy <tag>", with one section "Taps <tag>" of the
 * named beers ("<name> <tag>"), each with a Pint at its price and the happy hours given; published if asked.
 */
export async function pricedMenu(
  page: Page,
  beers: { name: string; price: string; timePrices?: unknown[] }[],
  options: { publish?: boolean } = {},
): Promise<PricedMenu> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const sizes = (await (await api(page).get("/api/v1/container_sizes")).json()) as { container_sizes: { id: number; name: string }[] };
  const pint = sizes.container_sizes.find((size) => size.name === "Pint") ?? sizes.container_sizes[0]!;
  const menuName = `Happy ${tag}`;
  const { menu } = await send<{ menu: { id: number } }>(page, "POST", "/api/v1/locations/1/menus", { menu: { name: menuName } });
  const sectionName = `Taps ${tag}`;
  const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
    section: { name: sectionName },
  });
  const items: PricedMenu["items"] = [];
  for (const beer of beers) {
    const name = `${beer.name} ${tag}`;
    const { item } = await send<{ item: { id: number } }>(page, "POST", `/api/v1/sections/${section.id}/items`, { item: { name } });
    const { container } = await send<{ container: { id: number } }>(page, "POST", `/api/v1/items/${item.id}/containers`, {
      container: { container_size_id: pint.id, price: beer.price, ...(beer.timePrices ? { time_prices: beer.timePrices } : {}) },
    });
    items.push({ name, containerId: container.id });
  }
  if (options.publish) await send(page, "POST", `/api/v1/menus/${menu.id}/publish`, undefined);
  return { menuId: menu.id, menuName, sectionId: section.id, sectionName, items };
}
