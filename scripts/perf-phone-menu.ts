/**
 * The phone menu on a slow phone (venue-operations §9, decision 066): loads /m/:locationId of a running
 * server in Chromium (Playwright, the system's /usr/bin/chromium or CHROMIUM_PATH) with the network and
 * CPU throttled through the DevTools protocol (DevTools' "Fast 3G": 562.5 ms latency, 1.44 Mbit/s down,
 * 675 kbit/s up; CPU 4× slower), and prints what was transferred (bytes on the wire, headers included,
 * from Network.loadingFinished) and the first (contentful) paint, for a first load and a reload (which
 * revalidates: ETag → 304). Figures only, no assertion; target: under 30 kB for the demo menu.
 *
 *   npm start   # or any running server
 *   npm run bench -- phone-menu --base http://127.0.0.1:3000 --location 1 --runs 3
 */
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3000" },
    location: { type: "string", default: "1" },
    runs: { type: "string", default: "3" },
  },
});
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1e6) / 8, uploadThroughput: (675 * 1e3) / 8 };
const CPU_SLOWDOWN = 4;
const url = `${args.base!.replace(/\/$/, "")}/m/${args.location}`;

type Load = { bytes: number; requests: number; statuses: number[]; firstPaint: number | null; firstContentfulPaint: number | null };

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    console.log(
      `${url}: Fast 3G (${FAST_3G.latency} ms, ${(FAST_3G.downloadThroughput * 8) / 1e6} Mbit/s down), CPU ${CPU_SLOWDOWN}× slower, viewport 375 × 812`,
    );
    for (let run = 1; run <= Number(args.runs); run++) {
      const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", FAST_3G);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
      let load: Load = fresh();
      // The status on the wire (a revalidated reload's 304; responseReceived shows the cached 200).
      cdp.on("Network.responseReceivedExtraInfo", (event) => load.statuses.push(event.statusCode));
      cdp.on("Network.loadingFinished", (event) => {
        load.bytes += event.encodedDataLength;
        load.requests += 1;
      });
      const measure = async (what: string, go: () => Promise<unknown>) => {
        load = fresh();
        await go();
        await page.waitForLoadState("load");
        await page
          .waitForFunction(() => performance.getEntriesByType("paint").length > 0, undefined, { timeout: 10_000 })
          .catch(() => undefined);
        const paints = await page.evaluate(() =>
          Object.fromEntries(performance.getEntriesByType("paint").map((entry) => [entry.name, entry.startTime])),
        );
        load.firstPaint = paints["first-paint"] ?? null;
        load.firstContentfulPaint = paints["first-contentful-paint"] ?? null;
        const ms = (value: number | null) => (value === null ? "–" : `${value.toFixed(0)} ms`);
        console.log(
          `run ${run} ${what.padEnd(7)} ${(load.bytes / 1024).toFixed(1).padStart(6)} kB transferred in ${load.requests} request(s) [${load.statuses.join(", ")}]   first paint ${ms(load.firstPaint)}   first contentful paint ${ms(load.firstContentfulPaint)}`,
        );
      };
      await measure("first", () => page.goto(url));
      await measure("reload", () => page.reload());
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

const fresh = (): Load => ({ bytes: 0, requests: 0, statuses: [], firstPaint: null, firstContentfulPaint: null });

await main();
