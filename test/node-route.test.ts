import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, basic, login, type Account } from "./api";
import type { RouteFn } from "@/lib/api/handler";
import * as menuRoute from "@/app/api/v1/menus/[id]/route";
import * as locationRoute from "@/app/api/v1/locations/[id]/route";
import * as eventsRoute from "@/app/api/v1/locations/[id]/events/route";
import * as hoursRoute from "@/app/api/v1/locations/[id]/hours/route";
import * as menusRoute from "@/app/api/v1/locations/[id]/menus/route";
import * as currentUserRoute from "@/app/api/v1/current_user/route";
import * as containerSizesRoute from "@/app/api/v1/container_sizes/route";
import menuPage from "@/pages/api/node/menus/[id]";
import locationPage from "@/pages/api/node/locations/[id]/index";
import eventsPage from "@/pages/api/node/locations/[id]/events";
import hoursPage from "@/pages/api/node/locations/[id]/hours";
import menusPage from "@/pages/api/node/locations/[id]/menus";
import currentUserPage from "@/pages/api/node/current-user";
import containerSizesPage from "@/pages/api/node/container-sizes";
import { nodeRoute } from "@/lib/api/node-route";

// The polled reads are served past Next.js's route-handler pipeline: next.config.ts rewrites
// /api/v1/menus/:id?full=…, /api/v1/locations/:id(/events|/hours|/menus), /api/v1/current_user and
// /api/v1/container_sizes to pages/api/node/…,
// which run the route module's own verbs through lib/api/node-route.ts. Here a plain Node server hands
// requests to those pages the way Next.js does after the rewrite (the caller's path without its query,
// the query parsed with the segment merged in; e2e/full-menu-route.api.spec.ts pins that through the
// real server), and every answer must be the one the route function gives when called directly: same
// status, headers and bytes.

type Page = (req: IncomingMessage & { query: Record<string, string | string[]> }, res: ServerResponse) => Promise<void>;
type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };
type Served = { path: RegExp; page: unknown; module: { GET: RouteFn }; onlyWith?: string };

// The rewrites of next.config.ts, in its order; `onlyWith`: the query parameter the rewrite requires.
const SERVED: Served[] = [
  { path: /^\/(?:api\/v1|api\/node)\/menus\/([^/]+?)(?:\.json)?$/, page: menuPage, module: menuRoute, onlyWith: "full" },
  { path: /^\/(?:api\/v1|api\/node)\/locations\/([^/]+?)(?:\.json)?$/, page: locationPage, module: locationRoute },
  { path: /^\/(?:api\/v1|api\/node)\/locations\/([^/]+)\/events(?:\.json)?$/, page: eventsPage, module: eventsRoute },
  { path: /^\/(?:api\/v1|api\/node)\/locations\/([^/]+)\/hours(?:\.json)?$/, page: hoursPage, module: hoursRoute },
  { path: /^\/(?:api\/v1|api\/node)\/locations\/([^/]+)\/menus(?:\.json)?$/, page: menusPage, module: menusRoute },
  { path: /^\/(?:api\/v1\/current_user|api\/node\/current-user)(?:\.json)?$/, page: currentUserPage, module: currentUserRoute },
  {
    path: /^\/(?:api\/v1\/container_sizes|api\/node\/container-sizes)(?:\.json)?$/,
    page: containerSizesPage,
    module: containerSizesRoute,
  },
];

/** A server that rewrites like next.config.ts to the pages in `served`. */
function rewritingServer(served: Served[]) {
  return http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of url.searchParams) {
      const had = query[name];
      query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    const target = served.find(({ path, onlyWith }) => path.test(url.pathname) && (!onlyWith || url.searchParams.has(onlyWith)));
    if (!target) {
      res.statusCode = 599; // not a page's: the test asked for a path the rewrites do not send there
      res.end();
      return;
    }
    const [, id] = url.pathname.match(target.path)!;
    // Rewritten: Next.js hands the page the caller's path without its query; called directly, the URL.
    if (url.pathname.startsWith("/api/v1/")) req.url = url.pathname;
    void (target.page as Page)(Object.assign(req, { query: id === undefined ? query : { ...query, id } }), res);
  });
}

let server: http.Server;
let port: number;
let owner: Account;
let menuId: number;
let locationId: number;

