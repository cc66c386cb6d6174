import AxeBuilder from "@axe-core/playwright";
import { type Page, test as plain } from "@playwright/test";
import { expect, test } from "./ui-fixtures";

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
