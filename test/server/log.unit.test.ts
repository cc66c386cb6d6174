import { afterEach, describe, expect, it } from "vitest";
import { endpoint } from "@/lib/http/handler";
import { installLogDestination, log } from "@/lib/server/log";

const lines: Record<string, unknown>[] = [];
const capture = () => installLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) });
afterEach(() => {
  installLogDestination(undefined);
  lines.length = 0;
});

describe("logs", () => {
  it("are JSON lines carrying the request id that the answer and its problem body name", async () => {
    capture();
    const failing = endpoint({ auth: false }, async () => {
      throw new Error("Failed query: select * from users where email = $1\nparams: owner@demo.test,tok-123");
    });
    const response = await failing(new Request("http://127.0.0.1:3000/api/v1/x?email=owner@demo.test"), { params: Promise.resolve({}) });
    expect(response.status).toBe(500);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await response.json()).request_id).toBe(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "error", request_id: requestId, msg: "Unhandled error in an API handler" });
    const text = JSON.stringify(lines);
    expect(text).toContain("Failed query");
    expect(text).not.toContain("owner@demo.test");
    expect(text).not.toContain("tok-123");

    // A proxy's well-formed X-Request-Id is kept, so its logs and ours line up; a malformed one is replaced.
    const proxied = await failing(new Request("http://127.0.0.1:3000/api/v1/x", { headers: { "x-request-id": "edge-7f3a9c21" } }), {
      params: Promise.resolve({}),
    });
    expect(proxied.headers.get("x-request-id")).toBe("edge-7f3a9c21");
    const forged = await failing(new Request("http://127.0.0.1:3000/api/v1/x", { headers: { "x-request-id": "bad id\n" } }), {
      params: Promise.resolve({}),
    });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never write credentials or query strings", () => {
    capture();
    log().warn(
      { password: "hunter2", nested: { token: "t0k", authorization: "Basic abc" }, client_secret: "s3cret" },
      "credentials by key",
    );
    log().error({ message: "GET https://upstream.test/v4/beer/info/1?client_secret=s3cret&access_token=a7 failed" }, "a URL");
    log().info("GET /api/v1/items/search?q=a7 answered");
    const text = JSON.stringify(lines);
    for (const secret of ["hunter2", "t0k", "Basic abc", "s3cret", "a7"]) expect(text).not.toContain(secret);
  });
});
