import { afterEach, describe, expect, it } from "vitest";
import { handleSandbox } from "@/sandbox/server";
import { SANDBOX_HOURLY_LIMIT, setSandboxHourlyLimit } from "@/sandbox/rate";
import { AGENT, connect, sandbox, sandboxUrl } from "../sandbox-client";

const HOUR = 3_600_000;
// Each case works in its own hour, so their budgets do not mix.
let clock = Date.UTC(2030, 0, 1);
const nextHour = () => {
  clock += 10 * HOUR;
  return new Date(clock);
};

const remaining = (answer: { headers: Headers }) => Number(answer.headers.get("x-ratelimit-remaining"));

describe("the hourly rate limit", () => {
  afterEach(() => setSandboxHourlyLimit(undefined));

  it("is 100 calls per hour by default and shows on every answer", async () => {
    const now = nextHour();
    const first = await sandbox("/v4/beer/info/100001", { query: { compact: "true" }, options: { now } });
    expect(first.headers.get("x-ratelimit-limit")).toBe(String(SANDBOX_HOURLY_LIMIT));
    expect(SANDBOX_HOURLY_LIMIT).toBe(100);
    expect(remaining(first)).toBe(99);
    const second = await sandbox("/v4/beer/info/100002", { query: { compact: "true" }, options: { now } });
    expect(remaining(second)).toBe(98);
    // Errors carry the headers too, and a counted call that fails still counts.
    const failed = await sandbox("/v4/beer/info/99", { options: { now } });
    expect(failed.status).toBe(404);
    expect(remaining(failed)).toBe(97);
  });

  it("answers 429 api_limit_exceeded once the app's budget is spent, with Retry-After", async () => {
    const now = nextHour();
    const options = { hourlyLimit: 3, now };
    for (let i = 0; i < 3; i++) expect((await sandbox("/v4/search/brewery", { query: { q: "a" }, options })).status).toBe(200);
    const over = await sandbox("/v4/search/brewery", { query: { q: "a" }, options });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      meta: {
        code: 429,
        error_detail: expect.stringContaining("Your application has reached their API limit for the hour."),
        error_type: "api_limit_exceeded",
        developer_friendly: "",
      },
      response: [],
    });
    expect(over.headers.get("x-ratelimit-limit")).toBe("3");
    expect(over.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    // The next window starts afresh.
    const later = await sandbox("/v4/search/brewery", {
      query: { q: "a" },
      options: { hourlyLimit: 3, now: new Date(now.getTime() + HOUR + 1000) },
    });
    expect(later.status).toBe(200);
    expect(remaining(later)).toBe(2);
  });

  it("attaches to the user when an access_token is used, apart from the app's budget", async () => {
    const [owner, rival] = [await connect("demo_owner"), await connect("rival_owner")];
    const now = nextHour();
    const options = { hourlyLimit: 2, now };
    expect(remaining(await sandbox("/v4/user/info", { token: owner, query: { compact: "true" }, options }))).toBe(1);
    expect(remaining(await sandbox("/v4/user/info", { token: owner, query: { compact: "true" }, options }))).toBe(0);
    const over = await sandbox("/v4/user/info", { token: owner, query: { compact: "true" }, options });
    expect(over.status).toBe(429);
    expect(over.body.meta.error_detail).toContain("The authenticated user has reached their API limit for the hour.");
    // Another user and the app itself still have their own budgets.
    expect(remaining(await sandbox("/v4/user/info", { token: rival, query: { compact: "true" }, options }))).toBe(1);
    expect(remaining(await sandbox("/v4/beer/info/100001", { query: { compact: "true" }, options }))).toBe(1);
  });

  it("does not count refused calls, and reports the app's remaining budget on them", async () => {
    const now = nextHour();
    const options = { hourlyLimit: 5, now };
    await sandbox("/v4/beer/info/100001", { query: { compact: "true" }, options });
    const refusedAgent = await handleSandbox(
      new Request(sandboxUrl("/v4/beer/info/100001"), { headers: { "User-Agent": "curl/8.0" } }),
      options,
    );
    expect(refusedAgent.status).toBe(400);
    expect(remaining(refusedAgent)).toBe(4);
    const wrongSecret = await sandbox("/v4/beer/info/100001", {
      credentials: false,
      query: { client_id: "taproom-sandbox", client_secret: "nope" },
      options,
    });
    expect(wrongSecret.status).toBe(401);
    expect(remaining(wrongSecret)).toBe(4);
    const unknownPath = await sandbox("/v4/nothing", { options });
    expect(unknownPath.status).toBe(404);
    expect(unknownPath.headers.get("x-ratelimit-limit")).toBe("5");
    expect(remaining(await sandbox("/v4/beer/info/100001", { query: { compact: "true" }, options }))).toBe(3);
  });

  it("can be lowered for tests that reach the sandbox through the forwarder", async () => {
    setSandboxHourlyLimit(1);
    const now = nextHour();
    const call = () => handleSandbox(new Request(sandboxUrl("/v4/beer/trending"), { headers: { "User-Agent": AGENT } }), { now });
    expect((await call()).status).toBe(200);
    const over = await call();
    expect(over.status).toBe(429);
    expect(over.headers.get("x-ratelimit-limit")).toBe("1");
  });
});
