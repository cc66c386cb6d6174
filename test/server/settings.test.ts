import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { env, PRODUCTION_HASH_COST, resetEnvForTests } from "@/lib/server/env";
import { api, login } from "../api";

// The suites lower the scrypt cost (test/setup.ts); these pin what a running app does.
// NODE_ENV is typed read-only (Next.js declares it); the settings module reads it like any other.
const variables = process.env as Record<string, string | undefined>;
const saved = { cost: variables.PASSWORD_HASH_COST, nodeEnv: variables.NODE_ENV, sqlCount: variables.EXPOSE_SQL_COUNT };
// process.env turns an assigned undefined into the string "undefined": delete instead.
function put(name: string, value: string | undefined) {
  if (value === undefined) delete variables[name];
  else variables[name] = value;
}
afterEach(() => {
  put("PASSWORD_HASH_COST", saved.cost);
  put("NODE_ENV", saved.nodeEnv);
  put("EXPOSE_SQL_COUNT", saved.sqlCount);
  resetEnvForTests();
});

function settingsWith(cost: string | undefined, nodeEnv: string) {
  put("PASSWORD_HASH_COST", cost);
  put("NODE_ENV", nodeEnv);
  resetEnvForTests();
  return () => env();
}

describe("password hashing cost", () => {
  it("is 2^15 unless set", () => {
    expect(settingsWith(undefined, "production")().PASSWORD_HASH_COST).toBe(PRODUCTION_HASH_COST);
    expect(PRODUCTION_HASH_COST).toBe(15);
  });

  it("cannot be lowered outside NODE_ENV=test", () => {
    expect(settingsWith("10", "production")).toThrow(/PASSWORD_HASH_COST below 15 is allowed only when NODE_ENV=test/);
    expect(settingsWith("14", "development")).toThrow(/PASSWORD_HASH_COST/);
    expect(settingsWith("16", "production")().PASSWORD_HASH_COST).toBe(16);
    expect(settingsWith("10", "test")().PASSWORD_HASH_COST).toBe(10);
  });

  it("travels with the hash, so a hash made at one cost verifies after the setting changes", async () => {
    settingsWith("11", "test");
    const stored = await hashPassword("pint of stout");
    expect(stored.split("$").slice(0, 4)).toEqual(["scrypt", String(2 ** 11), "8", "1"]);
    settingsWith("12", "test");
    expect(await verifyPassword("pint of stout", stored)).toBe(true);
    expect(await verifyPassword("pint of porter", stored)).toBe(false);
  });
});

describe("APP_SECRET", () => {
  it("is required with DATABASE_URL, so instances sharing a server open each other's tokens", () => {
    const saved = { url: variables.DATABASE_URL, secret: variables.APP_SECRET };
    try {
      put("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test");
      put("APP_SECRET", undefined);
      resetEnvForTests();
      expect(() => env()).toThrow(/APP_SECRET is required with DATABASE_URL/);
      put("APP_SECRET", "x".repeat(32));
      resetEnvForTests();
      expect(env().APP_SECRET).toBe("x".repeat(32));
    } finally {
      put("DATABASE_URL", saved.url);
      put("APP_SECRET", saved.secret);
    }
  });
});

describe("EXPOSE_SQL_COUNT=total (the benchmark's)", () => {
  it("names the process's running total of statements on each answer, and counts nothing per request", async () => {
    put("EXPOSE_SQL_COUNT", "total");
    resetEnvForTests();
    const owner = await login("owner");
    const read = async () => {
      const response = await api.get("locations", { as: owner.ro });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-sql-statements")).toBeNull();
      return Number(response.headers.get("x-sql-statements-total"));
    };
    const first = await read();
    expect(first).toBeGreaterThan(0);
    // A write runs statements: the total after it is higher.
    const location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const created = await api.post(`locations/${location}/events`, {
      as: owner.rw,
      body: { event: { name: "Counted", description: "", start_time_date: "2027-07-04", start_time_time: "20:00" } },
    });
    expect(created.status).toBe(201);
    expect(Number(created.headers.get("x-sql-statements-total"))).toBeGreaterThan(first);
    expect(await read()).toBeGreaterThan(first);
  });
});
