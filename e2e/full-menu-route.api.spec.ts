import { gunzipSync } from "node:zlib";
import { expect, rawRequest as raw, test } from "./fixtures";

// GET /api/v1/menus/:id?full=… is served by pages/api/node/menus/[id].ts (next.config.ts rewrites
// it; lib/api/node-route.ts). What the adapter relies on, pinned through the real server: the caller's
// query survives the rewrite, a write's body reaches the route, the read model's compression goes out
// once, and the page's own address is not part of the API. test/node-route.test.ts holds the rest.
// Most full-menu reads do not even reach Next.js: server.mjs answers them first (lib/api/fast-path.ts),
// and the last test holds those answers to the ones Next.js gives for the same read.

test("the full menu keeps its query, is compressed once, takes writes, and has no second address", async ({ baseURL, request, owner }) => {
  const { locations } = await (await request.get("/api/v1/locations", { headers: owner.read })).json();
  const created = await request.post(`/api/v1/locations/${locations[0].id}/menus`, {
    headers: owner.write,
    data: { menu: { name: "Adapter check" } },
  });
  const menuId = (await created.json()).menu.id as number;
  const section = await request.post(`/api/v1/menus/${menuId}/sections`, { headers: owner.write, data: { section: { name: "Taps" } } });
  expect(section.status()).toBe(201);

  // The query reaches the route: full=true is the tree, full=false the menu alone, a bad flag 422.
  const tree = await raw(baseURL!, "GET", `/api/v1/menus/${menuId}?full=true`, owner.read);
  expect(tree.status).toBe(200);
  expect(tree.headers["x-request-id"]).toBeTruthy();
  expect(JSON.parse(tree.body.toString()).menu.sections).toHaveLength(1);
  const alone = await raw(baseURL!, "GET", `/api/v1/menus/${menuId}?full=false`, owner.read);
  expect(JSON.parse(alone.body.toString()).menu.sections).toBeUndefined();
  expect((await raw(baseURL!, "GET", `/api/v1/menus/${menuId}?full=maybe`, owner.read)).status).toBe(422);

  // Compressed by the read model, once: gunzip gives the same JSON; the tag answers 304.
  const gzip = await raw(baseURL!, "GET", `/api/v1/menus/${menuId}?full=true`, { ...owner.read, "accept-encoding": "gzip" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(JSON.parse(tree.body.toString()));
  const tag = String(gzip.headers.etag);
  const unchanged = await raw(baseURL!, "GET", `/api/v1/menus/${menuId}?full=true`, { ...owner.read, "if-none-match": tag });
  expect([unchanged.status, unchanged.body.length]).toEqual([304, 0]);

  // A write through the rewritten path: its JSON body reaches the route, and the next read shows it.
  const body = JSON.stringify({ menu: { name: "Adapter check, renamed" } });
  const renamed = await raw(
    baseURL!,
    "PATCH",
    `/api/v1/menus/${menuId}?full=true`,
    { ...owner.write, "content-type": "application/json" },
    body,
  );
  expect(renamed.status).toBe(200);
  const after = await raw(baseURL!, "GET", `/api/v1/menus/${menuId}?full=true`, { ...owner.read, "if-none-match": tag });
  expect(after.status).toBe(200);
  expect(JSON.parse(after.body.toString()).menu.name).toBe("Adapter check, renamed");

  // The page's own address answers 404, as any path no API route serves.
  const own = await raw(baseURL!, "GET", `/api/node/menus/${menuId}?full=true`, owner.read);
  expect(own.status).toBe(404);
  expect(JSON.parse(own.body.toString()).detail).toBe(`No API route at /api/node/menus/${menuId}.`);
  await request.delete(`/api/v1/menus/${menuId}`, { headers: owner.write });
});

test("the location reads, current user and sizes keep their path, query and tag through the rewrite", async ({
  baseURL,
  request,
  owner,
}) => {
  const { locations } = await (await request.get("/api/v1/locations", { headers: owner.read })).json();
  const id = locations[0].id as number;
  const polled = [
    `/api/v1/locations/${id}`,
    `/api/v1/locations/${id}/events`,
    `/api/v1/locations/${id}/hours.json`,
    "/api/v1/container_sizes",
  ];
  for (const path of polled) {
    const first = await raw(baseURL!, "GET", path, owner.read);
    expect(first.status, path).toBe(200);
    const again = await raw(baseURL!, "GET", path, { ...owner.read, "if-none-match": String(first.headers.etag) });
    expect([path, again.status]).toEqual([path, 304]);
  }
  // The query reaches the route: a bad include_legacy flag is refused.
  expect((await raw(baseURL!, "GET", `/api/v1/locations/${id}/menus?include_legacy=true`, owner.read)).status).toBe(200);
  expect((await raw(baseURL!, "GET", `/api/v1/locations/${id}/menus?include_legacy=maybe`, owner.read)).status).toBe(422);
  expect((await raw(baseURL!, "GET", `/api/node/locations/${id}/events`, owner.read)).status).toBe(404);
  // The current user: the caller's own, its challenge without credentials, no second address.
  const me = await raw(baseURL!, "GET", "/api/v1/current_user.json", owner.read);
  expect(me.status).toBe(200);
  expect(JSON.parse(me.body.toString()).current_user.email).toBe("owner@demo.test");
  const anonymous = await raw(baseURL!, "GET", "/api/v1/current_user", {});
  expect([anonymous.status, anonymous.headers["www-authenticate"]]).toEqual([401, expect.stringContaining("Basic")]);
  expect((await raw(baseURL!, "GET", "/api/node/current-user", owner.read)).status).toBe(404);
});

test("server.mjs answers the full menu before Next.js, exactly as Next.js answers it", async ({ baseURL, owner }) => {
  const { locations } = JSON.parse((await raw(baseURL!, "GET", "/api/v1/locations", owner.read)).body.toString());
  const menus = JSON.parse((await raw(baseURL!, "GET", `/api/v1/locations/${locations[0].id}/menus`, owner.read)).body.toString());
  const id = menus.menus[0].id as number;
  const tag = String(
    (await raw(baseURL!, "GET", `/api/v1/menus/${id}?full=true`, { ...owner.read, "accept-encoding": "gzip" })).headers.etag,
  );
  // Each read twice: as boards send it (the fast path: MARK_FAST_PATH marks its answers), and with the
  // `.json` suffix, which the fast path leaves to Next.js's rewrites (to the same page function).
  // Everything but the date, the request id and the mark must be equal, body bytes included.
  const reads: [string, string, string, Record<string, string>][] = [
    ["identity", "GET", `${id}?full=true&source_name=Parity`, owner.read],
    ["gzip", "GET", `${id}?full=true&source_name=Parity`, { ...owner.read, "accept-encoding": "gzip" }],
    ["br", "GET", `${id}?full=true`, { ...owner.read, "accept-encoding": "br;q=1, gzip;q=0.5" }],
    // The read model does not deflate; Next.js's compression does, on both paths.
    ["deflate", "GET", `${id}?full=true`, { ...owner.read, "accept-encoding": "deflate" }],
    ["304", "GET", `${id}?full=true`, { ...owner.read, "accept-encoding": "gzip", "if-none-match": tag }],
    ["HEAD", "HEAD", `${id}?full=true`, { ...owner.read, "accept-encoding": "gzip" }],
    ["menu alone", "GET", `${id}?full=false`, owner.read],
    ["bad flag (422)", "GET", `${id}?full=maybe`, owner.read],
    ["no credentials (401)", "GET", `${id}?full=true`, { "accept-encoding": "gzip" }],
    ["no such menu (404)", "GET", "987654321?full=true", owner.read],
  ];
  const comparable = (headers: Record<string, unknown>) => {
    const { date: _date, "x-request-id": _id, "x-taproom-fast-path": _mark, ...rest } = headers;
    return rest;
  };
  for (const [name, method, target, headers] of reads) {
    const [path, query] = target.split("?");
    const fast = await raw(baseURL!, method, `/api/v1/menus/${path}?${query}`, headers);
    const next = await raw(baseURL!, method, `/api/v1/menus/${path}.json?${query}`, headers);
    expect([name, fast.headers["x-taproom-fast-path"], next.headers["x-taproom-fast-path"]]).toEqual([name, "1", undefined]);
    expect([name, fast.status]).toEqual([name, next.status]);
    expect([name, comparable(fast.headers)]).toEqual([name, comparable(next.headers)]);
    // A problem body names its request id.
    const bytes = (answer: typeof fast) => answer.body.toString("latin1").replaceAll(String(answer.headers["x-request-id"]), "(id)");
    expect([name, bytes(fast) === bytes(next)]).toEqual([name, true]);
  }
  expect(
    (await raw(baseURL!, "GET", `/api/v1/menus/${id}?full=true`, { ...owner.read, "accept-encoding": "gzip" })).headers["content-encoding"],
  ).toBe("gzip");
  // What the fast path leaves to Next.js: an empty flag (no rewrite: the app route), a write, a
  // spelling that needs normalising. Each still answers.
  for (const [method, path, status] of [
    ["GET", `/api/v1/menus/${id}?full=`, 200],
    ["POST", `/api/v1/menus/${id}?full=true`, 405],
    ["GET", `/api/v1/menus/${id}/?full=true`, 308],
  ] as const) {
    const answer = await raw(baseURL!, method, path, owner.read);
    expect([method, path, answer.status, answer.headers["x-taproom-fast-path"]]).toEqual([method, path, status, undefined]);
  }
});
