import AxeBuilder from "@axe-core/playwright";
import { type Page, test as plain } from "@playwright/test";
import { api, expect, test } from "./ui-fixtures";

// axe-core's WCAG 2.1 A and AA rules on every page a manager sees, at desktop and phone widths, after
// each page has drawn its data. A violation names the rule, the element and how to fix it.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];
const SIGNED_IN = [
  "/dashboard",
  "/locations/1/menus",
  "/locations/1/86",
  "/locations/1/events",
  "/locations/1/hours",
  "/locations/1/insights",
  "/locations/1/webhooks",
  "/account",
];
const SIGNED_OUT = ["/", "/sign-in"];

async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return found.map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
}

async function settled(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  // The pages show a skeleton (aria-busy) until their data arrives.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

// One test per page and width: each runs axe once, well inside the default time limit.
for (const size of WIDTHS) {
  for (const path of SIGNED_IN) {
    test(`${path} passes axe at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await settled(page, path);
      expect(await violations(page)).toEqual([]);
    });
  }

  for (const path of SIGNED_OUT) {
    plain(`${path}, signed out, passes axe and logs no console error at ${size.width} px`, async ({ page }) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await page.setViewportSize(size);
      await settled(page, path);
      expect(await violations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
}

// ---- Every guest surface (venue-operations §13): the phone menu (its filter open), the embed and the
// TV board in both themes, at a phone's and a TV's width, under the UK labelling rule (allergens in
// words, calories beside prices). WCAG 2.2 AA: axe finds nothing serious or critical; the phone menu
// and the embed reflow at 320 px (200 % zoom of a 640 px window) with no sideways scrolling.

const GUEST_WIDTHS = [
  { width: 375, height: 812 },
  { width: 1920, height: 1080 },
];

async function seriousViolations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
  return found
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).join("\n    ")}`);
}

test.describe("guest surfaces", () => {
  let menuId = 0;
  const tag = `${Date.now().toString(36)}`;

  test.beforeAll(async ({ browser, ownerState }) => {
    const context = await browser.newContext({ storageState: ownerState.saved });
    const page = await context.newPage();
    await page.goto("/dashboard");
    const call = async (method: "POST" | "PATCH", path: string, data: unknown) => {
      const response = await api(page).send(method, path, data);
      expect(response.ok(), `${method} ${path}: ${await response.text()}`).toBe(true);
      return response.json();
    };
    const sizes = (await (await api(page).get("/api/v1/container_sizes")).json()).container_sizes as { id: number }[];
    await call("PATCH", "/api/v1/locations/1", { location: { labelling: "uk" } });
    menuId = (await call("POST", "/api/v1/locations/1/menus", { menu: { name: `Allergen Menu ${tag}` } })).menu.id;
    const section = (await call("POST", `/api/v1/menus/${menuId}/sections`, { section: { name: "Kitchen" } })).section.id;
    for (const item of [
      { name: "Pretzel", allergens: ["gluten", "sesame"], dietary: ["vegetarian"], calories: 380 },
      { name: "Hummus Plate", allergens: ["sesame"], dietary: ["vegan", "vegetarian"], calories: 420 },
      { name: "Zero IPA", allergens: ["gluten"], dietary: ["vegan", "alcohol_free"], calories: 65 },
    ]) {
      const made = (
        await call("POST", `/api/v1/sections/${section}/items`, {
          item: { name: item.name, allergens: item.allergens, dietary: item.dietary },
        })
      ).item.id;
      await call("POST", `/api/v1/items/${made}/containers`, {
        container: { container_size_id: sizes[0]!.id, price: "6.50", calories: item.calories },
      });
    }
    await call("POST", `/api/v1/menus/${menuId}/publish`, {});
    await context.close();
  });

  test.afterAll(async ({ browser, ownerState }) => {
    const context = await browser.newContext({ storageState: ownerState.saved });
    const page = await context.newPage();
    await page.goto("/dashboard");
    await api(page).send("PATCH", "/api/v1/locations/1", { location: { labelling: "none" } });
    await api(page).send("POST", `/api/v1/menus/${menuId}/unpublish`, {});
    await context.close();
  });

  for (const size of GUEST_WIDTHS) {
    test(`the phone menu with its filter open passes axe at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/m/1?without=gluten");
      await expect(page.getByText("Adults need around 2000 kcal a day.")).toBeVisible();
      await expect(page.getByText("Hummus Plate")).toBeVisible();
      await expect(page.getByText("Pretzel")).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      if (size.width === 375) await page.screenshot({ path: "docs/screenshots/guest-phone-filter.png", fullPage: false });
    });

    test(`the embed passes axe at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`/embed/menus/${menuId}`);
      await expect(page.getByText("Contains: Gluten, Sesame")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    for (const theme of ["light", "dark"]) {
      test(`the TV board (${theme}) passes axe at ${size.width} px`, async ({ page }) => {
        await page.setViewportSize(size);
        await page.goto(`/preview/menus/${menuId}?theme=${theme}`);
        await expect(page.getByText("Contains: Gluten, Sesame").first()).toBeVisible();
        await expect(page.getByText("380 kcal").first()).toBeVisible();
        expect(await seriousViolations(page)).toEqual([]);
        if (size.width === 1920) await page.screenshot({ path: `docs/screenshots/guest-board-uk-${theme}.png` });
      });
    }
  }

  test("the phone menu's filter works by keyboard with no JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto("/m/1");
    await page.getByText("Filter by allergen or diet").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("checkbox", { name: "Sesame" }).focus();
    await page.keyboard.press("Space");
    await page.getByRole("checkbox", { name: "Vegan" }).check();
    await page.getByRole("button", { name: "Apply filter" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/without=sesame/);
    await expect(page.getByRole("status")).toContainText("without sesame; vegan only");
    await expect(page.getByText("Zero IPA")).toBeVisible();
    await expect(page.getByText("Hummus Plate")).toHaveCount(0);
    await context.close();
  });

  for (const path of ["/m/1", "embed"]) {
    test(`${path} reflows at 320 px (200 % zoom) with no sideways scrolling`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path === "embed" ? `/embed/menus/${menuId}` : path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
