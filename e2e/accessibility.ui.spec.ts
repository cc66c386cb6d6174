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
// words, calories beside prices), in English and in German (decision 100). WCAG 2.2 AA: axe finds nothing
// serious or critical; every text's contrast with what is behind it, computed from the page's styles, is
// at least 4.5:1 (3:1 for large text); every control has a name; the phone menu and the embed reflow at
// 320 px (200 % zoom of a 640 px window) with no sideways scrolling and nothing cut off. Each check runs
// on the page already loaded for axe: one load per surface and size. The PDF is checked in Vitest.

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

/**
 * Every visible text whose contrast with the colour behind it is under 4.5:1 (3:1 at 24 px, or 18.66 px
 * bold), worked out from computed styles: the text's colour over the first opaque background among its
 * ancestors (translucent ones blended on the way), WCAG 2.2's relative luminance. Returns how many texts
 * were measured and the failures, so a page with no text measured fails too.
 */
async function contrastFailures(page: Page) {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba => {
      const srgb = value.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)/);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, value.startsWith("rgba") || (value.match(/[\d.]+/g) ?? []).length === 4 ? a : 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const background = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let at = element; at; at = at.parentElement) {
        const colour = parse(getComputedStyle(at).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const failures: string[] = [];
    let measured = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent?.trim()) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      if (style.visibility === "hidden" || box.width <= 1 || box.height <= 1 || element.closest("[aria-hidden=true]")) continue;
      const back = background(element);
      const text = over(parse(style.color), back);
      const [light, dark] = [luminance(text), luminance(back)].sort((a, b) => b - a) as [number, number];
      const ratio = (light + 0.05) / (dark + 0.05);
      const size = Number.parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      measured += 1;
      if (ratio < (large ? 3 : 4.5))
        failures.push(
          `${ratio.toFixed(2)}:1 "${node.textContent.trim().slice(0, 40)}" (${style.color} on ${back.map(Math.round).join(",")})`,
        );
    }
    return { measured, failures: [...new Set(failures)] };
  });
}

/** Every control a keyboard reaches that has no name a screen reader would say. */
async function unnamedControls(page: Page) {
  return page.evaluate(() => {
    const nameOf = (element: HTMLElement) => {
      const labelledBy = element.getAttribute("aria-labelledby");
      if (labelledBy)
        return labelledBy
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ");
      const labels =
        "labels" in element ? [...((element as HTMLInputElement).labels ?? [])].map((label) => label.textContent).join(" ") : "";
      return element.getAttribute("aria-label") ?? (labels || element.textContent || element.getAttribute("title") || "");
    };
    const controls = [
      ...document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex='-1'])"),
    ];
    return controls
      .filter((element) => element.getAttribute("type") !== "hidden" && !nameOf(element).trim())
      .map((element) => element.outerHTML.slice(0, 80));
  });
}

/** axe, contrast and names on the page as loaded. */
async function guestChecks(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  const contrast = await contrastFailures(page);
  expect(contrast.measured).toBeGreaterThan(5);
  expect(contrast.failures).toEqual([]);
  expect(await unnamedControls(page)).toEqual([]);
}

