/**
 * The dashboard on a bar's phone (issue 36): loads the sign-in page, the menu editor (signed in as the
 * demo owner) and the menu display of a running server in Chromium (Playwright, /usr/bin/chromium or
 * CHROMIUM_PATH) under a mid-range phone profile through the DevTools protocol (CPU 4× slower, "Slow 4G":
 * 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up), and prints per page the largest contentful paint,
 * the total blocking time (long tasks' time over 50 ms, from first paint until the page has been quiet
 * for 2 s, as Lighthouse counts it) and the bytes transferred (on the wire, headers included). Figures
 * only, no assertion; targets: LCP < 2.5 s, TBT < 200 ms.
 *
 *   npm start   # or any running server with the demo data
 *   npm run bench -- phone --base http://127.0.0.1:3000 --runs 3
 */
import { parseArgs } from "node:util";
import { type BrowserContext, chromium } from "@playwright/test";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    runs: { type: "string", default: "3" },
    email: { type: "string", default: "owner@demo.test" },
    password: { type: "string", default: "demo-owner-pass" },
  },
});
const base = args.base!.replace(/\/$/, "");
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1e6) / 8, uploadThroughput: (750 * 1e3) / 8 };
const CPU_SLOWDOWN = 4;
const PAGES = [
  { name: "sign-in", path: "/sign-in", signedIn: false },
  { name: "menu editor", path: "/locations/1/menus", signedIn: true },
  { name: "menu display", path: "/preview/menus/1", signedIn: false },
];

/** Collects LCP and long tasks from the first byte on (buffered observers, installed before any script). */
const OBSERVE = () => {
  const state = { lcp: 0, longTasks: [] as { start: number; duration: number }[] };
  (window as unknown as { __perf: typeof state }).__perf = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = Math.max(state.lcp, entry.startTime);
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
};

async function measure(context: BrowserContext, path: string) {
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  let bytes = 0;
  cdp.on("Network.loadingFinished", (event) => {
    bytes += event.encodedDataLength;
  });
  await page.goto(`${base}${path}`, { waitUntil: "load" });
  // Quiet: no long task for 2 s (checked on the page's own clock), at most 30 s.
  await page.waitForFunction(
    () => {
      const perf = (window as unknown as { __perf: { longTasks: { start: number; duration: number }[] } }).__perf;
      const last = perf.longTasks.at(-1);
      return performance.now() - (last ? last.start + last.duration : 0) > 2_000;
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
  const result = await page.evaluate(() => {
    const perf = (window as unknown as { __perf: { lcp: number; longTasks: { start: number; duration: number }[] } }).__perf;
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
    const tbt = perf.longTasks.filter((task) => task.start >= fcp).reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0);
    return { lcp: perf.lcp, tbt, fcp };
  });
  await page.close();
  return { ...result, bytes };
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    console.log(`${base}: CPU ${CPU_SLOWDOWN}× slower, Slow 4G (${SLOW_4G.latency} ms, 1.6 Mbit/s down), 375 × 812`);
    const phone = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
    const staff = await browser.newContext(phone);
    const signIn = await staff.request.post(`${base}/api/session`, {
      data: { email: args.email, password: args.password },
      headers: { origin: base },
    });
    if (!signIn.ok()) throw new Error(`sign-in as ${args.email}: ${signIn.status()} ${await signIn.text()}`);
    for (const target of PAGES) {
      const rows: Awaited<ReturnType<typeof measure>>[] = [];
      for (let run = 1; run <= Number(args.runs); run++) {
        // A new context each run: nothing cached, as a phone opening it the first time.
        const context = await browser.newContext({ ...phone, storageState: target.signedIn ? await staff.storageState() : undefined });
        rows.push(await measure(context, target.path));
        await context.close();
      }
      const median = (pick: (row: Awaited<ReturnType<typeof measure>>) => number) =>
        rows.map(pick).sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
      console.log(
        `${target.name.padEnd(13)} ${target.path.padEnd(20)} LCP ${median((row) => row.lcp)
          .toFixed(0)
          .padStart(5)} ms   TBT ${median((row) => row.tbt)
          .toFixed(0)
          .padStart(
            4,
          )} ms   ${(median((row) => row.bytes) / 1024).toFixed(1).padStart(6)} kB transferred   (median of ${rows.length}; LCP target 2500, TBT 200)`,
      );
    }
    await staff.close();
  } finally {
    await browser.close();
  }
}

await main();
