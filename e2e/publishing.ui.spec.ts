import type { Page } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// Publishing asks once and can be undone (decision 078), as a bartender does it on the menu editor: Publish
// all lists the drafts it will publish and names the beer with no price, Cancel changes nothing, Confirm
// publishes exactly those drafts and Undo makes them drafts again (the menu that was already live stays
// live); unpublishing a menu says how many TVs will show "isn't available", asks, and has its Undo. Each
// test works in a location of its own, so Publish all meets only its drafts.

const READY = { timeout: 30_000 };
const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function send<T>(page: Page, method: "POST" | "PATCH", path: string, data?: unknown): Promise<T> {
  const response = await api(page).send(method, path, data);
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new location like the first one (its zone and currency), for this test alone. */
async function newLocation(page: Page, name: string): Promise<number> {
  const { locations } = (await (await api(page).get("/api/v1/locations")).json()) as {
    locations: { time_zone: string; currency: string }[];
  };
  const { location } = await send<{ location: { id: number } }>(page, "POST", "/api/v1/locations", {
    location: { name, time_zone: locations[0]!.time_zone, currency: locations[0]!.currency },
  });
  return location.id;
}

/** A menu with one section and its beers; a beer with a null price gets no size at all. */
async function menuWith(page: Page, locationId: number, name: string, beers: [string, string | null][], publish = false) {
  const { container_sizes } = (await (await api(page).get("/api/v1/container_sizes")).json()) as { container_sizes: { id: number }[] };
  const { menu } = await send<{ menu: { id: number; name: string } }>(page, "POST", `/api/v1/locations/${locationId}/menus`, {
    menu: { name },
  });
  const { section } = await send<{ section: { id: number } }>(page, "POST", `/api/v1/menus/${menu.id}/sections`, {
    section: { name: "Taps" },
  });
  for (const [beer, price] of beers) {
    const { item } = await send<{ item: { id: number } }>(page, "POST", `/api/v1/sections/${section.id}/items`, { item: { name: beer } });
    if (price !== null)
      await send(page, "POST", `/api/v1/items/${item.id}/containers`, { container: { container_size_id: container_sizes[0]!.id, price } });
  }
  if (publish) await send(page, "POST", `/api/v1/menus/${menu.id}/publish`);
  return { id: menu.id, name };
}

/** Whether each menu is a draft, as the server holds it. */
async function drafts(page: Page, ...menus: { id: number }[]) {
  return Promise.all(
    menus.map(async (menu) => {
      const response = await api(page).get(`/api/v1/menus/${menu.id}`);
      expect(response.status()).toBe(200);
      return ((await response.json()) as { menu: { unpublished: boolean } }).menu.unpublished;
    }),
  );
}

const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });

