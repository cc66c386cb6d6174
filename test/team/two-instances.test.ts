import { afterAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, login, type Account, type Credentials } from "../api";
import type { TestDatabase } from "../database";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";
import { subscribe } from "@/lib/live/bus";
import { users } from "@/lib/db/schema";
import { SESSION_COOKIE, startBrowserSession } from "@/lib/auth/browser-sessions";

// venue-operations §3: "A removed or demoted member's sessions and tokens lose what they lost at once,
// on every instance." Two app instances on one PostgreSQL (as test/live/two-instances.test.ts): each
// keeps the callers and sessions it resolved until it hears their users row written; a team change
// on one UPDATEs or DELETEs that row, so the other refuses the member as soon as it hears it.
describe.runIf(process.env.TEST_DB === "postgres")("team changes on two instances", () => {
  let first: Database;
  let second: Database;
  let owner: Account;
  const on = (instance: Database) => installDatabase(instance);
  const PASSWORD = "harbor-taps-and-kegs";

  /** Listens on `instance` for the stale notification of user #`id`; the function returned waits for it, then stops. */
  async function userStaleHeard(instance: Database, id: number): Promise<() => Promise<void>> {
    let heard!: () => void;
    const arrived = new Promise<void>((resolve) => {
      heard = resolve;
    });
    const stop = await subscribe((event) => {
      if (event.kind === "stale" && event.table === "users" && event.id === id) heard();
    }, instance);
    return async () => {
      await arrived;
      stop();
    };
  }

  /** Invites and accepts on the instance installed now: the member's id and read-write token. */
  async function join(email: string, role: string, locationIds: number[]): Promise<{ id: number; rw: Credentials }> {
    const invited = await api.post("team/invitations", { as: owner.rw, body: { email, role, location_ids: locationIds } });
    expect(invited.status).toBe(201);
    const token = new URL(invited.body.invitation.url).searchParams.get("token");
    const accepted = await api.post("invitations/accept", { body: { token, name: email.split("@")[0], password: PASSWORD } });
    expect(accepted.status).toBe(201);
    const me = await api.get("current_user", { as: { email, token: accepted.body.user.auth_token } });
    return { id: me.body.current_user.id, rw: { email, token: accepted.body.user.auth_token } };
  }

  afterAll(async () => {
    on(first);
    await second?.close();
  });

  it("a member demoted from manager to staff on one is refused the team on the other at once", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    on(first);
    owner = await login("owner");
    const location = (await api.get("locations", { as: owner.rw })).body.locations[0].id;
    const manager = await join("two-manager@bar.test", "manager", [location]);
    // Both instances know the manager (and keep the caller: lib/auth/caller.ts).
    expect((await api.get("team", { as: manager.rw })).status).toBe(200);
    on(second);
    expect((await api.get("team", { as: manager.rw })).status).toBe(200);

    on(first);
    const stale = await userStaleHeard(second, manager.id);
    const demoted = await api.patch(`team/${manager.id}`, { as: owner.rw, body: { role: "staff" } });
    expect(demoted.status).toBe(200);
    // The first, which wrote, refuses at once (a write answers after its own notifications are heard).
    const here = await api.get("team", { as: manager.rw });
    expect(here.status).toBe(403);
    expect(here.body.code).toBe("forbidden_role");
    await stale();
    on(second);
    const there = await api.get("team", { as: manager.rw });
    expect(there.status).toBe(403);
    expect(there.body.code).toBe("forbidden_role");
    // What staff may still do, they still may.
    expect((await api.get(`locations/${location}`, { as: manager.rw })).status).toBe(200);
  });

  it("a member removed on one is refused on the other at once, by token and by session", async () => {
    on(first);
    const location = (await api.get("locations", { as: owner.rw })).body.locations[0].id;
    const staff = await join("two-staff@bar.test", "staff", [location]);
    const [row] = await first.db.select().from(users).where(eq(users.id, staff.id));
    const { token } = await startBrowserSession(first.db, { userId: row!.id });
    const cookie = `${SESSION_COOKIE}=${token}`;
    expect((await api.get("current_user", { as: staff.rw })).status).toBe(200);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);
    on(second);
    expect((await api.get("current_user", { as: staff.rw })).status).toBe(200);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);

    const stale = await userStaleHeard(first, staff.id);
    // Removed on the second this time; the first refuses as soon as it hears the users row deleted.
    expect((await api.delete(`team/${staff.id}`, { as: owner.rw })).status).toBe(204);
    expect((await api.get("current_user", { as: staff.rw })).status).toBe(401);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
    await stale();
    on(first);
    expect((await api.get("current_user", { as: staff.rw })).status).toBe(401);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
  });
});
