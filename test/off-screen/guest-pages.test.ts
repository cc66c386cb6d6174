import QRCode from "qrcode";
import { beforeAll, describe, expect, it } from "vitest";
import { phoneMenuUrl } from "@/lib/menus/off-screen/qr";
import { securityHeaders } from "@/lib/server/security-headers";
import { api, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// The phone menu (/m/:locationId), its QR code, and the embedded menu (/embed/menus/:id) with the
// location's embed_origins (venue-operations §9, decision 066).

let owner: Account;
let rival: Account;
let downtown: number;
let harbor: number;
let menuId: number;
let draftId: number;
let gone: number;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, String(JSON.stringify(answer.body)).slice(0, 500)).toBe(status);
  return answer;
}
const post = async (url: string, body: unknown) => (await ok(api.post(url, { as: owner.rw, body }), 201)).body;
const patchLocation = (id: number, location: unknown, as = owner.rw) => api.patch(`locations/${id}`, { as, body: { location } });

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  [downtown, harbor] = (await api.get("locations", { as: owner.ro })).body.locations.map((location: { id: number }) => location.id);
  const pint = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
  menuId = (await post(`locations/${downtown}/menus`, { menu: { name: "Garden Menu" } })).menu.id;
  const section = (await post(`menus/${menuId}/sections`, { section: { name: "Garden Taps" } })).section;
  await post(`sections/${section.id}/items`, {
    item: { name: "Quokka Kölsch <light>", containers: [{ container_size_id: pint, price: "5.55" }] },
  });
  gone = (
    await post(`sections/${section.id}/items`, {
      item: { name: "Wombat Weizen", containers: [{ container_size_id: pint, price: "6.66" }] },
    })
  ).item.id;
  await ok(api.post(`menus/${menuId}/publish`, { as: owner.rw }));
  draftId = (await post(`locations/${downtown}/menus`, { menu: { name: "Secret Draft" } })).menu.id;
});

