import { afterEach, describe, expect, it } from "vitest";
import { call, login } from "../api";
import { getDatabase, installDatabase, type Database } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { resetEnvForTests } from "@/lib/server/env";

const slot = Symbol.for("taproom.database");
const unreachable = "postgres://postgres@127.0.0.1:1/taproom_down";

/** As if the process started while the database was down: nothing opened yet, DATABASE_URL unreachable. */
function startWithDatabaseDown() {
  delete (globalThis as Record<symbol, unknown>)[slot];
  process.env.DATABASE_URL = unreachable;
  process.env.APP_SECRET ??= "test-secret-test-secret-test-secret-0123456789";
  resetEnvForTests();
}

let real: Database | undefined;
afterEach(() => {
  delete process.env.DATABASE_URL;
  resetEnvForTests();
  if (real) installDatabase(real);
});

describe("a database outage", () => {
  it("is answered 503 with Retry-After while it lasts, and the app recovers without a restart", async () => {
    real = await getDatabase();
    const owner = await login("owner");
    startWithDatabaseDown();

    const v1 = await call("GET", "current_user", { as: owner.ro });
    expect(v1.status).toBe(503);
    expect(v1.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(v1.body).toMatchObject({ status: 503, code: "database_unavailable" });
    expect(Number(v1.headers.get("retry-after"))).toBeGreaterThan(0);

    const v4 = await call("GET", "/api/v4/beer/info/7", { as: owner.ro });
    expect(v4.status).toBe(503);
    expect(v4.body.meta.error_type).toBe("database_unavailable");
    expect(v4.headers.get("retry-after")).toBeTruthy();

    const ready = await call("GET", "/api/ready");
    expect(ready.status).toBe(503);
    expect(ready.body.code).toBe("database_unavailable");
    expect((await call("GET", "/api/health")).status).toBe(200); // liveness: the process itself is fine

    // The database is back: the very next requests are served, no restart.
    delete process.env.DATABASE_URL;
    resetEnvForTests();
    installDatabase(real);
    expect((await call("GET", "current_user", { as: owner.ro })).status).toBe(200);
    expect((await call("GET", "/api/ready")).body).toEqual({ status: "ready" });
  });

  it("tells an unreachable database from a wrong query", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(
      isDatabaseUnavailable({
        message: "Failed query",
        cause: { code: "57P01", message: "terminating connection due to administrator command" },
      }),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax error"), { code: "42601" }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
