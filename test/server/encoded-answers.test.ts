import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, basic, type Credentials, login, type Account } from "../api";
import { EncodedBodies, encodedBodies } from "@/lib/http/encoding";
import { ENCODED_HEADER } from "@/lib/server/content-encoding";
import { resetEnvForTests } from "@/lib/server/env";
import { securityHeaders } from "@/lib/server/security-headers";
import * as menuRoute from "@/app/api/v1/menus/[id]/route";
import * as changesStreamRoute from "@/app/api/v1/locations/[id]/changes/stream/route";
import * as previewDataRoute from "@/app/preview/menus/[menuId]/data/route";
import * as embedRoute from "@/app/embed/menus/[id]/route";
import * as sectionItemsRoute from "@/app/api/v1/sections/[id]/items/route";
import { serveRequests } from "../../server-front";

// The tagged reads' codings over real HTTP, through the production server's own request listener
// (server-front.ts, what server.ts serves with) in front of a stand-in for Next.js's request handler that
// sends a route's Response as Next.js does (next/dist/server/send-response.js: Content-Encoding,
// Content-Length and Transfer-Encoding dropped, the body piped chunk by chunk with a flush after each).
// RFC 9110 §15.4.5: a 304 names the tag the 200 would have, here the tag in the request's coding.
// Decision 071.

type Route = { GET: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> };

/** The few routes these tests read, by path, with their params (test/api.ts resolves none for a server). */
function routeOf(pathname: string): { route: Route; params: Record<string, string> } | null {
  let m = /^\/api\/v1\/menus\/(\d+)$/.exec(pathname);
  if (m) return { route: menuRoute, params: { id: m[1]! } };
  m = /^\/api\/v1\/sections\/(\d+)\/items$/.exec(pathname);
  if (m) return { route: sectionItemsRoute, params: { id: m[1]! } };
  m = /^\/api\/v1\/locations\/(\d+)\/changes\/stream$/.exec(pathname);
  if (m) return { route: changesStreamRoute, params: { id: m[1]! } };
  m = /^\/preview\/menus\/(\d+)\/data$/.exec(pathname);
  if (m) return { route: previewDataRoute, params: { menuId: m[1]! } };
  m = /^\/embed\/menus\/(\d+)$/.exec(pathname);
  if (m) return { route: embedRoute, params: { id: m[1]! } };
  return null;
}

/** Untagged JSON a route might answer (a list), past the 1 kB the server compresses from. */
const UNTAGGED = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ i, name: `Row ${i}` })) });

const FORBIDDEN = ["content-length", "content-encoding", "transfer-encoding"];
const REPEATABLE = ["set-cookie", "www-authenticate", "proxy-authenticate", "vary"];

async function sendLikeNext(req: http.IncomingMessage, res: http.ServerResponse, response: Response) {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (FORBIDDEN.includes(name)) return;
    if (REPEATABLE.includes(name) || res.getHeader(name) === undefined) res.appendHeader(name, value);
  });
  if (!response.body || req.method === "HEAD") {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once("close", () => void reader.cancel().catch(() => {}));
  let started = false;
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) break;
    if (!started) {
      started = true;
      res.flushHeaders();
    }
    res.write(value);
    (res as { flush?: () => void }).flush?.();
  }
  res.end();
}

async function nextStandIn(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (url.pathname === "/untagged") {
    await sendLikeNext(req, res, new Response(UNTAGGED, { headers: { "content-type": "application/json; charset=utf-8" } }));
    return;
  }
  const found = routeOf(url.pathname);
  if (!found) {
    await sendLikeNext(req, res, new Response("not here", { status: 404 }));
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const controller = new AbortController();
  res.once("close", () => controller.abort());
  const request = new Request(url, { method: req.method, headers, signal: controller.signal });
  await sendLikeNext(req, res, await found.route.GET(request, { params: Promise.resolve(found.params) }));
}

let server: http.Server;
let port: number;
let owner: Account;
let rival: Account;
let location: number;
let menuId: number;
let sectionId: number;
const saved = process.env.TAPROOM_SERVER;

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menuId = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Codings" } } })).body.menu.id;
  expect((await api.post(`menus/${menuId}/publish`, { as: owner.rw })).status).toBe(200);
  sectionId = (await api.post(`menus/${menuId}/sections`, { as: owner.rw, body: { section: { name: "Taps" } } })).body.section.id;
  for (let n = 0; n < 12; n++) {
    const item = { name: `Märzen Œuvre ${n} — 5 € 🍺`, description: "A long description to fill the answer well past a kilobyte." };
    expect((await api.post(`sections/${sectionId}/items`, { as: owner.rw, body: { item } })).status).toBe(201);
  }
  // As server.ts tells the app it is in front (lib/server/content-encoding.ts).
  process.env.TAPROOM_SERVER = "true";
  resetEnvForTests();
  server = http.createServer(serveRequests(Promise.resolve(nextStandIn), securityHeaders({ appUrl: undefined, development: false })));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  if (saved === undefined) delete process.env.TAPROOM_SERVER;
  else process.env.TAPROOM_SERVER = saved;
  resetEnvForTests();
  server.closeAllConnections();
  await new Promise<void>((closed) => server.close(() => closed()));
});

