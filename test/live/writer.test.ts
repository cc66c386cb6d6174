import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../api";
import { getDatabase } from "@/lib/db/client";
import { actingAs } from "@/lib/db/actor";
import { menuChanges, menus } from "@/lib/db/schema";
import { type LiveEvent, notify, settle, subscribe } from "@/lib/live/bus";
import { ofTheMenu, recordChange } from "@/lib/live/changes";

// The one writer of changes and notifications (decision 085): recordChange adds a change at the menu's
// version with its words and the transaction's actor, and the bus hears it at commit; notify sends an
// event on the channel the bus listens on; nothing of either survives a rollback.

/** Runs `work`, then answers what the bus heard meanwhile (a change's notification arrives at commit). */
async function heardDuring(work: () => Promise<unknown>): Promise<LiveEvent[]> {
  const heard: LiveEvent[] = [];
  const database = await getDatabase();
  const stop = await subscribe((event) => heard.push(event), database);
  try {
    await work();
    // A notification of our own after the work's: once it is heard, the work's were (commit order).
    await settle(database);
  } finally {
    stop();
  }
  return heard.filter((event) => event.kind !== "flush");
}

const firstMenu = async () => (await (await db()).select().from(menus).orderBy(asc(menus.id)).limit(1))[0]!;
const changesOf = async (menuId: number) =>
  (await db()).select().from(menuChanges).where(eq(menuChanges.menuId, menuId)).orderBy(asc(menuChanges.id));

describe("recordChange", () => {
  it("adds the change at the menu's version, with its words and actor, and notifies it at commit", async () => {
    const menu = await firstMenu();
    const actor = { user_id: null, name: "Writer test", via: "system" as const };
    let id: number | null = null;
    const heard = await heardDuring(() =>
      actingAs(actor, () =>
        db().then((d) =>
          d.transaction(async (tx) => {
            id = await recordChange(tx, { menuId: menu.id, type: "board.offline", summary: "Board went dark" });
          }),
        ),
      ),
    );
    const last = (await changesOf(menu.id)).at(-1)!;
    expect(last).toMatchObject({ id, menuId: menu.id, version: menu.version, type: "board.offline", summary: "Board went dark", actor });
    const [after] = await (await db()).select().from(menus).where(eq(menus.id, menu.id));
    expect(after!.version).toBe(menu.version);
    expect(heard).toContainEqual({ kind: "change", location_id: menu.locationId, menu_id: menu.id, version: menu.version, id });
  });

  it("leaves nothing and tells nothing when the transaction rolls back; answers null for no such menu", async () => {
    const menu = await firstMenu();
    const before = await changesOf(menu.id);
    const heard = await heardDuring(async () => {
      await expect(
        (await db()).transaction(async (tx) => {
          await recordChange(tx, { menuId: menu.id, type: "board.online", summary: "back" });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
    });
    expect(await changesOf(menu.id)).toEqual(before);
    expect(heard.filter((event) => event.kind === "change")).toEqual([]);
    expect(await (await db()).transaction((tx) => recordChange(tx, { menuId: 2_000_000_000, type: "board.online", summary: "" }))).toBe(
      null,
    );
  });

  it("keeps a device's news out of what is the menu's own (ofTheMenu)", async () => {
    const menu = await firstMenu();
    await (await db()).transaction((tx) => recordChange(tx, { menuId: menu.id, type: "board.online", summary: "back" }));
    const own = await (await db()).select({ type: menuChanges.type }).from(menuChanges).where(ofTheMenu(menuChanges.type));
    const all = await (await db()).select({ type: menuChanges.type }).from(menuChanges);
    expect(all.some((row) => row.type === "board.online")).toBe(true);
    expect(own.some((row) => row.type?.startsWith("board.") ?? false)).toBe(false);
    expect(own.length).toBeGreaterThan(0);
  });
});

describe("notify", () => {
  it("reaches the bus at commit, on the channel it listens on, and not after a rollback", async () => {
    const sent = { kind: "board", board_id: null, device_id: 424242, command: "reload" } as const;
    const heard = await heardDuring(async () => {
      await (await db())
        .transaction(async (tx) => {
          await notify(tx, { ...sent, device_id: 1 });
          throw new Error("roll back");
        })
        .catch(() => {});
      await (await db()).transaction((tx) => notify(tx, sent));
    });
    expect(heard).toEqual([sent]);
  });
});

describe("settle", () => {
  it("never fails the write it follows: a barrier that cannot be sent drops what is kept (a flush) instead", async () => {
    const database = await getDatabase();
    const heard: LiveEvent[] = [];
    const stop = await subscribe((event) => heard.push(event), database);
    const execute = database.db.execute;
    // The database goes away right after the write committed (a PostgreSQL restart): the barrier's NOTIFY fails.
    database.db.execute = (() => Promise.reject(Object.assign(new Error("terminating connection"), { code: "57P01" }))) as never;
    try {
      await expect(settle(database)).resolves.toBeUndefined();
    } finally {
      database.db.execute = execute;
      stop();
    }
    expect(heard.map((event) => event.kind)).toContain("flush");
  });
});
