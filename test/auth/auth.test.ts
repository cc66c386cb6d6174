import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { api, basic, call, login, type Account } from "../api";
import { endpoint, resource } from "@/lib/http/handler";
import { snapshot } from "../snapshot";

let owner: Account;
beforeAll(async () => {
  owner = await login("owner");
});

const problemShape = (status: number, code: string) =>
  expect.objectContaining({ type: `urn:taproom:problem:${code}`, title: expect.any(String), status, detail: expect.any(String), code });

describe("authentication", () => {
  it.each([
    ["no header", undefined],
    ["a Bearer token", "Bearer abc"],
    ["Basic without a colon", `Basic ${Buffer.from("owner@demo.test").toString("base64")}`],
    ["Basic with an empty token", `Basic ${Buffer.from("owner@demo.test:").toString("base64")}`],
    ["not base64", "Basic !!!"],
    ["a wrong token", "wrong"],
    ["the right token for another email", "swap"],
  ])("answers %s with 401 and WWW-Authenticate", async (_name, header) => {
    const value =
      header === "wrong"
        ? basic({ email: owner.rw.email, token: "x".repeat(43) })
        : header === "swap"
          ? basic({ email: "rival@demo.test", token: owner.rw.token })
          : header;
    const response = await api.get("current_user", { headers: value ? { authorization: value } : {} });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Basic realm="Taproom API"/);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.body).toEqual(problemShape(401, "unauthorized"));
  });

  it("accepts the email in any case", async () => {
    const response = await api.get("current_user", { as: { email: "OWNER@demo.test", token: owner.rw.token } });
    expect(response.status).toBe(200);
  });

  it("lets the read-only token read and refuses it every write", async () => {
    expect((await api.get("current_user", { as: owner.ro })).status).toBe(200);
    const before = await snapshot();
    for (const [method, url, body] of [
      ["POST", "locations/1/events", { event: { name: "x", description: "", start_time_date: "2027-01-01", start_time_time: "10:00" } }],
      ["PATCH", "events/1", { event: { name: "x" } }],
      ["PUT", "events/1", { event: { name: "x" } }],
      ["DELETE", "events/1", undefined],
      ["PATCH", "locations/1/hours", { hours: [{ id: 1, closed: true }] }],
      ["PUT", "locations/1/hours", { hours: [{ id: 1, closed: true }] }],
      ["DELETE", "sessions", undefined],
    ] as const) {
      const response = await api[method.toLowerCase() as "post"](url, { as: owner.ro, body });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body).toEqual(problemShape(403, "read_only_token"));
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("routing", () => {
  it("answers an unknown path with a problem+json 404 for every method", async () => {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const response = await api[method]("no/such/thing", { as: owner.rw });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(problemShape(404, "not_found"));
    }
  });

  it.each([
    ["current_user", "POST", "GET, HEAD, OPTIONS"],
    ["locations", "DELETE", "GET, HEAD, POST, OPTIONS"],
    ["locations/1", "POST", "GET, HEAD, PUT, PATCH, DELETE, OPTIONS"],
    ["locations/1/events", "DELETE", "GET, HEAD, POST, OPTIONS"],
    ["events/1", "POST", "GET, HEAD, PUT, PATCH, DELETE, OPTIONS"],
    ["locations/1/hours", "POST", "GET, HEAD, PUT, PATCH, OPTIONS"],
    ["locations/1/analytics", "POST", "GET, HEAD, OPTIONS"],
    ["container_sizes", "PATCH", "GET, HEAD, OPTIONS"],
  ])("%s refuses %s with 405 and Allow", async (url, method, allow) => {
    const response = await api[method.toLowerCase() as "post"](url, { as: owner.rw });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allow);
    expect(response.body).toEqual(problemShape(405, "method_not_allowed"));
  });
});

describe("the handler wrapper", () => {
  const handlers = resource({
    GET: endpoint({}, async () => {
      throw new Error("connection string postgres://secret@db leaked?");
    }),
    POST: endpoint({ body: z.object({ thing: z.object({ size: z.number().int() }) }) }, async ({ body }) => Response.json(body)),
  });
  const request = (method: string, init: RequestInit = {}) =>
    new Request("http://127.0.0.1/api/v1/test", {
      method,
      ...init,
      headers: { authorization: basic(owner.rw), ...(init.headers as Record<string, string>) },
    });
  const context = { params: Promise.resolve({}) };

  it("turns an unexpected error into a plain 500 without internals", async () => {
    const response = await handlers.GET(request("GET"), context);
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual(problemShape(500, "internal_error"));
    expect(JSON.stringify(body)).not.toContain("postgres");
  });

  it("reports each invalid field with its path", async () => {
    const response = await handlers.POST(
      request("POST", { body: JSON.stringify({ thing: { size: "big" } }), headers: { "content-type": "application/json" } }),
      context,
    );
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body).toEqual(problemShape(422, "validation_failed"));
    expect(body.errors).toEqual([{ path: "thing.size", message: expect.any(String) }]);
  });

  it("accepts a JSON content type with parameters and +json types", async () => {
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const response = await handlers.POST(request("POST", { body: '{"thing":{"size":1}}', headers: { "content-type": type } }), context);
      expect(response.status).toBe(200);
    }
  });

  it("answers OPTIONS with Allow", async () => {
    const response = await handlers.OPTIONS(request("OPTIONS"), context);
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  });
});

describe("the API root", () => {
  it("answers /api/v1 itself with a problem+json 404", async () => {
    const response = await call("GET", "/api/v1", { as: owner.ro });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe("not_found");
  });
});
