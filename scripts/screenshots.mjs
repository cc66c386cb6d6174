// npm run screenshots — full-page screenshots of every dashboard page at desktop (1280×800) and
// phone (390×844) widths, signed in as the demo owner, from a running app (BASE, default
// http://127.0.0.1:3000). Writes OUT (default .screenshots/) <page>-<width>.png; open them and look.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";

const base = process.env.BASE ?? "http://127.0.0.1:3000";
const out = process.env.OUT ?? ".screenshots";
const location = process.env.LOCATION ?? "1";

const pages = [
  { name: "landing", path: "/", signedIn: false },
  { name: "sign-in", path: "/sign-in", signedIn: false },
  { name: "menu-editor", path: `/locations/${location}/menus`, signedIn: true },
  { name: "events", path: `/locations/${location}/events`, signedIn: true },
  { name: "hours", path: `/locations/${location}/hours`, signedIn: true },
  { name: "insights", path: `/locations/${location}/insights`, signedIn: true },
  { name: "account", path: "/account", signedIn: true },
  { name: "preview", path: "PREVIEW", signedIn: false },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-gpu",
    "--no-sandbox",
  ],
});
try {
  for (const [width, height, label] of [
    [1280, 800, "desktop"],
    [390, 844, "phone"],
  ]) {
    const guest = await browser.newContext({ baseURL: base, viewport: { width, height } });
    const owner = await browser.newContext({ baseURL: base, viewport: { width, height } });
    const signIn = await owner.newPage();
    await signIn.goto("/sign-in");
    await signIn.getByLabel("Email").fill(process.env.EMAIL ?? "owner@demo.test");
    await signIn.getByLabel("Password").fill(process.env.PASSWORD ?? "demo-owner-pass");
    await signIn.getByRole("button", { name: "Sign in" }).click();
    await signIn.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    // The preview shows the location's first published menu.
    const menus = await (await signIn.request.get(`/api/v1/locations/${location}/menus`)).json();
    const published = menus.menus.find((menu) => !menu.unpublished);
    for (const entry of pages) {
      const target = entry.path === "PREVIEW" ? (published ? `/preview/menus/${published.id}` : null) : entry.path;
      if (!target) continue;
      const page = await (entry.signedIn ? owner : guest).newPage();
      await page.goto(target, { waitUntil: "networkidle" });
      // Charts and lists settle after their queries; wait until no skeleton is left.
      await page
        .waitForFunction(() => !document.querySelector('[role="status"][aria-label^="Loading"]'), null, { timeout: 30_000 })
        .catch(() => {});
      const file = path.join(out, `${entry.name}-${label}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
      await page.close();
    }
    await guest.close();
    await owner.close();
  }
} finally {
  await browser.close();
}
