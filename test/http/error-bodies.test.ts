import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";

// contract §3 (amended): errors are problem details in the media type the caller can read, with the
// `error` object integrations written for the service we replace read beside the RFC 9457 fields.

let owner: Account;
beforeAll(async () => {
  owner = await login("owner");
});

const typeOf = (response: { headers: Headers }) => response.headers.get("content-type");

describe("error bodies", () => {
  it.each([
    [undefined, "application/json; charset=utf-8"],
    ["*/*", "application/json; charset=utf-8"],
    ["application/json", "application/json; charset=utf-8"],
    ["application/problem+json", "application/problem+json"],
    ["application/json, application/problem+json;q=0.9", "application/problem+json"],
    ["Application/Problem+JSON", "application/problem+json"],
    ["application/problem+json;q=0, application/json", "application/json; charset=utf-8"],
  ])("Accept %s → %s", async (accept, expected) => {
    const response = await api.get("menus/999999", { as: owner.ro, headers: accept ? { accept } : {} });
    expect(response.status).toBe(404);
    expect(typeOf(response)).toBe(expected);
    expect(response.body).toMatchObject({ status: 404, code: "not_found", title: "Not Found" });
  });

  it("carry error {code, status, detail} beside the RFC 9457 fields, with the same values", async () => {
    for (const response of [
      await api.get("menus/999999", { as: owner.ro }),
      await api.get("current_user"),
      await api.post("locations/1/events", { as: owner.ro, body: {} }),
      await api.delete("current_user", { as: owner.rw }),
    ]) {
      const { status, code, detail } = response.body;
      expect(response.status).toBe(status);
      expect(response.body.error).toEqual({ code, status, detail });
    }
  });

  it("carry the field errors of a 422 in both places", async () => {
    const response = await api.post("locations/1/events", { as: owner.rw, body: { event: { name: "" } } });
    expect(response.status).toBe(422);
    expect(response.body.errors.length).toBeGreaterThan(0);
    expect(response.body.error).toEqual({
      code: "validation_failed",
      status: 422,
      detail: response.body.detail,
      errors: response.body.errors,
    });
  });

  it("are negotiated for the readiness probe too", async () => {
    const ready = await api.get("/api/ready", { headers: { accept: "application/problem+json" } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("paths and queries that passed validation are kept per verb", () => {
  it("but a refusal is not: the same bad query or id is refused every time, and a good one after it answers", async () => {
    const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const first = (await api.get(`locations/${location}/menus`, { as: owner.ro })).body.menus[0].id;
    for (let round = 0; round < 2; round++) {
      const bad = await api.get(`menus/${first}?full=maybe`, { as: owner.ro });
      expect(bad.status).toBe(422);
      expect(bad.body.errors[0].path).toBe("query.full");
      expect((await api.get("menus/abc", { as: owner.ro })).status).toBe(404);
      const good = await api.get(`menus/${first}?full=true`, { as: owner.ro });
      expect(good.status).toBe(200);
      expect(good.body.menu.sections).toBeInstanceOf(Array);
      // The kept query is the same answer as a fresh one: without full, no tree.
      expect((await api.get(`menus/${first}`, { as: owner.ro })).body.menu.sections).toBeUndefined();
    }
  });
});
