import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Credentials } from "../api";
import { MAX_SOURCE_BYTES } from "@/lib/imports/source";
import { resetEnvForTests } from "@/lib/server/env";

// Issue 47 row 2 (decision 076): a source whose menu answers 30 MB. The import reads at most
// MAX_SOURCE_BYTES from its source, counted while each answer streams (a Content-Length over what is
// left is refused before its body is read), fails with a clear 502, writes nothing, and the source can send
// little more than the ceiling before the connection is cut.

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;
type Mode = { menu: "chunked" | "declared" | "two-halves" };

let target: Credentials;
let targetId: number;
let server: http.Server;
let base: string;
const mode: Mode = { menu: "chunked" };
const sent = { menuBytes: 0 };

/** A menu answer of `size` bytes: valid JSON, its padding in the description. */
const paddedMenu = (id: number, size: number) => {
  const head = `{"menu":{"id":${id},"name":"Menu ${id}","sections":[],"description":"`;
  const tail = `"}}`;
  return head + "x".repeat(Math.max(0, size - head.length - tail.length)) + tail;
};

function source(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = request.url ?? "/";
  const json = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  if (url === "/api/v1/locations/1")
    return json({ location: { id: 1, name: "Big Source", city: null, currency: "USD", time_zone: "UTC" } });
  if (url.startsWith("/api/v1/locations/1/menus")) {
    const menus = mode.menu === "two-halves" ? [1, 2] : [1];
    return json({ menus: menus.map((id) => ({ id, name: `Menu ${id}`, legacy: false })) });
  }
  if (url.startsWith("/api/v1/menus/")) {
    sent.menuBytes = 0;
    if (mode.menu === "two-halves") {
      const id = Number(url.match(/menus\/(\d+)/)![1]);
      return response.writeHead(200, { "content-type": "application/json" }).end(paddedMenu(id, MAX_SOURCE_BYTES / 2 + MIB));
    }
    const total = 30 * MIB;
    response.writeHead(200, {
      "content-type": "application/json",
      ...(mode.menu === "declared" ? { "content-length": String(total) } : {}),
    });
    response.write(`{"menu":{"id":1,"name":"Menu 1","description":"`);
    const more = () => {
      while (sent.menuBytes < total && !response.destroyed) {
        sent.menuBytes += CHUNK;
        if (!response.write("x".repeat(CHUNK))) return void response.once("drain", more);
      }
      if (!response.destroyed) response.end(`"}}`);
    };
    // Declared: one chunk, then wait for the client, which must not wait for the rest.
    if (mode.menu === "declared") {
      sent.menuBytes = CHUNK;
      response.write("x".repeat(CHUNK));
      return;
    }
    return more();
  }
  if (url === "/api/v1/locations/1/events") return json({ events: [] });
  if (url === "/api/v1/locations/1/hours") return json({ hours: [] });
  response.writeHead(404).end();
}

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  // Generous: a busy machine is not a slow source. A ceiling not enforced shows as "No answer within".
  process.env.IMPORT_TIMEOUT_MS = "60000";
  resetEnvForTests();
  server = http.createServer(source);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signup = await api.post("signup", {
    body: { business_name: "Ceiling Tap", name: "Cel Ing", email: "cel@ceiling.test", password: "copper kettle 42" },
    headers: { "x-forwarded-for": "198.51.100.78" },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  target = { email: signup.body.user.email, token: signup.body.user.auth_token };
  const created = await api.post("locations", {
    as: target,
    body: { location: { name: "Ceiling Tap", time_zone: "UTC", currency: "USD" } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  targetId = created.body.location.id;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.IMPORT_TIMEOUT_MS;
  resetEnvForTests();
});

const run = () =>
  api.post(`locations/${targetId}/imports`, {
    as: target,
    body: { base_url: base, email: "someone@source.test", token: "source-token", source_location_id: 1 },
  });
const menuCount = async () => (await api.get(`locations/${targetId}/menus`, { as: target })).body.menus.length;

describe("an import reads at most MAX_SOURCE_BYTES from its source", () => {
  it("cuts a 30 MB menu answer while it streams: 502, nothing written, the rest never sent", async () => {
    mode.menu = "chunked";
    const failed = await run();
    expect(failed.status, JSON.stringify(failed.body)).toBe(502);
    expect(failed.body).toMatchObject({ code: "source_failed", source_status: 200 });
    expect(failed.body.detail).toMatch(/larger than the 8 MiB an import reads/);
    // What the socket buffers beyond the ceiling, a few MiB at most: never the 30 MB.
    expect(sent.menuBytes).toBeLessThan(MAX_SOURCE_BYTES + 8 * MIB);
    expect(await menuCount()).toBe(0);
  });

  it("refuses an answer whose Content-Length is over the ceiling without waiting for its body", async () => {
    mode.menu = "declared";
    const failed = await run();
    expect(failed.status, JSON.stringify(failed.body)).toBe(502);
    expect(failed.body.detail).toMatch(/larger than the 8 MiB an import reads/);
    expect(await menuCount()).toBe(0);
  });

  it("counts every answer against one allowance: two menus of 5 MiB each are too much together", async () => {
    mode.menu = "two-halves";
    const failed = await run();
    expect(failed.status, JSON.stringify(failed.body)).toBe(502);
    expect(failed.body.detail).toMatch(/answers together are larger than the 8 MiB an import reads/);
    expect(await menuCount()).toBe(0);
    const [latest] = (await api.get(`locations/${targetId}/imports`, { as: target })).body.imports;
    expect(latest.status).toBe("failed");
  });
});
