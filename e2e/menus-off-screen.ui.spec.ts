import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { type Page, test as plain } from "@playwright/test";
import { createBoardMenu } from "./menu-data";
import { api, expect, test } from "./ui-fixtures";

// Menus off the screen (venue-operations §9, decision 066): the phone menu read with JavaScript off
// and axe-clean at 375 px; a venue's page on another origin framing the embedded menu through the
// snippet and receiving its height, and a page on an origin not listed refused by the browser (CSP
// frame-ancestors); the print preview and the share dialog. Screenshots go to $OFF_SCREEN_SHOTS
// (default test-results/off-screen).

const SHOTS = process.env.OFF_SCREEN_SHOTS ?? "test-results/off-screen";
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 375, height: 812 };

plain.describe("the phone menu, JavaScript off", () => {
  plain.use({ javaScriptEnabled: false, viewport: PHONE });
  plain("reads the demo location's published menus with no script", async ({ page }) => {
    const response = await page.goto("/m/1");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Demo Taproom Downtown" })).toBeVisible();
    await expect(page.locator("#menu-1").getByRole("heading", { level: 2, name: "Beer List", exact: true })).toBeVisible();
    // Other specs publish menus of their own at this location; the demo's Beer List is menu 1.
    await expect(page.locator("#menu-1").getByText("Harbor Haze")).toBeVisible();
    // No script runs: the one <script> is the menu's JSON-LD for search listings (data, decision 084).
    await expect(page.locator('script:not([type="application/ld+json"])')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/phone-menu-375.png`, fullPage: true });
  });
});

plain("the phone menu passes axe at 375 px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/m/1");
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

/** A one-page site on its own 127.0.0.1 port: another origin than the app's. */
async function site(html: (origin: string) => string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(html(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** PATCH from the app's own origin, wherever the page is (the venue's site, after a test). */
async function setOrigins(page: Page, origins: string[]) {
  const origin = test.info().project.use.baseURL!;
  const response = await page.request.fetch("/api/v1/locations/1", {
    method: "PATCH",
    data: { location: { embed_origins: origins } },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test.describe
  .serial("the embedded menu", () => {
    let menu: Awaited<ReturnType<typeof createBoardMenu>>;
    let app: string;

    test.beforeEach(async ({ page, baseURL }) => {
      app = baseURL!;
      await page.goto("/dashboard");
      menu ??= await createBoardMenu(page, { Embedded: ["Otter Pils", "Heron Red", "Stoat Stout", "Vole Wit"] });
      const published = await api(page).send("POST", `/api/v1/menus/${menu.id}/publish`);
      expect([200, 409]).toContain(published.status());
    });
    test.afterEach(async ({ page }) => setOrigins(page, []));

    test("a listed origin frames it through the snippet and is told its height", async ({ page }) => {
      const venue = await site(
        () =>
          `<!doctype html><html lang="en"><head><title>The venue</title></head><body style="margin:0;font:16px sans-serif">` +
          `<h1 style="margin:16px">Our beers</h1><script>window.heights=[];addEventListener("message",function(e){` +
          `if(e.data&&e.data.type==="taproom:embed:height")heights.push(e.data.height)})</script>` +
          `<script src="${app}/embed.js" data-menu="${menu.id}" data-accent="1d5fd1" data-title="Our beers" async></script>` +
          `<p style="margin:16px">Below the menu.</p></body></html>`,
      );
      try {
        await setOrigins(page, [venue.origin]);
        await page.goto(venue.origin);
        const frame = page.frameLocator('iframe[title="Our beers"]');
        await expect(frame.getByRole("heading", { level: 1, name: menu.name })).toBeVisible();
        await expect(frame.getByText(menu.sections[0]!.items[3]!.name)).toBeVisible();
        await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length)).toBeGreaterThan(0);
        // The snippet's script sizes the frame to the menu as told (no inner scroll bar, nothing cut), at
        // each width: the frame's height is the menu's document's.
        const sized = async () => {
          const outer = await page.locator("iframe").evaluate((element) => (element as HTMLIFrameElement).style.height);
          const inner = await frame.locator("html").evaluate((element) => Math.ceil(element.getBoundingClientRect().height));
          const told = await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1));
          return outer === `${inner}px` && told === inner;
        };
        await expect.poll(sized).toBe(true);
        await page.screenshot({ path: `${SHOTS}/embed-1280.png`, fullPage: true });
        await page.setViewportSize(PHONE);
        await expect.poll(sized).toBe(true);
        await page.screenshot({ path: `${SHOTS}/embed-375.png`, fullPage: true });
      } finally {
        await venue.close();
      }
    });

    test("an origin not listed is refused by the browser", async ({ page }) => {
      const listed = await site(() => "<!doctype html><title>listed</title>");
      const other = await site(
        () =>
          `<!doctype html><html lang="en"><title>Not listed</title><iframe title="menu" src="${app}/embed/menus/${menu.id}" style="width:100%;height:400px"></iframe></html>`,
      );
      try {
        await setOrigins(page, [listed.origin]);
        const refused = page.waitForEvent("console", (message) => /frame-ancestors/.test(message.text()));
        await page.goto(other.origin);
        expect((await refused).text()).toContain(listed.origin);
        await expect(page.frameLocator('iframe[title="menu"]').getByText(menu.sections[0]!.items[0]!.name)).toHaveCount(0);
      } finally {
        await listed.close();
        await other.close();
      }
    });

    test("the board's Print shows the PDF of the paper and layout chosen, and Share the QR code and snippet", async ({ page }) => {
      await page.goto("/locations/1/menus");
      await page.getByRole("button", { name: `${menu.name} Published` }).click();
      await page.getByRole("button", { name: `Print ${menu.name}` }).click();
      const dialog = page.getByRole("dialog", { name: `Print ${menu.name}` });
      const a4 = page.waitForResponse((response) => response.url().includes(`/menus/${menu.id}/print.pdf?paper=a4&layout=tap-list`));
      await dialog.getByLabel("Paper").selectOption("a4");
      await dialog.getByLabel("Layout").selectOption("tap-list");
      const pdf = await a4;
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      expect(pdf.headers()["content-security-policy"]).toContain("frame-ancestors 'self'");
      await expect(dialog.locator("iframe")).toHaveAttribute("src", /paper=a4&layout=tap-list/);
      // For the picture only (nothing is asserted on time): the browser's PDF viewer draws after the answer.
      await page.waitForTimeout(2000);
      await page.screenshot({ path: `${SHOTS}/print-preview-1280.png` });
      await dialog.getByRole("button", { name: "Close" }).click();

      await page.getByRole("button", { name: new RegExp(`^Share the phone menu.*${menu.name}$`) }).click();
      const share = page.getByRole("dialog", { name: `Share ${menu.name}` });
      await expect(share.getByRole("img", { name: /QR code for .*\/m\/1$/ })).toBeVisible();
      await expect(share.getByText(`data-menu="${menu.id}"`)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/share-1280.png` });
    });

    test("the location's settings say which sites may show its menus, and refuse what is not an origin", async ({ page }) => {
      await page.goto("/locations");
      await page.getByRole("button", { name: "Edit Demo Taproom Downtown" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit Demo Taproom Downtown" });
      const sites = dialog.getByLabel("Sites that may show your menus");
      await sites.fill("https://pub.example\nhttps://pub.example/menu");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog.getByText(/must be an origin such as https:\/\/pub\.example/)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/location-embed-origins-refused.png` });
      await sites.fill("https://pub.example\nhttp://localhost:8080/");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await expect(dialog).toBeHidden();
      const location = (await (await api(page).get("/api/v1/locations/1")).json()) as { location: { embed_origins: string[] } };
      expect(location.location.embed_origins).toEqual(["https://pub.example", "http://localhost:8080"]);
    });
  });
