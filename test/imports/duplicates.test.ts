import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, type Credentials } from "../api";
import { snapshot } from "../snapshot";
import { resetEnvForTests } from "@/lib/server/env";

// Issue 47: a source whose answers name one record twice (two menus with one id, one section in two menus)
// was a 500 (the second insert broke the unique source_id). Now 422 naming the duplicate, nothing written.

const STAMP = "2024-01-01T00:00:00Z";
const section = (id: number) => ({ id, name: `Section ${id}`, created_at: STAMP, updated_at: STAMP, items: [] });
const menu = (id: number, sections: number[] = []) => ({
  id,
  name: `Menu ${id}`,
  unpublished: false,
  created_at: STAMP,
  updated_at: STAMP,
  sections: sections.map(section),
});

/** What the fake source answers: the menu list and each menu by id. */
let list: { id: number; name: string }[] = [];
let trees: Record<number, ReturnType<typeof menu>> = {};
let server: http.Server;
let base: string;
let owner: Credentials;
let locationId: number;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0]!;
    const answer = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (path === "/api/v1/locations/1")
      return answer({ location: { id: 1, name: "Source", city: null, currency: "USD", time_zone: "UTC" } });
    if (path === "/api/v1/locations/1/menus") return answer({ menus: list });
    if (path === "/api/v1/locations/1/events") return answer({ events: [] });
    if (path === "/api/v1/locations/1/hours") return answer({ hours: [] });
    const id = Number(path.match(/^\/api\/v1\/menus\/(\d+)$/)?.[1]);
    if (trees[id]) return answer({ menu: trees[id] });
    response.writeHead(404).end("{}");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signup = await api.post("signup", {
    body: { business_name: "Dupe Tap", name: "Dee Dupe", email: "dee@dupetap.test", password: "quiet harbour lanterns 1987" },
    headers: { "x-forwarded-for": "198.51.100.88" },
  });
  owner = { email: "dee@dupetap.test", token: signup.body.user.auth_token };
  locationId = (await api.post("locations", { as: owner, body: { name: "Dupe", time_zone: "UTC", currency: "USD" } })).body.location.id;
});

afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvForTests();
  await new Promise<void>((closed) => server.close(() => closed()));
});

const run = () =>
  api.post(`locations/${locationId}/imports`, {
    as: owner,
    body: { base_url: base, email: "someone@source.test", token: "t", source_location_id: 1 },
  });

describe("an import source naming a record twice", () => {
  it("refuses two menus with one id with 422 naming the second, writing nothing", async () => {
    list = [
      { id: 7, name: "Menu 7" },
      { id: 7, name: "Menu 7" },
    ];
    trees = { 7: menu(7) };
    const before = await snapshot();
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors).toEqual([
      { path: "source.menus.1.id", message: "menu 7 appears twice in the source (first at source.menus.0)" },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses one section in two menus with 422 naming it", async () => {
    list = [
      { id: 7, name: "Menu 7" },
      { id: 8, name: "Menu 8" },
    ];
    trees = { 7: menu(7, [3]), 8: menu(8, [3]) };
    const before = await snapshot();
    const answer = await run();
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(answer.body.errors).toEqual([
      { path: "source.menus.1.sections.0.id", message: "section 3 appears twice in the source (first at source.menus.0.sections.0)" },
    ]);
    expect(await snapshot()).toEqual(before);
    // The same source without the duplicate imports.
    trees = { 7: menu(7, [3]), 8: menu(8, [4]) };
    expect((await run()).status).toBe(201);
  });
});