// The measures themselves, on a page made here: a grey of 4.48:1 on white is found, a large one at
// 3:1 is not, nor text over a translucent layer that stays dark enough; an empty button is found.
plain("the contrast and name checks find a text too faint and a control without a name", async ({ page }) => {
  await page.setContent(
    '<body style="background:#fff;margin:0"><p style="color:#777">Faint grey small text</p>' +
      '<p style="color:#767676;font-size:24px">Large grey text</p><div style="background:rgba(0,0,0,.9)"><p style="color:#fff">White on black</p></div>' +
      '<p style="color:#111">Ink</p><p style="color:#111">More ink</p><p style="color:#111">Still ink</p>' +
      '<button type="button"></button><a href="#x">Named link</a></body>',
  );
  const contrast = await contrastFailures(page);
  expect(contrast.measured).toBe(7);
  expect(contrast.failures).toHaveLength(1);
  expect(contrast.failures[0]).toMatch(/^4\.48:1 "Faint grey small text"/);
  expect(await unnamedControls(page)).toEqual(['<button type="button"></button>']);
});

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
    await call("PATCH", "/api/v1/locations/1", { location: { labelling: "uk", languages: ["en", "de"] } });
    menuId = (
      await call("POST", "/api/v1/locations/1/menus", {
        menu: { name: `Allergen Menu ${tag}`, translations: { de: { name: `Allergenkarte ${tag}` } } },
      })
    ).menu.id;
    const section = (
      await call("POST", `/api/v1/menus/${menuId}/sections`, { section: { name: "Kitchen", translations: { de: { name: "Küche" } } } })
    ).section.id;
    for (const item of [
      { name: "Pretzel", de: "Brezel", allergens: ["gluten", "sesame"], dietary: ["vegetarian"], calories: 380 },
      { name: "Hummus Plate", de: "Hummusteller", allergens: ["sesame"], dietary: ["vegan", "vegetarian"], calories: 420 },
      { name: "Zero IPA", de: "Alkoholfreies IPA", allergens: ["gluten"], dietary: ["vegan", "alcohol_free"], calories: 65 },
    ]) {
      const made = (
        await call("POST", `/api/v1/sections/${section}/items`, {
          item: { name: item.name, allergens: item.allergens, dietary: item.dietary, translations: { de: { name: item.de } } },
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
    await api(page).send("PATCH", "/api/v1/locations/1", { location: { labelling: "none", languages: ["en"] } });
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
      await guestChecks(page);
      if (size.width === 375) await page.screenshot({ path: "docs/screenshots/guest-phone-filter.png", fullPage: false });
    });

    test(`the phone menu in German with its filter open passes axe, contrast and names at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto("/m/1?lang=de&without=gluten");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByText("Erwachsene brauchen etwa 2000 kcal am Tag.")).toBeVisible();
      await expect(page.getByText("Enthält: Sesam").first()).toBeVisible();
      await expect(page.getByRole("status")).toContainText("ohne Gluten");
      await expect(page.getByRole("navigation", { name: "Sprache" }).getByRole("link", { name: "Deutsch" })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(page.getByText("Brezel")).toHaveCount(0);
      await guestChecks(page);
      if (size.width === 375) await page.screenshot({ path: "docs/screenshots/guest-phone-filter-de.png", fullPage: true });
    });

    test(`the embed passes axe at ${size.width} px`, async ({ page }) => {
      await page.setViewportSize(size);
      await page.goto(`/embed/menus/${menuId}`);
      await expect(page.getByText("Contains: Gluten, Sesame")).toBeVisible();
      await guestChecks(page);
    });

    for (const theme of ["light", "dark"]) {
      test(`the TV board (${theme}) passes axe at ${size.width} px`, async ({ page }) => {
        await page.setViewportSize(size);
        await page.goto(`/preview/menus/${menuId}?theme=${theme}`);
        await expect(page.getByText("Contains: Gluten, Sesame").first()).toBeVisible();
        await expect(page.getByText("380 kcal").first()).toBeVisible();
        await guestChecks(page);
        if (size.width === 1920) await page.screenshot({ path: `docs/screenshots/guest-board-uk-${theme}.png` });
      });

      test(`the TV board (${theme}) in German passes axe, contrast and names at ${size.width} px`, async ({ page }) => {
        await page.setViewportSize(size);
        await page.goto(`/preview/menus/${menuId}?theme=${theme}&lang=de`);
        await expect(page.getByText("Enthält: Gluten, Sesam").first()).toBeVisible();
        await expect(page.getByText("Brezel").first()).toBeVisible();
        await expect(page.locator(`[lang="de"][data-theme="${theme}"]`)).toHaveCount(1);
        await guestChecks(page);
        if (size.width === 1920) await page.screenshot({ path: `docs/screenshots/guest-board-de-${theme}.png` });
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

  for (const path of ["/m/1", "/m/1?lang=de&without=gluten", "embed"]) {
    test(`${path} reflows at 320 px (200 % zoom) with no sideways scrolling and nothing cut off`, async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      await page.goto(path === "embed" ? `/embed/menus/${menuId}` : path);
      // The phone menu's filter open, its checkboxes laid out too (the embed has none).
      await page.evaluate(() => {
        for (const details of document.querySelectorAll<HTMLDetailsElement>("details.filter")) details.open = true;
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // No text box reaches past the window's right edge or is clipped inside its own box.
      const cut = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("body *")]
          .filter((element) => element.children.length === 0 && element.textContent?.trim() && element.getBoundingClientRect().width > 0)
          .filter(
            (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5 || element.scrollWidth > element.clientWidth + 1,
          )
          .filter((element) => !element.closest(".vh"))
          .map((element) => element.textContent!.trim().slice(0, 40)),
      );
      expect(cut).toEqual([]);
    });
  }
});