type Got = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string };

function get(path: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers["content-encoding"];
          const text = (coding === "gzip" ? gunzipSync(raw) : coding === "br" ? brotliDecompressSync(raw) : raw).toString("utf8");
          resolve({ status: res.statusCode!, headers: res.headers, raw, text });
        });
      })
      .on("error", reject)
      .end();
  });
}

const menuPath = () => `/api/v1/menus/${menuId}?full=true`;
const as = (who: Credentials, headers: Record<string, string> = {}) => ({ authorization: basic(who), ...headers });
const suffixed = (tag: string, coding: string) => `${tag.slice(0, -1)}-${coding}"`;

describe("a tagged read over HTTP", () => {
  it("answers br to `gzip, br` with the coding in its tag, and the 304 of that request names the same tag", async () => {
    const plain = await get(menuPath(), as(owner.ro));
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const tag = String(plain.headers.etag);
    expect(tag).toMatch(/^"[\w-]{27}"$/);
    expect(JSON.parse(plain.text).menu.sections[0].items).toHaveLength(12);

    const br = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip, br" }));
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.etag).toBe(suffixed(tag, "br"));
    expect(br.text).toBe(plain.text);
    for (const answer of [plain, br]) {
      expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
      expect(answer.headers["cache-control"]).toBe("private, no-cache");
      expect(answer.headers[ENCODED_HEADER]).toBeUndefined();
      // The security headers are still the server's.
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }

    // The tag of any coding (or none), weak, in a list, or `*`: not modified, answered in this request's coding.
    for (const named of [suffixed(tag, "br"), tag, suffixed(tag, "gzip"), `W/${suffixed(tag, "gzip")}`, `"other", ${tag}`, "*"]) {
      const unchanged = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip, br", "if-none-match": named }));
      expect([named, unchanged.status, unchanged.raw.length]).toEqual([named, 304, 0]);
      expect(unchanged.headers.etag).toBe(br.headers.etag);
      expect(String(unchanged.headers.vary)).toMatch(/accept-encoding/i);
      expect(unchanged.headers["cache-control"]).toBe("private, no-cache");
    }
    const gzip304 = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip", "if-none-match": suffixed(tag, "br") }));
    expect([gzip304.status, gzip304.headers.etag]).toEqual([304, suffixed(tag, "gzip")]);
    const identity304 = await get(menuPath(), as(owner.ro, { "if-none-match": suffixed(tag, "br") }));
    expect([identity304.status, identity304.headers.etag]).toEqual([304, tag]);
    expect((await get(menuPath(), as(owner.ro, { "if-none-match": `"${tag.slice(1, -1)}x"` }))).status).toBe(200);

    const gzip = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip;q=1, br;q=0.5" }));
    expect([gzip.headers["content-encoding"], gzip.headers.etag, gzip.text]).toEqual(["gzip", suffixed(tag, "gzip"), plain.text]);
    // A coding the app does not offer: identity, its tag without a suffix, and nothing compresses it after.
    const deflate = await get(menuPath(), as(owner.ro, { "accept-encoding": "deflate" }));
    expect([deflate.headers["content-encoding"], deflate.headers.etag, deflate.text]).toEqual([undefined, tag, plain.text]);
  });

  it("tags a ?lang= answer apart, in every coding, its 304 naming the 200's tag; without lang the answer is as before", async () => {
    const translations = { de: { name: "Abfüllungen" } };
    expect((await api.patch(`sections/${sectionId}`, { as: owner.rw, body: { section: { translations } } })).status).toBe(200);
    const plain = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip, br" }));
    const german = await get(`${menuPath()}&lang=de`, as(owner.ro, { "accept-encoding": "gzip, br" }));
    expect(german.headers["content-encoding"]).toBe("br");
    expect(german.headers.etag).toMatch(/-br"$/);
    expect(german.headers.etag).not.toBe(plain.headers.etag);
    expect(JSON.parse(german.text).menu.sections[0]).toMatchObject({ name: "Abfüllungen", translation: { language: "de", fallback: [] } });
    expect(plain.text).not.toContain("Abfüllungen");
    expect(plain.text).not.toContain('"translation"');
    for (const coding of ["gzip, br", "gzip", ""]) {
      const headers: Record<string, string> = coding ? { "accept-encoding": coding } : {};
      const first = await get(`${menuPath()}&lang=de`, as(owner.ro, headers));
      const again = await get(`${menuPath()}&lang=de`, as(owner.ro, { ...headers, "if-none-match": String(first.headers.etag) }));
      expect([coding, again.status, again.headers.etag]).toEqual([coding, 304, first.headers.etag]);
      // The German tag is not the plain answer's.
      expect((await get(menuPath(), as(owner.ro, { ...headers, "if-none-match": String(first.headers.etag) }))).status).toBe(200);
    }
    // The plain answer again: the same bytes and tag as before the ?lang= reads.
    const after = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip, br" }));
    expect([after.headers.etag, after.text]).toEqual([plain.headers.etag, plain.text]);
  });

  it("tags a section's items in each ?lang= apart, in every coding, 304 on it; without lang, the untagged answer as before", async () => {
    const itemsPath = `/api/v1/sections/${sectionId}/items`;
    const plain = await get(itemsPath, as(owner.ro, { "accept-encoding": "gzip, br" }));
    expect(plain.status).toBe(200);
    expect(plain.headers.etag).toBeUndefined();
    const german = await get(`${itemsPath}?lang=de`, as(owner.ro, { "accept-encoding": "gzip, br" }));
    expect(german.headers["content-encoding"]).toBe("br");
    expect(german.headers.etag).toMatch(/-br"$/);
    expect(JSON.parse(german.text).items[0].translation).toEqual({ language: "de", fallback: ["name", "description"] });
    for (const coding of ["gzip, br", "gzip", ""]) {
      const headers: Record<string, string> = coding ? { "accept-encoding": coding } : {};
      const first = await get(`${itemsPath}?lang=de`, as(owner.ro, headers));
      const again = await get(`${itemsPath}?lang=de`, as(owner.ro, { ...headers, "if-none-match": String(first.headers.etag) }));
      expect([coding, again.status, again.headers.etag]).toEqual([coding, 304, first.headers.etag]);
      const french = await get(`${itemsPath}?lang=fr`, as(owner.ro, { ...headers, "if-none-match": String(first.headers.etag) }));
      expect([coding, french.status]).toEqual([coding, 200]);
      expect(french.headers.etag).not.toBe(first.headers.etag);
    }
    const after = await get(itemsPath, as(owner.ro, { "accept-encoding": "gzip, br" }));
    expect([after.headers.etag, after.text]).toEqual([undefined, plain.text]);
  });

  it("answers an embed chosen by Accept-Language with Vary on it, compressed, and the 304 with the same tag", async () => {
    expect((await api.patch(`locations/${location}`, { as: owner.rw, body: { location: { languages: ["en", "de"] } } })).status).toBe(200);
    try {
      const headers = { "accept-encoding": "gzip, br", "accept-language": "de-CH, de;q=0.9" };
      const german = await get(`/embed/menus/${menuId}`, headers);
      expect(german.status).toBe(200);
      expect(german.headers["content-encoding"]).toBe("br");
      expect(german.headers["content-language"]).toBe("de");
      expect(String(german.headers.vary)).toMatch(/accept-language/i);
      expect(String(german.headers.vary)).toMatch(/accept-encoding/i);
      expect(german.text).toContain('<html lang="de">');
      const again = await get(`/embed/menus/${menuId}`, { ...headers, "if-none-match": String(german.headers.etag) });
      expect([again.status, again.headers.etag]).toEqual([304, german.headers.etag]);
      expect(String(again.headers.vary)).toMatch(/accept-language/i);
      const english = await get(`/embed/menus/${menuId}`, {
        "accept-encoding": "gzip, br",
        "accept-language": "en",
        "if-none-match": String(german.headers.etag),
      });
      expect(english.status).toBe(200);
      expect(english.text).toContain('<html lang="en">');
    } finally {
      expect((await api.patch(`locations/${location}`, { as: owner.rw, body: { location: { languages: ["en"] } } })).status).toBe(200);
    }
  });

  it("gives a changed menu a new tag in every coding", async () => {
    const before = await get(menuPath(), as(owner.ro, { "accept-encoding": "br" }));
    const item = { name: "Fresh Hop", description: "Only this week." };
    expect((await api.post(`sections/${sectionId}/items`, { as: owner.rw, body: { item } })).status).toBe(201);
    const after = await get(menuPath(), as(owner.ro, { "accept-encoding": "br", "if-none-match": String(before.headers.etag) }));
    expect(after.status).toBe(200);
    expect(after.headers.etag).toMatch(/-br"$/);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.text).toContain("Fresh Hop");
    const plain = await get(menuPath(), as(owner.ro));
    expect(after.headers.etag).toBe(suffixed(String(plain.headers.etag), "br"));
  });

  it("compresses a version once per coding for every caller who may read it, and tells nothing to one who may not", async () => {
    // A new version, so that nothing of it is kept yet.
    expect((await api.patch(`menus/${menuId}`, { as: owner.rw, body: { menu: { footer: "Cheers" } } })).status).toBe(200);
    const stats = encodedBodies().stats;
    const before = { ...stats };
    const first = await get(menuPath(), as(owner.ro, { "accept-encoding": "gzip" }));
    const second = await get(menuPath(), as(owner.rw, { "accept-encoding": "gzip" }));
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(stats.encoded - before.encoded).toBe(1);
    expect(stats.reused - before.reused).toBe(1);

    const refused = await get(menuPath(), as(rival.ro, { "accept-encoding": "gzip" }));
    expect(refused.status).toBe(404);
    expect(refused.headers.etag).toBeUndefined();
    expect(JSON.parse(refused.text).code).toBe("not_found");
    const alsoRefused = await get(menuPath(), as(rival.ro, { "accept-encoding": "gzip", "if-none-match": String(first.headers.etag) }));
    expect(alsoRefused.status).toBe(404);
    expect(stats.encoded - before.encoded).toBe(1);

    // Many boards reading the new version together: one compression, the others waiting for it or reusing it.
    expect((await api.patch(`menus/${menuId}`, { as: owner.rw, body: { menu: { footer: "Cheers again" } } })).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 16 }, () => get(menuPath(), as(owner.ro, { "accept-encoding": "gzip, br" }))));
    expect(new Set(burst.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(burst.every((answer) => answer.text.includes("Cheers again"))).toBe(true);
    expect(stats.encoded - before.encoded).toBe(2);
  });

  it("compresses the board's data once per body for every board that reads it", async () => {
    const stats = encodedBodies().stats;
    const before = { ...stats };
    const boards = await Promise.all(Array.from({ length: 4 }, () => get(`/preview/menus/${menuId}/data`, { "accept-encoding": "gzip" })));
    for (const board of boards) {
      expect(board.status).toBe(200);
      expect(board.headers["content-encoding"]).toBe("gzip");
      expect(board.headers["cache-control"]).toBe("private, no-store");
      expect(board.headers.etag).toBeUndefined();
      expect(JSON.parse(board.text).menu.id).toBe(menuId);
    }
    expect(stats.encoded - before.encoded).toBe(1);
  });
});

describe("a guest page over HTTP", () => {
  it("names its theme in its tag, so each theme's page is kept and answered as its own", async () => {
    const light = await get(`/embed/menus/${menuId}`, { "accept-encoding": "gzip" });
    const dark = await get(`/embed/menus/${menuId}?bg=%23000000&fg=%23ffffff`, { "accept-encoding": "gzip" });
    for (const page of [light, dark]) {
      expect([page.status, page.headers["content-encoding"], page.headers["cache-control"]]).toEqual([200, "gzip", "no-cache"]);
      expect(page.headers.etag).toMatch(/-gzip"$/);
    }
    expect(dark.headers.etag).not.toBe(light.headers.etag);
    expect(dark.text).toContain("#000000");
    expect(light.text).not.toContain("#000000");
    const again = await get(`/embed/menus/${menuId}?bg=%23000000&fg=%23ffffff`, {
      "accept-encoding": "gzip",
      "if-none-match": String(dark.headers.etag),
    });
    expect([again.status, again.headers.etag]).toEqual([304, dark.headers.etag]);
    expect(again.headers["content-security-policy"]).toContain("frame-ancestors");
  });
});

describe("what the app does not encode", () => {
  it("is compressed by the server per request, its headers left as they are", async () => {
    const gzip = await get("/untagged", { "accept-encoding": "gzip" });
    expect([gzip.headers["content-encoding"], gzip.headers.etag, gzip.text]).toEqual(["gzip", undefined, UNTAGGED]);
    const plain = await get("/untagged");
    expect([plain.headers["content-encoding"], plain.text]).toEqual([undefined, UNTAGGED]);
  });

  it("leaves an event stream uncompressed, each event readable as it is written", async () => {
    const first = await new Promise<{ encoding: string | undefined; type: string | undefined; chunk: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: "127.0.0.1",
          port,
          path: `/api/v1/locations/${location}/changes/stream`,
          headers: as(owner.ro, { "accept-encoding": "gzip, br" }),
          agent: false,
        },
        (response) => {
          response.once("data", (chunk: Buffer) => {
            resolve({ encoding: response.headers["content-encoding"], type: response.headers["content-type"], chunk: chunk.toString() });
            req.destroy();
          });
        },
      );
      req.on("error", reject);
      req.end();
    });
    expect(first.type).toContain("text/event-stream");
    expect(first.encoding).toBeUndefined();
    expect(first.chunk).toMatch(/^(:|id:|event:|retry:|data:)/m);
  });
});

