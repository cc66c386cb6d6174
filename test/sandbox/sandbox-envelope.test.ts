import { describe, expect, it } from "vitest";
import { handleSandbox } from "@/sandbox/server";
import { AGENT, connect, ORIGIN, sandbox, sandboxUrl, UNLIMITED } from "../sandbox-client";

const RFC1123 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} \+0000$/;

function expectError(answer: { status: number; body: any }, status: number, type: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual({
    meta: { code: status, error_detail: expect.any(String), error_type: type, developer_friendly: expect.any(String) },
    response: [],
  });
  expect(answer.body.meta.error_detail.length).toBeGreaterThan(0);
}

describe("the envelope", () => {
  it("wraps every answer in meta, notifications and response", async () => {
    const answer = await sandbox("/v4/beer/info/100001", { query: { compact: "true" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(Object.keys(answer.body)).toEqual(["meta", "notifications", "response"]);
    expect(answer.body.meta).toEqual({
      code: 200,
      response_time: { time: expect.any(Number), measure: "seconds" },
      init_time: { time: expect.any(Number), measure: "seconds" },
    });
    expect(answer.body.notifications).toEqual({});
  });

  it("writes timestamps in RFC 1123 with +0000 and flags as 0/1", async () => {
    const { body } = await sandbox("/v4/checkin/view/100");
    const checkin = body.response.checkin;
    expect(checkin.created_at).toMatch(RFC1123);
    expect(checkin.beer.created_at).toMatch(RFC1123);
    expect([0, 1]).toContain(checkin.beer.is_in_production);
    expect([0, 1]).toContain(checkin.user.is_private);
    expect([0, 1]).toContain(checkin.user.is_supporter);
    expect(typeof checkin.beer.beer_abv).toBe("number");
    expect(typeof checkin.rating_score).toBe("number");
  });

  it("carries the unread counts in notifications for a signed-in caller", async () => {
    const token = await connect("demo_owner");
    const { body } = await sandbox("/v4/user/info", { token, query: { compact: "true" } });
    expect(body.notifications).toEqual({
      type: "notifications",
      unread_count: { comments: expect.any(Number), toasts: expect.any(Number), friends: expect.any(Number), messages: 0, news: 0 },
    });
  });

  it("answers unknown paths with a 404 invalid_method envelope, with or without credentials", async () => {
    expectError(await sandbox("/v4/beer/nothing/1"), 404, "invalid_method");
    expectError(await sandbox("/v4"), 404, "invalid_method");
    expectError(await sandbox("/v4/beer/info/1/extra"), 404, "invalid_method");
    expectError(await sandbox("/elsewhere", { credentials: false }), 404, "invalid_method");
  });

  it("answers a known path with the wrong method 405 invalid_method", async () => {
    expectError(await sandbox("/v4/beer/info/100001", { method: "POST" }), 405, "invalid_method");
    expectError(await sandbox("/v4/checkin/add", { method: "GET" }), 405, "invalid_method");
    expectError(await sandbox("/v4/beer/info/100001", { method: "PUT" }), 405, "invalid_method");
  });

  it("accepts paths with and without a trailing slash", async () => {
    expect((await sandbox("/v4/beer/info/100001/", { query: { compact: "true" } })).status).toBe(200);
    expect((await sandbox("/v4/beer/info/100001", { query: { compact: "true" } })).status).toBe(200);
  });

  it("answers malformed and missing ids 400 invalid_param and unknown ids 404 invalid_param", async () => {
    expectError(await sandbox("/v4/beer/info/abc"), 400, "invalid_param");
    expectError(await sandbox("/v4/beer/info/1.5"), 400, "invalid_param");
    expectError(await sandbox("/v4/beer/info"), 400, "invalid_param");
    expectError(await sandbox("/v4/beer/info/99"), 404, "invalid_param");
    expectError(await sandbox("/v4/user/info/no_such_user"), 404, "invalid_param");
    expectError(await sandbox("/v4/user/info/bad%20name"), 400, "invalid_param");
  });
});

describe("application credentials", () => {
  it("are required on every call without an access_token: 401 invalid_auth", async () => {
    expectError(await sandbox("/v4/beer/info/100001", { credentials: false }), 401, "invalid_auth");
    const onlyId = new URL(`${ORIGIN}/sandbox/v4/beer/info/100001?client_id=taproom-sandbox`);
    const answer = await handleSandbox(new Request(onlyId, { headers: { "User-Agent": AGENT } }), UNLIMITED);
    expect(answer.status).toBe(401);
    expect((await answer.json()).meta.error_type).toBe("invalid_auth");
  });

  it("refuse a wrong secret or an unknown client id with 401 invalid_auth", async () => {
    expectError(
      await sandbox("/v4/beer/info/100001", { credentials: false, query: { client_id: "taproom-sandbox", client_secret: "wrong" } }),
      401,
      "invalid_auth",
    );
    expectError(
      await sandbox("/v4/beer/info/100001", {
        credentials: false,
        query: { client_id: "someone-else", client_secret: "taproom-sandbox-secret" },
      }),
      401,
      "invalid_auth",
    );
  });

  it("may be left out with an access_token, which names its app; a wrong secret beside it is still 401 invalid_auth", async () => {
    const token = await connect("demo_owner");
    expect((await sandbox("/v4/user/info", { token, credentials: false })).status).toBe(200);
    expectError(
      await sandbox("/v4/user/info", { token, credentials: false, query: { client_id: "taproom-sandbox", client_secret: "wrong" } }),
      401,
      "invalid_auth",
    );
  });

  it("are only read from the query, never from a POST body", async () => {
    const token = await connect("demo_owner");
    const answer = await sandbox("/v4/checkin/toast/100", {
      credentials: false,
      form: { client_id: "taproom-sandbox", client_secret: "taproom-sandbox-secret", access_token: token },
    });
    expectError(answer, 401, "invalid_auth");
  });
});

describe("access tokens", () => {
  it("are required by the auth: yes endpoints: 401 invalid_token without", async () => {
    for (const path of [
      "/v4/checkin/recent",
      "/v4/user/pending",
      "/v4/notifications",
      "/v4/friend/request/5003",
      "/v4/user/wishlist/add",
      "/v4/venue/directory_lookup/0123456789abcdef01234567",
    ]) {
      expectError(await sandbox(path), 401, "invalid_token");
    }
    expectError(await sandbox("/v4/checkin/add", { form: { bid: 100001, gmt_offset: -5, timezone: "EST" } }), 401, "invalid_token");
  });

  it("must be known: an unknown token is 401 invalid_token, also on public endpoints", async () => {
    expectError(await sandbox("/v4/checkin/recent", { token: "not-a-token" }), 401, "invalid_token");
    expectError(await sandbox("/v4/beer/info/100001", { token: "not-a-token" }), 401, "invalid_token");
  });

  it("also work on the public endpoints", async () => {
    const token = await connect("demo_owner");
    const answer = await sandbox("/v4/beer/info/100001", { token, query: { compact: "true" } });
    expect(answer.status).toBe(200);
    expect(answer.body.response.beer).toMatchObject({ auth_rating: expect.any(Number), wish_list: expect.any(Boolean) });
  });

  it("stand in for an omitted USERNAME; without one the call is 401 invalid_token", async () => {
    const token = await connect("rival_owner");
    const mine = await sandbox("/v4/user/info", { token, query: { compact: "true" } });
    expect(mine.body.response.user.user_name).toBe("rival_owner");
    expect(mine.body.response.user.relationship).toBe("self");
    for (const path of [
      "/v4/user/info",
      "/v4/user/checkins",
      "/v4/user/friends",
      "/v4/user/badges",
      "/v4/user/wishlist",
      "/v4/user/beers",
    ]) {
      expectError(await sandbox(path), 401, "invalid_token");
    }
  });
});

describe("the User-Agent rule", () => {
  const call = (agent: string | null) => {
    const headers = new Headers();
    if (agent !== null) headers.set("User-Agent", agent);
    return handleSandbox(new Request(sandboxUrl("/v4/beer/info/100001", { query: { compact: "true" } }), { headers }), UNLIMITED);
  };

  it.each([
    null,
    "",
    "   ",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15",
    "curl/8.5.0",
    "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
    "undici",
    "node",
    "axios/1.7.2",
    "python-requests/2.31.0",
    "Go-http-client/1.1",
    "okhttp/4.12.0",
    "PostmanRuntime/7.36.0",
    "Java/17.0.2",
    "Ruby",
    "Wget/1.21.4",
  ])("refuses %j with 400 invalid_request", async (agent) => {
    const response = await call(agent);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.meta.error_type).toBe("invalid_request");
    expect(body.response).toEqual([]);
    expect(response.headers.get("x-ratelimit-limit")).toBeTruthy();
  });

  it.each(["Taproom/0.1 (venue management; taproom-sandbox)", "MyBeerApp/2.3 (client abc123)", "taproom-sandbox"])(
    "accepts %j",
    async (agent) => {
      expect((await call(agent)).status).toBe(200);
    },
  );

  it("applies before credentials are looked at", async () => {
    const response = await handleSandbox(
      new Request(`${ORIGIN}/sandbox/v4/beer/info/100001`, { headers: { "User-Agent": "curl/8.0" } }),
      UNLIMITED,
    );
    expect(response.status).toBe(400);
  });
});