describe("GET /m/:locationId", () => {
  it("shows the published menus as plain HTML, current on every load (ETag, no-cache, 304)", async () => {
    const first = await ok(api.get(`/m/${downtown}`));
    expect(first.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(first.headers.get("cache-control")).toBe("no-cache");
    const html = first.body as string;
    expect(html).toContain("Garden Menu");
    expect(html).toContain("Quokka Kölsch &lt;light&gt;");
    expect(html).toContain("$5.55");
    expect(html).toContain("Wombat Weizen");
    expect(html).not.toContain("Secret Draft");
    // No script runs: the schema.org JSON-LD (venue-operations §13) is data, the only script element.
    expect(html.replace(/<script type="application\/ld\+json">.*?<\/script>/s, "")).not.toMatch(/<script|<link rel="stylesheet"|<img/);
    expect(first.bytes.byteLength).toBeLessThan(30 * 1024);
    const tag = first.headers.get("etag")!;
    const again = await ok(api.get(`/m/${downtown}`, { headers: { "if-none-match": tag } }), 304);
    expect(again.body).toBe("");
    // An 86 changes the page: a new tag, the item gone.
    await ok(api.post(`items/${gone}/86`, { as: owner.rw, body: { eighty_six: { until: null } } }));
    const after = await ok(api.get(`/m/${downtown}`, { headers: { "if-none-match": tag } }));
    expect(after.headers.get("etag")).not.toBe(tag);
    expect(after.body).not.toContain("Wombat Weizen");
    await ok(api.delete(`items/${gone}/86`, { as: owner.rw }));
    expect((await ok(api.get(`/m/${downtown}`))).body).toContain("Wombat Weizen");
  });

  it("is 404 for no such location and for an archived one", async () => {
    expect((await api.get("/m/999999")).status).toBe(404);
    const spare = (await post("locations", { location: { name: "Pop-up", time_zone: "America/New_York", currency: "USD" } })).location.id;
    expect((await api.get(`/m/${spare}`)).status).toBe(200);
    await ok(api.delete(`locations/${spare}`, { as: owner.rw }));
    const archived = await api.get(`/m/${spare}`);
    expect(archived.status).toBe(404);
    expect(archived.headers.get("content-type")).toContain("text/html");
  });
});

describe("GET /locations/:id/qr.svg", () => {
  it("is the phone menu's address as an SVG QR code, for the location's own staff", async () => {
    const answer = await ok(api.get(`locations/${downtown}/qr.svg`, { as: owner.ro }));
    expect(answer.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(answer.body).toMatch(/^<svg /);
    expect(answer.body).toBe(
      await QRCode.toString(phoneMenuUrl(downtown), {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 4,
        color: { dark: "#000000", light: "#ffffff" },
      }),
    );
    expect(phoneMenuUrl(downtown)).toMatch(new RegExp(`/m/${downtown}$`));
    expect((await api.get(`locations/${downtown}/qr.svg`, { as: rival.ro })).status).toBe(404);
  });
});

describe("GET /embed/menus/:id and embed_origins", () => {
  const policy = (answer: ApiResponse) => answer.headers.get("content-security-policy") ?? "";

  it("may be framed by no one until the location lists origins, then by those alone", async () => {
    const first = await ok(api.get(`/embed/menus/${menuId}`));
    expect(policy(first)).toContain("frame-ancestors 'none'");
    expect(first.body).toContain("Quokka Kölsch");
    expect(first.body).toContain("taproom:embed:height");
    const patched = await ok(
      patchLocation(downtown, { embed_origins: ["https://Pub.Example/", "http://127.0.0.1:4010", "https://pub.example"] }),
    );
    expect(patched.body.location.embed_origins).toEqual(["https://pub.example", "http://127.0.0.1:4010"]);
    expect((await ok(api.get(`locations/${downtown}`, { as: owner.ro }))).body.location.embed_origins).toEqual([
      "https://pub.example",
      "http://127.0.0.1:4010",
    ]);
    const framed = await ok(api.get(`/embed/menus/${menuId}`));
    expect(policy(framed)).toMatch(/frame-ancestors https:\/\/pub\.example http:\/\/127\.0\.0\.1:4010(;|$)/);
    // The tag follows the location: a 304 never keeps an old policy.
    expect(framed.headers.get("etag")).not.toBe(first.headers.get("etag"));
    await ok(patchLocation(downtown, { embed_origins: [] }));
    expect(policy(await ok(api.get(`/embed/menus/${menuId}`)))).toContain("frame-ancestors 'none'");
  });

  it("refuses what is not an origin, changing nothing", async () => {
    const before = await snapshot();
    for (const bad of [
      ["https://pub.example/menu"],
      ["javascript:alert(1)"],
      ["pub.example"],
      ["https://a.example; script-src *"],
      "https://pub.example",
      [1],
    ]) {
      const answer = await patchLocation(downtown, { embed_origins: bad });
      expect(answer.status, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(answer.body.errors)).toContain("embed_origins");
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://pub${i}.example`);
    expect((await patchLocation(downtown, { embed_origins: many })).status).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("themes the page from the query's colours and font, and refuses anything else", async () => {
    const themed = await ok(api.get(`/embed/menus/${menuId}?bg=101010&fg=%23fafafa&accent=f0a&font=serif`));
    expect(themed.body).toContain("--tr-bg:#101010;--tr-fg:#fafafa");
    expect(themed.body).toContain("--tr-accent:#f0a");
    expect(themed.body).toContain("Georgia");
    expect((await api.get(`/embed/menus/${menuId}?bg=red;}body{display:none`)).status).toBe(422);
    expect((await api.get(`/embed/menus/${menuId}?font=comic`)).status).toBe(422);
  });

  it("is 404 for a draft, and for another location's page there is no way in", async () => {
    const draft = await api.get(`/embed/menus/${draftId}`);
    expect(draft.status).toBe(404);
    expect(policy(draft)).toContain("frame-ancestors 'none'");
    expect((await api.get("/embed/menus/999999")).status).toBe(404);
    expect((await patchLocation(harbor, { embed_origins: ["https://x.example"] }, rival.rw)).status).toBe(404);
  });

  it("the server sets no other policy on the embed's path, and still 'none' everywhere else", () => {
    const headersOf = securityHeaders({ appUrl: undefined, development: false });
    const csp = (target: string) => headersOf(target).find(({ key }) => key === "Content-Security-Policy")?.value;
    expect(csp(`/embed/menus/${menuId}`)).toBeUndefined();
    expect(headersOf(`/embed/menus/${menuId}`).map(({ key }) => key)).toContain("X-Content-Type-Options");
    expect(csp(`/api/v1/menus/${menuId}/print.pdf?paper=a4`)).toContain("frame-ancestors 'self'");
    expect(csp(`/api/v1/menus/${menuId}/print.pdf/x`)).toContain("frame-ancestors 'none'");
    for (const target of [`/m/${downtown}`, "/embed/menus", "/embed/../menus/1", "/%65mbed/menus/1", "/dashboard"])
      expect(csp(target)).toContain("frame-ancestors 'none'");
  });

  it("serves the snippet's loader", async () => {
    const script = await ok(api.get("/embed.js"));
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(script.body).toContain("/embed/menus/");
    expect(script.body).toContain("taproom:embed:height");
  });
});
