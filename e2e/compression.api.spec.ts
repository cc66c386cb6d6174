import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, rawRequest as raw, test } from "./fixtures";

// The full menu honours Accept-Encoding with br and gzip (live-menus §2), encoded by the app and passed on
// by the production server (decision 071): each coding has a tag of its own, any coding's tag of the
// current answer is 304 naming the tag of the request's coding, and event streams go out uncompressed.

test("the full menu goes out in br and gzip that decompress to the same JSON, a tag per coding, 304 on any", async ({
  baseURL,
  request,
  owner,
}) => {
  const { locations } = await (await request.get("/api/v1/locations", { headers: owner.read })).json();
  const created = await request.post(`/api/v1/locations/${locations[0].id}/menus`, {
    headers: owner.write,
    data: { menu: { name: "Compression check" } },
  });
  const menuId = (await created.json()).menu.id as number;
  const section = await request.post(`/api/v1/menus/${menuId}/sections`, { headers: owner.write, data: { section: { name: "Taps" } } });
  const sectionId = (await section.json()).section.id as number;
  // Beyond the 1 kB the server compresses from, with names beyond ASCII.
  for (let n = 0; n < 12; n++) {
    const item = await request.post(`/api/v1/sections/${sectionId}/items`, {
      headers: owner.write,
      data: { item: { name: `Märzen Œuvre ${n} — 5 € 🍺`, description: "A long description to fill the answer well past a kilobyte." } },
    });
    expect(item.status()).toBe(201);
  }
  const path = `/api/v1/menus/${menuId}?full=true`;
  const get = (headers: Record<string, string>) => raw(baseURL!, "GET", path, { ...owner.read, ...headers });

  const plain = await get({});
  expect(plain.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  const json = JSON.parse(plain.body.toString("utf8"));
  expect(json.menu.sections[0].items).toHaveLength(12);

  const gzip = await get({ "accept-encoding": "gzip, deflate" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(json);
  const br = await get({ "accept-encoding": "gzip, deflate, br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(JSON.parse(brotliDecompressSync(br.body).toString("utf8"))).toEqual(json);
  for (const answer of [plain, gzip, br]) expect(String(answer.headers.vary)).toContain("Accept-Encoding");

  // One representation, one strong tag; the codings' tags name the coding.
  const tags = [plain, gzip, br].map((answer) => String(answer.headers.etag));
  expect(new Set(tags).size).toBe(3);
  expect(tags[1]).toBe(`${tags[0]!.slice(0, -1)}-gzip"`);
  expect(tags[2]).toBe(`${tags[0]!.slice(0, -1)}-br"`);
  // A tag of any coding says the answer did not change: 304 without a body, with the tag a 200 to the
  // same request would carry (RFC 9110 §15.4.5).
  for (const tag of tags) {
    const unchanged = await get({ "accept-encoding": "gzip", "if-none-match": tag });
    expect([unchanged.status, unchanged.body.length]).toEqual([304, 0]);
    expect(unchanged.headers.etag).toBe(tags[1]);
    expect(String(unchanged.headers.vary)).toContain("Accept-Encoding");
  }
  // Identity when the caller refuses both.
  expect((await get({ "accept-encoding": "br;q=0, gzip;q=0" })).headers["content-encoding"]).toBeUndefined();

  // A change gives a new tag in every coding.
  const renamed = await request.patch(`/api/v1/menus/${menuId}`, {
    headers: owner.write,
    data: { menu: { name: "Compression, renamed" } },
  });
  expect(renamed.status()).toBe(200);
  const after = await get({ "accept-encoding": "gzip", "if-none-match": tags[1]! });
  expect(after.status).toBe(200);
  expect(JSON.parse(gunzipSync(after.body).toString("utf8")).menu.name).toBe("Compression, renamed");
  await request.delete(`/api/v1/menus/${menuId}`, { headers: owner.write });
});

test("an event stream goes out uncompressed, as it happens", async ({ baseURL, request, owner }) => {
  const { locations } = await (await request.get("/api/v1/locations", { headers: owner.read })).json();
  const { hostname, port } = new URL(baseURL!);
  const first = await new Promise<{ encoding: string | undefined; type: string | undefined; chunk: string }>((resolve, reject) => {
    const req = http.request(
      {
        hostname,
        port,
        path: `/api/v1/locations/${locations[0].id}/changes/stream`,
        headers: { ...owner.read, "accept-encoding": "gzip, br" },
      },
      (response) => {
        response.once("data", (chunk: Buffer) => {
          resolve({
            encoding: response.headers["content-encoding"],
            type: response.headers["content-type"],
            chunk: chunk.toString("utf8"),
          });
          req.destroy();
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
  expect(first.type).toContain("text/event-stream");
  expect(first.encoding).toBeUndefined();
  // Readable text at once: the stream's first bytes are SSE, not a compressed frame.
  expect(first.chunk).toMatch(/^(:|id:|event:|retry:|data:)/m);
});
