import type { Page } from "@playwright/test";
import { createBoardMenu, readTree } from "./menu-data";
import { api, expect, test } from "./ui-fixtures";

// The History panel (live-menus §6): three prices changed, the diff in words, restore behind a
// confirmation, the old prices back through the API, and Undo in the toast. Screenshots of the panel
// and its diff at 1280 and 375 px go to the test's output folder.

type Tree = {
  version: number;
  sections: { id: number; items: { id: number; name: string; containers: { id: number; price: string }[] }[] }[];
};
const read = async (page: Page, menuId: number) => (await readTree(page, menuId)) as unknown as Tree;

const prices = (tree: Tree) =>
  tree.sections.flatMap((section) => section.items.map((item) => `${item.name}: ${item.containers[0]!.price}`));

async function changePrices(page: Page, tree: Tree) {
  const items = tree.sections.flatMap((section) => section.items);
  for (const [index, item] of items.entries()) {
    const response = await api(page).send("PATCH", `/api/v1/containers/${item.containers[0]!.id}`, {
      container: { price: `${10 + index}.50` },
    });
    expect(response.ok(), await response.text()).toBe(true);
  }
}

async function openHistory(page: Page, menuName: string) {
  await page.getByRole("button", { name: `History of ${menuName}` }).click();
  const dialog = page.getByRole("dialog", { name: `History of ${menuName}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

for (const width of [1280, 375]) {
  test(`restores an earlier version from the History panel and undoes it (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/dashboard");
    const menu = await createBoardMenu(page, { Taps: ["Harbor Haze", "Night Stout", "Town Lager"] });
    const before = await read(page, menu.id);
    await changePrices(page, before);
    const changed = await read(page, menu.id);
    expect(prices(changed)).not.toEqual(prices(before));

    // The board with the menu selected (?menu=ID); at 375 px the menus list is folded away.
    await page.goto(`/locations/1/menus?menu=${menu.id}`);
    await expect(page.getByRole("heading", { level: 2, name: menu.name })).toBeVisible();
    const dialog = await openHistory(page, menu.name);
    const versions = dialog.getByRole("list").first();
    await expect(versions.getByRole("button", { name: new RegExp(`^Version ${changed.version}\\b`) })).toBeDisabled();
    await expect(versions.getByRole("listitem")).toHaveCount(Math.min(20, changed.version));
    await dialog.screenshot({ path: test.info().outputPath(`history-${width}.png`) });

    await versions.getByRole("button", { name: new RegExp(`^Version ${before.version}\\b`) }).click();
    const compare = dialog.getByRole("heading", { name: `Version ${before.version} compared with the current menu` });
    await expect(compare).toBeFocused();
    const items = before.sections[0]!.items;
    for (const [index, item] of items.entries()) {
      await expect(dialog.getByText(`Price of “${item.name}”, Pint: ${item.containers[0]!.price} → ${10 + index}.50`)).toBeVisible();
    }
    await expect(dialog.getByRole("list").nth(1).getByRole("listitem")).toHaveCount(3);
    await dialog.screenshot({ path: test.info().outputPath(`history-diff-${width}.png`) });

    await dialog.getByRole("button", { name: "Restore this version" }).click();
    const confirm = dialog.getByRole("button", { name: `Restore version ${before.version}` });
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const toast = page.getByTestId("toast").filter({ hasText: `Restored version ${before.version}` });
    await expect(toast).toBeVisible();

    const restored = await read(page, menu.id);
    expect(prices(restored)).toEqual(prices(before));
    expect(restored.version).toBe(changed.version + 1);

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByTestId("toast").filter({ hasText: `back to version ${changed.version}` })).toBeVisible();
    const undone = await read(page, menu.id);
    expect(prices(undone)).toEqual(prices(changed));
  });
}