test("Publish all lists the drafts and the beer with no price, Cancel changes nothing, Confirm publishes them, Undo unpublishes them", async ({
  page,
}) => {
  const tag = suffix();
  await page.goto("/dashboard");
  const locationId = await newLocation(page, `Publish all ${tag}`);
  try {
    const live = await menuWith(page, locationId, `Live ${tag}`, [["Pils", "6.00"]], true);
    const halfBuilt = await menuWith(page, locationId, `Half-built ${tag}`, [
      ["Quad 11.2%", null],
      ["Helles", "5.50"],
    ]);
    const cocktails = await menuWith(page, locationId, `Cocktails ${tag}`, [["Negroni", "12.00"]]);

    await page.goto(`/locations/${locationId}/menus`);
    const publishAll = page.getByRole("button", { name: "Publish all", exact: true });
    await expect(page.getByText("2 drafts")).toBeVisible(READY);

    // The dialog lists the two drafts (not the live menu) and names the beer with no price.
    await publishAll.click();
    let dialog = page.getByRole("dialog", { name: "Publish all drafts?" });
    const listed = dialog.getByRole("list", { name: "Drafts to publish" });
    await expect(listed).toContainText(halfBuilt.name, READY);
    await expect(listed).toContainText(cocktails.name);
    await expect(listed).not.toContainText(live.name);
    await expect(dialog.getByRole("list", { name: `Items with no price in ${halfBuilt.name}` })).toHaveText("Quad 11.2% (Taps)");
    await expect(dialog.getByText("1 item has no price: guests will see it without one.")).toBeVisible();

    // Cancel: nothing changes.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await drafts(page, live, halfBuilt, cocktails)).toEqual([false, true, true]);
    await expect(page.getByText("2 drafts")).toBeVisible();

    // Confirm: exactly the two drafts go live.
    await publishAll.click();
    dialog = page.getByRole("dialog", { name: "Publish all drafts?" });
    await dialog.getByRole("button", { name: "Publish 2 menus" }).click();
    await expect(dialog).toBeHidden();
    const published = toast(page, `Published ${halfBuilt.name} and ${cocktails.name}: guests can see them.`);
    await expect(published).toBeVisible(READY);
    expect(await drafts(page, live, halfBuilt, cocktails)).toEqual([false, false, false]);
    await expect(page.getByText("Every menu is published.")).toBeVisible(READY);

    // Undo: those two are drafts again; the menu that was live before stays live.
    await published.getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, `${halfBuilt.name} and ${cocktails.name} are drafts again: guests can't see them.`)).toBeVisible(READY);
    expect(await drafts(page, live, halfBuilt, cocktails)).toEqual([false, true, true]);
    await expect(page.getByText("2 drafts")).toBeVisible(READY);
  } finally {
    await api(page).send("DELETE", `/api/v1/locations/${locationId}`);
  }
});

test("unpublishing a menu names the TVs that will say it isn't available, asks first, and has an Undo", async ({ page }) => {
  const tag = suffix();
  await page.goto("/dashboard");
  const locationId = await newLocation(page, `Unpublish ${tag}`);
  try {
    const menu = await menuWith(page, locationId, `Taps ${tag}`, [["Pils", "6.00"]], true);
    // A TV paired to show it: the code a TV's browser would ask for, paired by the owner.
    const { code } = await send<{ code: string }>(page, "POST", "/api/v1/boards/pairings");
    const tv = `Patio TV ${tag}`;
    await send(page, "POST", `/api/v1/locations/${locationId}/boards`, { code, name: tv, menu_id: menu.id });

    await page.goto(`/locations/${locationId}/menus`);
    await page.getByRole("button", { name: `${menu.name} Published` }).click();
    await expect(page.getByRole("heading", { level: 2, name: menu.name })).toBeVisible(READY);
    const toggle = page.getByRole("button", { name: "Published", exact: true });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");

    // Asked first, naming the TV; Cancel keeps it live.
    await toggle.click();
    let dialog = page.getByRole("dialog", { name: `Unpublish ${menu.name}?` });
    await expect(dialog.getByText(`1 TV showing it (${tv}) will say it isn't available right now.`)).toBeVisible(READY);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await drafts(page, menu)).toEqual([false]);

    // Confirmed: a draft, with an Undo.
    await toggle.click();
    dialog = page.getByRole("dialog", { name: `Unpublish ${menu.name}?` });
    await dialog.getByRole("button", { name: "Unpublish menu" }).click();
    await expect(dialog).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    const unpublished = toast(page, `${menu.name} is a draft now: guests can't see it.`);
    await expect(unpublished).toBeVisible(READY);
    expect(await drafts(page, menu)).toEqual([true]);

    // Undo: live again, with no second question.
    await unpublished.getByRole("button", { name: "Undo" }).click();
    await expect(toast(page, `${menu.name} is published: guests can see it.`)).toBeVisible(READY);
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await drafts(page, menu)).toEqual([false]);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } finally {
    await api(page).send("DELETE", `/api/v1/locations/${locationId}`);
  }
});