function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The route function's own answer to the same request, called directly. */
async function direct(path: string, headers: Record<string, string>) {
  const pathname = path.split("?")[0]!;
  const target = SERVED.find(({ path: pattern }) => pattern.test(pathname))!;
  const [, id] = pathname.match(target.path)!;
  const params = Promise.resolve(id === undefined ? {} : { id });
  const response = await target.module.GET(new Request(`http://127.0.0.1${path}`, { headers }), { params });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

const COMPARED = ["etag", "content-type", "content-encoding", "cache-control", "vary", "www-authenticate", "allow"];

function expectSameAnswer(served: Raw, called: Awaited<ReturnType<typeof direct>>) {
  expect(served.status).toBe(called.status);
  for (const name of COMPARED) expect([name, served.headers[name] ?? null]).toEqual([name, called.headers.get(name)]);
  expect(served.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  // Problem bodies name their own request id; everything else is the same bytes.
  const withoutId = (bytes: Buffer) => bytes.toString("latin1").replace(/"request_id":"[0-9a-f-]{36}"/, "");
  expect(withoutId(served.body)).toBe(withoutId(called.body));
}

beforeAll(async () => {
  owner = await login("owner");
  const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  locationId = location;
  menuId = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Node route" } } })).body.menu.id;
  const section = (await api.post(`menus/${menuId}/sections`, { as: owner.rw, body: { section: { name: "Drafts" } } })).body.section.id;
  for (const name of ["House Lager", "Porter", "Kölsch"])
    await api.post(`sections/${section}/items`, { as: owner.rw, body: { item: { name } } });
  server = rewritingServer(SERVED);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("the full menu served through the Node adapter", () => {
  const reads: [string, string, Record<string, string>][] = [
    ["identity", "?full=true", {}],
    ["gzip", "?full=true", { "accept-encoding": "gzip" }],
    ["br", "?full=1", { "accept-encoding": "gzip, br" }],
    ["the last of repeated parameters", "?full=false&full=true&source_name=Board", {}],
    ["full=false: the menu alone", "?full=false", {}],
    ["a bad flag: 422", "?full=maybe", {}],
  ];
  it.each(reads)("answers what the route function answers: %s", async (_, query, headers) => {
    const auth = { authorization: basic(owner.ro), ...headers };
    expectSameAnswer(await raw("GET", `/api/v1/menus/${menuId}${query}`, auth), await direct(`/api/v1/menus/${menuId}${query}`, auth));
  });

  it("answers the same through the .json path", async () => {
    const auth = { authorization: basic(owner.ro) };
    const served = await raw("GET", `/api/v1/menus/${menuId}.json?full=true`, auth);
    expect(served.status).toBe(200);
    expect(JSON.parse(served.body.toString()).menu.sections[0].items).toHaveLength(3);
  });

  it("refuses what the route refuses: no credentials 401, another business's menu 404, a malformed id 404", async () => {
    for (const [path, headers] of [
      [`/api/v1/menus/${menuId}?full=true`, {}],
      [`/api/v1/menus/${menuId}?full=true`, { authorization: basic((await login("rival")).ro) }],
      ["/api/v1/menus/abc?full=true", { authorization: basic(owner.ro) }],
    ] as const) {
      const served = await raw("GET", path, headers);
      expect(served.status).toBeGreaterThanOrEqual(401);
      expectSameAnswer(served, await direct(path, headers));
    }
  });

  it("answers 304 without a body to the tag, and HEAD with GET's headers and no body", async () => {
    const auth = { authorization: basic(owner.ro), "accept-encoding": "gzip" };
    const first = await raw("GET", `/api/v1/menus/${menuId}?full=true`, auth);
    const unchanged = await raw("GET", `/api/v1/menus/${menuId}?full=true`, { ...auth, "if-none-match": String(first.headers.etag) });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body.length).toBe(0);
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    const head = await raw("HEAD", `/api/v1/menus/${menuId}?full=true`, auth);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers.etag).toBe(first.headers.etag);
    expect(head.headers["content-encoding"]).toBe("gzip");
  });

  it("passes a write's body through: PATCH with ?full= renames the menu, and the read-only token is refused", async () => {
    const body = JSON.stringify({ menu: { name: "Renamed through the adapter" } });
    const json = { "content-type": "application/json" };
    const refused = await raw("PATCH", `/api/v1/menus/${menuId}?full=true`, { ...json, authorization: basic(owner.ro) }, body);
    expect(refused.status).toBe(403);
    expect((await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.name).toBe("Node route");
    const renamed = await raw("PATCH", `/api/v1/menus/${menuId}?full=true`, { ...json, authorization: basic(owner.rw) }, body);
    expect(renamed.status).toBe(200);
    expect(JSON.parse(renamed.body.toString()).menu.name).toBe("Renamed through the adapter");
    expect((await api.get(`menus/${menuId}`, { as: owner.ro })).body.menu.name).toBe("Renamed through the adapter");
  });

  it("answers OPTIONS with Allow, 405 with Allow for a verb the path does not offer, bare 405 for an unknown method", async () => {
    const options = await raw("OPTIONS", `/api/v1/menus/${menuId}?full=true`);
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe("GET, HEAD, PUT, PATCH, DELETE, OPTIONS");
    const post = await raw("POST", `/api/v1/menus/${menuId}?full=true`, { authorization: basic(owner.rw) });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe(options.headers.allow);
    expect((await raw("PROPFIND", `/api/v1/menus/${menuId}?full=true`)).status).toBe(405);
  });

  it("is not an address of its own: /api/node/menus/:id answers 404 in problem+json", async () => {
    const served = await raw("GET", `/api/node/menus/${menuId}?full=true`, { authorization: basic(owner.ro) });
    expect(served.status).toBe(404);
    expect(JSON.parse(served.body.toString())).toMatchObject({ status: 404, detail: `No API route at /api/node/menus/${menuId}.` });
  });
});

describe("the location reads, the current user and the container sizes served through the Node adapter", () => {
  const paths: [string, () => string][] = [
    ["GET /current_user", () => "/api/v1/current_user"],
    ["GET /container_sizes.json", () => "/api/v1/container_sizes.json"],
    ["GET /locations/:id", () => `/api/v1/locations/${locationId}`],
    ["GET /locations/:id/events", () => `/api/v1/locations/${locationId}/events`],
    ["GET /locations/:id/hours", () => `/api/v1/locations/${locationId}/hours`],
    ["GET /locations/:id/menus", () => `/api/v1/locations/${locationId}/menus`],
    ["GET /locations/:id/menus?include_legacy=true", () => `/api/v1/locations/${locationId}/menus?include_legacy=true`],
    ["GET /locations/:id/events of another business: 404", () => "/api/v1/locations/999999/events"],
  ];
  it.each(paths)("answers what the route function answers: %s", async (_, path) => {
    const auth = { authorization: basic(owner.ro), "accept-encoding": "gzip" };
    const first = await raw("GET", path(), auth);
    expectSameAnswer(first, await direct(path(), auth));
    if (first.status !== 200) return;
    const tagged = { ...auth, "if-none-match": String(first.headers.etag) };
    expectSameAnswer(await raw("GET", path(), tagged), await direct(path(), tagged));
  });

  it("refuses a caller without credentials as the route does: GET /current_user is 401 with its challenge", async () => {
    const served = await raw("GET", "/api/v1/current_user");
    expect(served.status).toBe(401);
    expectSameAnswer(served, await direct("/api/v1/current_user", {}));
  });

  it("passes a write through: POST /locations/:id/events creates the event, and the list shows it", async () => {
    const before = await raw("GET", `/api/v1/locations/${locationId}/events`, { authorization: basic(owner.ro) });
    const event = { name: "Tap takeover", description: "Six guest taps.", start_time_date: "2030-05-01", start_time_time: "19:00" };
    const body = JSON.stringify({ event });
    const json = { "content-type": "application/json" };
    const created = await raw("POST", `/api/v1/locations/${locationId}/events`, { ...json, authorization: basic(owner.rw) }, body);
    expect(created.status, created.body.toString()).toBe(201);
    const after = await raw("GET", `/api/v1/locations/${locationId}/events`, {
      authorization: basic(owner.ro),
      "if-none-match": String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(JSON.parse(after.body.toString()).events.map((listed: { name: string }) => listed.name)).toContain("Tap takeover");
  });
});

describe("the adapter itself", () => {
  it("sends every Set-Cookie apart, and a route function that throws answers 500 in problem+json", async () => {
    const route = async (request: Request) => {
      if (new URL(request.url).searchParams.has("fail")) throw new Error("boom");
      const headers = new Headers({ "content-type": "text/plain" });
      headers.append("set-cookie", "a=1; Path=/");
      headers.append("set-cookie", "b=2; Path=/");
      return new Response("ok", { headers });
    };
    const page = nodeRoute({ GET: route }, "/api/v1/menus/", ["id"]) as unknown as Page;
    const own = rewritingServer([{ path: SERVED[0]!.path, page, module: { GET: route }, onlyWith: "full" }]);
    await new Promise<void>((done) => own.listen(0, "127.0.0.1", done));
    const before = port;
    port = (own.address() as AddressInfo).port;
    try {
      const ok = await raw("GET", "/api/v1/menus/1?full=true");
      expect(ok.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
      expect(ok.body.toString()).toBe("ok");
      const failed = await raw("GET", "/api/v1/menus/1?full=true&fail=1");
      expect(failed.status).toBe(500);
      expect(JSON.parse(failed.body.toString())).toMatchObject({ status: 500 });
    } finally {
      port = before;
      await new Promise<void>((done) => own.close(() => done()));
    }
  });
});
