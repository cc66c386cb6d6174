import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { api, basic, login } from "../api";
import type { TestDatabase } from "../database";
import { readEvents } from "../sse";
import { getDatabase, installDatabase, openPostgres, type Database } from "@/lib/db/client";

// Two app instances sharing one PostgreSQL (each its own pool and its own LISTEN connection): a
// change committed through one reaches a stream open on the other, in order and once, and the paged
// feed reads the same on both.
describe.runIf(process.env.TEST_DB === "postgres")("the change feed across two instances", () => {
  let first: Database;
  let second: Database;
  const on = (instance: Database) => installDatabase(instance);

  afterAll(async () => {
    on(first);
    await second?.close();
  });

  it("streams changes made on one instance to a stream open on the other, and pages the same on both", async () => {
    first = await getDatabase();
    second = await openPostgres((first as TestDatabase).url!, 5);
    on(first);
    const owner = await login("owner");
    const locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const menuId = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus[0].id;
    const section = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu.sections[0];

    on(second);
    const events = await readEvents(`locations/${locationId}/changes/stream`, {
      headers: { authorization: basic(owner.ro) },
      count: 3,
      during: async () => {
        on(first);
        for (const name of ["One", "Two", "Three"]) {
          expect((await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name } } })).status).toBe(200);
        }
      },
    });
    expect(events.map((event) => JSON.parse(event.data).summary)).toEqual([
      `Renamed section “${section.name}” to “One”`,
      "Renamed section “One” to “Two”",
      "Renamed section “Two” to “Three”",
    ]);

    const since = events[0]!.id;
    on(first);
    const onFirst = (await api.get(`locations/${locationId}/changes?since=${since}`, { as: owner.ro })).body;
    on(second);
    const onSecond = (await api.get(`locations/${locationId}/changes?since=${since}`, { as: owner.ro })).body;
    expect(onSecond).toEqual(onFirst);
    expect(onSecond.changes.map((change: { cursor: string }) => change.cursor)).toEqual(events.slice(1).map((event) => event.id));
  });

  it("catches up after its listening connection is cut: the change made meanwhile still arrives, once", async () => {
    on(first);
    const owner = await login("owner", "203.0.113.12");
    const locationId = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
    const menuId = (await api.get(`locations/${locationId}/menus`, { as: owner.ro })).body.menus[0].id;
    const section = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu.sections[0];
    const events = await readEvents(`locations/${locationId}/changes/stream`, {
      headers: { authorization: basic(owner.ro) },
      count: 2,
      during: async () => {
        // Cut every LISTEN connection of this database (the server side of a network cut), then change.
        await first.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
        );
        expect((await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "While cut" } } })).status).toBe(200);
        expect((await api.patch(`sections/${section.id}`, { as: owner.rw, body: { section: { name: "After" } } })).status).toBe(200);
      },
    });
    expect(events.map((event) => JSON.parse(event.data).summary)).toEqual([
      expect.stringContaining("to “While cut”"),
      "Renamed section “While cut” to “After”",
    ]);
  });
});
