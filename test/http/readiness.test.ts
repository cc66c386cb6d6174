import { describe, expect, it } from "vitest";
import { call } from "../api";
import { type Database, getDatabase, installDatabase } from "@/lib/db/client";
import { isListening, startListening } from "@/lib/live/bus";

// Readiness (GET /api/ready) is whether this instance can reach its database, not whether its
// connection pool has a connection free (decision 083): HAProxy takes an instance that fails it out of
// rotation, and every instance busy at once would all be taken out at once.

/** The database as an instance sees it while every connection of its pool is in use: a query waits, then fails. */
function withPoolExhausted(database: Database): Database {
  const busy = () => Promise.reject(new Error("timeout exceeded when trying to connect"));
  const db = new Proxy(database.db, {
    get: (target, key, receiver) =>
      key === "execute" || key === "select" || key === "transaction" ? busy : Reflect.get(target, key, receiver),
  });
  return { ...database, db };
}

describe("GET /api/ready", () => {
  it("answers 200 while the pool is busy but the instance hears its database", async () => {
    const real = await getDatabase();
    const busy = withPoolExhausted(real);
    installDatabase(busy);
    try {
      await startListening(busy);
      expect(isListening(busy)).toBe(true);
      const ready = await call("GET", "/api/ready");
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({ status: "ready" });
    } finally {
      installDatabase(real);
    }
  });
});
