import { isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, db, login, type Account } from "../api";
import { items } from "@/lib/db/schema";
import { GET } from "@/app/sandbox/labels/[...path]/route";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { sandbox } from "../sandbox-client";

// Issue 49, row 10: the demo must work offline. The demo's label images (and every image of the
// sandbox catalogue) are paths on the app's own origin, drawn by the app at /sandbox/labels/; no page
// of the demo asks a host that does not resolve.

const LABEL = /^\/sandbox\/labels\/beer\/\d+(-hd)?\.svg$/;

const get = (path: string) => GET(new Request(`http://localhost${path}`), { params: Promise.resolve({ path: path.split("/").slice(3) }) });

let owner: Account;
beforeAll(async () => {
  owner = await login("owner");
});

describe("the demo's label images", () => {
  it("are same-origin sandbox paths on every seeded item, each answered with an image", async () => {
    const rows = await (await db())
      .select({ label: items.labelImage, hd: items.labelImageHd })
      .from(items)
      .where(isNotNull(items.labelImage));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.label).toMatch(LABEL);
      expect(row.hd).toMatch(LABEL);
    }
    const first = await get(rows[0]!.hd!);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/svg+xml");
    expect(first.headers.get("cache-control")).toContain("immutable");
    expect(await first.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/);
  });

  it("are what the API says for the demo menus' items", async () => {
    const [location] = (await api.get("locations", { as: owner.ro })).body.locations as { id: number }[];
    const [menu] = (await api.get(`locations/${location!.id}/menus`, { as: owner.ro })).body.menus as { id: number }[];
    const tree = (await api.get(`menus/${menu!.id}?full=true`, { as: owner.ro })).body.menu;
    const labels = (tree.sections as { items: { label_image: string | null }[] }[])
      .flatMap((s) => s.items.map((i) => i.label_image))
      .filter(Boolean);
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(LABEL);
  });

  it("are the sandbox catalogue's own answer: no image of a beer, brewery or user names another host", async () => {
    await ensureSandboxData(await db());
    const beer = (await sandbox("/v4/beer/info/100001", { query: { compact: "true" } })).body.response.beer;
    expect(beer.beer_label).toBe("/sandbox/labels/beer/100001.svg");
    expect(beer.beer_label_hd).toBe("/sandbox/labels/beer/100001-hd.svg");
    expect(beer.brewery.brewery_label).toMatch(/^\/sandbox\/labels\/brewery\/\d+\.svg$/);
    for (const path of [
      beer.beer_label,
      beer.brewery.brewery_label,
      "/sandbox/labels/user/7-hd.svg",
      "/sandbox/labels/badge/first-pour-lg.svg",
    ])
      expect((await get(path)).status).toBe(200);
  });
});

describe("GET /sandbox/labels/…", () => {
  it("draws the same bytes for the same name, and different colours for different beers", async () => {
    const [a, b, c] = await Promise.all(
      ["/sandbox/labels/beer/1.svg", "/sandbox/labels/beer/1.svg", "/sandbox/labels/beer/2.svg"].map(async (p) => (await get(p)).text()),
    );
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("answers 404 for a kind it does not draw, a name that is not a plain .svg, or a deeper path", async () => {
    for (const path of [
      "/sandbox/labels/other/1.svg",
      "/sandbox/labels/beer/1.png",
      "/sandbox/labels/beer/..svg",
      "/sandbox/labels/beer/%3Cscript%3E.svg",
      `/sandbox/labels/beer/${"a".repeat(81)}.svg`,
      "/sandbox/labels/beer/1/2.svg",
      "/sandbox/labels/beer",
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type")).toContain("text/plain");
    }
  });
});
