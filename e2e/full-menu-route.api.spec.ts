import { gunzipSync } from "node:zlib";
import { expect, rawRequest as raw, test } from "./fixtures";

// GET /api/v1/menus/:id?full=… is served by pages/api/node/menus/[id].ts (next.config.ts rewrites
// it; lib/api/node-route.ts). What the adapter relies on, pinned through the real server: the caller's
// query survives the rewrite, a write's body reaches the route, the read model's compression goes out
// once, and the page's own address is not part of the API. test/node-route.test.ts holds the rest.

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
