import { afterAll, describe, expect, it } from "vitest";
import { api, login } from "./api";
import type { TestDatabase } from "./database";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";

// Two app instances sharing one PostgreSQL: each has its own connection pool and nothing else in
// common. The caller is resolved from the database on every request, so a token issued on one works
// on the other, and a rotation on one is refused on the other at the next request.
describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL", () => {
  let first: Database;
  let second: Database;
  const on = (instance: Database) => installDatabase(instance);

  afterAll(async () => {
    on(first);
    await second?.close();
  });

  it("share tokens, and a token rotated on one is refused on the other at once", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);

    on(first);
    const owner = await login("owner");
    on(second);
    expect((await api.get("current_user", { as: owner.rw })).status).toBe(200);
    expect((await api.get("current_user", { as: owner.ro })).status).toBe(200);

    const rotated = await api.delete("sessions", { as: owner.rw });
    expect(rotated.status).toBe(200);
    on(first);
    expect((await api.get("current_user", { as: owner.rw })).status).toBe(401);
    expect((await api.get("current_user", { as: owner.ro })).status).toBe(401);

    const renewed = await login("owner", "203.0.113.11");
    expect(renewed.rw.token).not.toBe(owner.rw.token);
    on(second);
    expect((await api.get("current_user", { as: renewed.rw })).status).toBe(200);
  });
});
