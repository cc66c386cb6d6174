import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, basic, login, type Account } from "./api";
import * as menuRoute from "@/app/api/v1/menus/[id]/route";
import { buildHeaderRules, type FastPath, fastPath, type HeaderRule } from "@/lib/api/fast-path";
import { nodeRoute } from "@/lib/api/node-route";

// server.mjs hands every request to lib/api/fast-path.ts first; what it declines goes to Next.js. Here
// a plain Node server does the same with a stand-in for Next.js that answers 599, so each test sees
// which requests the fast path takes and what it answers. e2e/full-menu-route.api.spec.ts holds the
// answers to Next.js's own for the same reads, through the real server.

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

// Header rules as Next.js compiles next.config.ts's headers() into routes-manifest.json.
const SECURITY: HeaderRule[] = [
  {
    regex: "^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
    headers: [
      { key: "X-Content-Type-Options", value: "nosniff" },
      { key: "Content-Security-Policy", value: "default-src 'self'; img-src 'self' data: https:; frame-ancestors 'none'" },
    ],
  },
  {
    regex: "^/preview/menus(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$",
    headers: [{ key: "Content-Security-Policy", value: "frame-ancestors *" }],
  },
];

const servers: http.Server[] = [];
let owner: Account;
let menuId: number;

/** A server whose requests the fast path for `rules` takes first; Next.js's stand-in answers 599. */
async function serve(rules: HeaderRule[], options?: { mark: boolean }): Promise<number> {
  const handler: FastPath = fastPath(rules, nodeRoute(menuRoute, "/api/v1/menus/", ["id"]), options);
  const server = http.createServer((req, res) => {
    if (handler(req, res)) return;
    res.statusCode = 599;
    res.end("declined");
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return (server.address() as AddressInfo).port;
}

function raw(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: target, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** The route function's own answer to the same read, called directly. */
async function direct(target: string, headers: Record<string, string>) {
  const response = await menuRoute.GET(new Request(`http://127.0.0.1${target}`, { headers }), {
    params: Promise.resolve({ id: String(menuId) }),
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  owner = await login("owner");
  const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menuId = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Fast path" } } })).body.menu.id;
  const section = (await api.post(`menus/${menuId}/sections`, { as: owner.rw, body: { section: { name: "Taps" } } })).body.section.id;
  // Enough items for a body past compression's 1 kB threshold.
  for (let n = 1; n <= 12; n++) await api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { name: `Beer number ${n}` } } });
});

afterAll(() => Promise.all(servers.map((server) => new Promise((done) => server.close(done)))));

describe("the full menu's fast path", () => {
  it("takes GET and HEAD of /api/v1/menus/:id with a full flag and answers what the route function answers", async () => {
    const port = await serve(SECURITY, { mark: true });
    const reads: [string, Record<string, string>][] = [
      ["?full=true&source_name=Board", {}],
      ["?full=true", { "accept-encoding": "gzip" }],
      ["?full=1", { "accept-encoding": "gzip, br" }],
      ["?full=false", {}],
      ["?full=maybe", {}],
      // Repeated parameters reach the route as sent; a query `id` does not replace the path's.
      ["?full=false&full=true&id=1", {}],
    ];
    for (const [query, extra] of reads) {
      const headers = { authorization: basic(owner.ro), ...extra };
      const served = await raw(port, "GET", `/api/v1/menus/${menuId}${query}`, headers);
      const called = await direct(`/api/v1/menus/${menuId}${query}`, headers);
      expect([query, served.status, served.headers["x-taproom-fast-path"]]).toEqual([query, called.status, "1"]);
      for (const name of ["etag", "content-type", "content-encoding", "cache-control"])
        expect([query, name, served.headers[name] ?? null]).toEqual([query, name, called.headers.get(name)]);
      const withoutId = (bytes: Buffer) => bytes.toString("latin1").replace(/"request_id":"[0-9a-f-]{36}"/, "");
      expect([query, withoutId(served.body)]).toEqual([query, withoutId(called.body)]);
    }
    const head = await raw(port, "HEAD", `/api/v1/menus/${menuId}?full=true`, {
      authorization: basic(owner.ro),
      "accept-encoding": "gzip",
    });
    expect([head.status, head.body.length, head.headers["content-encoding"]]).toEqual([200, 0, "gzip"]);
  });

  it("declines everything else, untouched, for Next.js", async () => {
    const port = await serve(SECURITY, { mark: true });
    const declined: [string, string][] = [
      ["POST", `/api/v1/menus/${menuId}?full=true`],
      ["PATCH", `/api/v1/menus/${menuId}?full=true`],
      ["DELETE", `/api/v1/menus/${menuId}?full=true`],
      ["GET", `/api/v1/menus/${menuId}`],
      ["GET", `/api/v1/menus/${menuId}?full=`],
      ["GET", `/api/v1/menus/${menuId}?source_name=Board`],
      ["GET", `/api/v1/menus/${menuId}.json?full=true`],
      ["GET", `/api/v1/menus/${menuId}/?full=true`],
      ["GET", `/api/v1/menus/%3${String(menuId).slice(-1)}?full=true`],
      ["GET", "/api/v1/menus/abc?full=true"],
      ["GET", `/api/v1/menus/${menuId}/sections?full=true`],
      ["GET", `/api/node/menus/${menuId}?full=true`],
      ["GET", `//api/v1/menus/${menuId}?full=true`],
    ];
    for (const [method, target] of declined) {
      const answer = await raw(port, method, target, { authorization: basic(owner.rw) });
      // Nothing set before declining: no mark, no rule's header.
      expect([method, target, answer.status, answer.headers["x-taproom-fast-path"], answer.headers["x-content-type-options"]]).toEqual([
        method,
        target,
        599,
        undefined,
        undefined,
      ]);
    }
  });

  it("adds the header rules that match the path, in order, a later rule's value winning", async () => {
    const port = await serve([
      ...SECURITY,
      { regex: "^/api/v1/menus/([^/]+?)(?:/)?$", headers: [{ key: "Content-Security-Policy", value: "sandbox" }] },
      { regex: "^/api/v1/locations(?:/(.*))?$", headers: [{ key: "X-Not-Here", value: "1" }] },
    ]);
    const answer = await raw(port, "GET", `/api/v1/menus/${menuId}?full=true`, { authorization: basic(owner.ro) });
    expect(answer.status).toBe(200);
    expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    expect(answer.headers["content-security-policy"]).toBe("sandbox");
    expect(answer.headers["x-not-here"]).toBeUndefined();
    expect(answer.headers["x-taproom-fast-path"]).toBeUndefined(); // not marked unless asked
  });

  it("declines the path when a matching rule has conditions or a parameter to fill in", async () => {
    const conditional = await serve([
      ...SECURITY,
      { regex: "^/api(?:/(.*))?$", headers: [{ key: "X-A", value: "1" }], has: [{ type: "query", key: "x" }] },
    ]);
    const parameter = await serve([...SECURITY, { regex: "^/api(?:/(.*))?$", headers: [{ key: "X-Path", value: "/:path" }] }]);
    const elsewhere = await serve([
      ...SECURITY,
      { regex: "^/sandbox(?:/(.*))?$", headers: [{ key: "X-A", value: "1" }], missing: [{ type: "host" }] },
    ]);
    const target = `/api/v1/menus/${menuId}?full=true`;
    expect((await raw(conditional, "GET", target, { authorization: basic(owner.ro) })).status).toBe(599);
    expect((await raw(parameter, "GET", target, { authorization: basic(owner.ro) })).status).toBe(599);
    expect((await raw(elsewhere, "GET", target, { authorization: basic(owner.ro) })).status).toBe(200);
  });

  it("compresses as Next.js does: what the read model left unencoded past 1 kB, never a small problem body", async () => {
    const port = await serve(SECURITY);
    const deflated = await raw(port, "GET", `/api/v1/menus/${menuId}?full=true`, {
      authorization: basic(owner.ro),
      "accept-encoding": "deflate",
    });
    expect([deflated.status, deflated.headers["content-encoding"], deflated.headers.vary]).toEqual([200, "deflate", "Accept-Encoding"]);
    const identity = await direct(`/api/v1/menus/${menuId}?full=true`, { authorization: basic(owner.ro) });
    expect(identity.body.length).toBeGreaterThan(1024);
    expect(inflateSync(deflated.body).equals(identity.body)).toBe(true);
    // The read model's own gzip goes out once.
    const gzip = await raw(port, "GET", `/api/v1/menus/${menuId}?full=true`, { authorization: basic(owner.ro), "accept-encoding": "gzip" });
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    const refused = await raw(port, "GET", `/api/v1/menus/${menuId}?full=true`, { "accept-encoding": "gzip" });
    expect([refused.status, refused.headers["content-encoding"], refused.headers.vary]).toEqual([401, undefined, "Accept-Encoding"]);
  });

  it("reads the header rules from the build's routes-manifest.json, and none without one", () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "taproom-manifest-"));
    expect(buildHeaderRules(folder)).toBeNull();
    writeFileSync(path.join(folder, "routes-manifest.json"), JSON.stringify({ version: 3, rewrites: [] }));
    expect(buildHeaderRules(folder)).toBeNull();
    writeFileSync(path.join(folder, "routes-manifest.json"), JSON.stringify({ version: 3, headers: SECURITY }));
    expect(buildHeaderRules(folder)).toEqual(SECURITY);
  });
});