describe("the encoded bodies kept", () => {
  const body = (label: string) => async () => Buffer.from(label.repeat(64));

  it("forget the least recently used past their size, and keep none larger than an entry may be", async () => {
    const one = (await new EncodedBodies().encode('"a"', "gzip", body("a"))).byteLength;
    const kept = new EncodedBodies(2 * one, one);
    await kept.encode('"a"', "gzip", body("a"));
    await kept.encode('"b"', "gzip", body("b"));
    await kept.encode('"a"', "gzip", body("a"));
    expect(kept.stats).toEqual({ encoded: 2, reused: 1, waited: 0 });
    await kept.encode('"c"', "gzip", body("c"));
    expect(kept.size).toEqual({ entries: 2, bytes: 2 * one });
    // "b" was the least recently used: compressed again; "a" was kept.
    await kept.encode('"a"', "gzip", body("a"));
    await kept.encode('"b"', "gzip", body("b"));
    expect(kept.stats).toEqual({ encoded: 4, reused: 2, waited: 0 });
    const tooBig = async () => Buffer.from(Array.from({ length: 4096 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join(""));
    await kept.encode('"big"', "br", tooBig);
    await kept.encode('"big"', "br", tooBig);
    expect(kept.stats.encoded).toBe(6);
    expect(kept.size.bytes).toBeLessThanOrEqual(2 * one);
  });

  it("keep each coding of a tag apart, and make readers who come during a compression wait for it", async () => {
    const kept = new EncodedBodies();
    let built = 0;
    const slow = async () => {
      built++;
      return Buffer.from("x".repeat(4096));
    };
    const together = await Promise.all([kept.encode('"t"', "br", slow), kept.encode('"t"', "br", slow), kept.encode('"t"', "br", slow)]);
    expect(new Set(together).size).toBe(1);
    expect(built).toBe(1);
    expect(kept.stats).toEqual({ encoded: 1, reused: 0, waited: 2 });
    const gzip = await kept.encode('"t"', "gzip", slow);
    expect(gunzipSync(gzip).toString()).toBe("x".repeat(4096));
    expect(brotliDecompressSync(together[0]!).toString()).toBe("x".repeat(4096));
    expect(built).toBe(2);
  });
});
