import { afterAll, describe, expect, it } from "vitest";
import { api, login } from "../api";
import type { TestDatabase } from "../database";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";
import { settle, subscribe } from "@/lib/live/bus";
import { users } from "@/lib/db/schema";
import { endBrowserSession, SESSION_COOKIE, startBrowserSession } from "@/lib/auth/browser-sessions";
import { eq } from "drizzle-orm";

// Two app instances sharing one PostgreSQL: each has its own connection pool and nothing else in
// common. Each keeps the callers it resolved until it hears their users row written (the read model),
// so a token issued on one works on the other, and a rotation on one is refused on the other as soon as
// it hears the notification.
describe.runIf(process.env.TEST_DB === "postgres")("two instances on one PostgreSQL", () => {
  let first: Database;
  let second: Database;
  const on = (instance: Database) => installDatabase(instance);
  /** Listens on `instance` for a stale notification of `table`; the function returned waits for it, then stops. */
  async function staleHeard(instance: Database, table: string): Promise<() => Promise<void>> {
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const stop = await subscribe((event) => {
      if (event.kind === "stale" && event.table === table) heard();
    }, instance);
    return async () => {
      await arrived;
      stop();
    };
  }

  afterAll(async () => {
    on(first);
    await second?.close();
  });

  it("share tokens, and a token rotated on one is refused on the other at once", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);

    on(first);
    const owner = await login("owner");
    // Both instances know the caller (and keep it: lib/auth/caller.ts).
    expect((await api.get("current_user", { as: owner.rw })).status).toBe(200);
    expect((await api.get("current_user", { as: owner.ro })).status).toBe(200);
    on(second);
    expect((await api.get("current_user", { as: owner.rw })).status).toBe(200);
    expect((await api.get("current_user", { as: owner.ro })).status).toBe(200);

    // The first drops its kept caller when it hears the users row written by the second: wait for that.
    const stale = await staleHeard(first, "users");
    const rotated = await api.delete("sessions", { as: owner.rw });
    expect(rotated.status).toBe(200);
    // The second, which rotated, refuses the old tokens at once.
    expect((await api.get("current_user", { as: owner.rw })).status).toBe(401);
    await stale();
    on(first);
    expect((await api.get("current_user", { as: owner.rw })).status).toBe(401);
    expect((await api.get("current_user", { as: owner.ro })).status).toBe(401);

    const renewed = await login("owner", "203.0.113.11");
    expect(renewed.rw.token).not.toBe(owner.rw.token);
    on(second);
    expect((await api.get("current_user", { as: renewed.rw })).status).toBe(200);
  });

  it("share the dashboard's sessions, and a sign-out on one is refused on the other at once", async () => {
    on(first);
    const database = await getDatabase();
    const [user] = await database.db.select().from(users).where(eq(users.email, "owner@demo.test"));
    const { token } = await startBrowserSession(database.db, { userId: user!.id });
    const cookie = `${SESSION_COOKIE}=${token}`;
    // Both instances resolve the cookie (and keep the session).
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);
    on(second);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);

    const stale = await staleHeard(first, "browser_sessions");
    // Signed out on the second; the first refuses the cookie as soon as it hears the session deleted.
    await endBrowserSession(second.db, token);
    // As a write through the API does before it answers: the second has heard its own notification.
    await settle(second);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
    await stale();
    on(first);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
  });
});
