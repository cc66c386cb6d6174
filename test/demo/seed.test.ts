import { describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { db } from "../api";
import { snapshot } from "../snapshot";
import { seedDemo, seedEmbeddedIfEmpty, startupSeed } from "@/lib/demo/seed";
import { verifyPassword } from "@/lib/auth/password";
import { businesses, containerSizes, customItemTypes, users } from "@/lib/db/schema";
import { env, resetEnvForTests } from "@/lib/server/env";

describe("the demo seed", () => {
  it("changes nothing when run again", async () => {
    const before = await snapshot();
    await seedDemo(await db());
    expect(await snapshot()).toEqual(before);
  });

  it("holds the contract's accounts, locations and seven hours per location", async () => {
    const data = await snapshot();
    expect(data.businesses.map((b) => b.name)).toEqual(["Demo Taproom Group", "Rival Brewpub"]);
    expect(data.locations.map((l) => [l.name, l.timeZone, l.currency])).toEqual([
      ["Demo Taproom Downtown", "America/New_York", "USD"],
      ["Demo Taproom Harbor", "Europe/Amsterdam", "EUR"],
      ["Rival Brewpub", "America/Los_Angeles", "USD"],
    ]);
    const owner = data.users.find((u) => u.email === "owner@demo.test")!;
    expect(await verifyPassword("demo-owner-pass", owner.passwordHash)).toBe(true);
    expect(await verifyPassword("demo-rival-pass", owner.passwordHash)).toBe(false);
    for (const location of data.locations) {
      expect(data.hours.filter((h) => h.locationId === location.id)).toHaveLength(7);
      expect(data.events.filter((e) => e.locationId === location.id).length).toBeGreaterThan(0);
    }
  });
});

describe("DEMO_DATA: what a fresh embedded database starts with", () => {
  it("false: no business and no account (the way in is sign-up), but the lists every business picks from", async () => {
    const saved = process.env.DEMO_DATA;
    process.env.DEMO_DATA = "false";
    resetEnvForTests();
    const rolledBack = new Error("rolled back");
    try {
      // An empty database, cheaply: this file's emptied in a transaction that is rolled back afterwards.
      await (await db()).transaction(async (tx) => {
        await tx.execute(sql`truncate businesses, container_sizes, custom_item_types cascade`);
        // Start-up seeds only an embedded database; the rule is the same on either kind of server.
        await seedEmbeddedIfEmpty({ db: tx, kind: "pglite", close: async () => {}, listen: async () => async () => {} });
        const rows = async (table: typeof businesses | typeof users | typeof containerSizes | typeof customItemTypes) =>
          Number((await tx.select({ n: count() }).from(table))[0]!.n);
        expect(await rows(businesses)).toBe(0);
        expect(await rows(users)).toBe(0);
        expect(await rows(containerSizes)).toBeGreaterThan(0);
        expect(await rows(customItemTypes)).toBeGreaterThan(0);
        throw rolledBack;
      });
    } catch (error) {
      if (error !== rolledBack) throw error;
    } finally {
      if (saved === undefined) delete process.env.DEMO_DATA;
      else process.env.DEMO_DATA = saved;
      resetEnvForTests();
    }
    expect((await snapshot()).businesses).toHaveLength(2);
  });

  it("true, the default: the demo businesses (what they hold is the cases above); PostgreSQL gets nothing either way", async () => {
    const saved = process.env.DEMO_DATA;
    delete process.env.DEMO_DATA;
    resetEnvForTests();
    try {
      // Unset means true, so the README's demo works out of the box.
      expect(env().DEMO_DATA).toBe(true);
    } finally {
      if (saved !== undefined) process.env.DEMO_DATA = saved;
      resetEnvForTests();
    }
    // Seeding a second empty database with months of demo activity takes a busy machine a minute: the
    // decision is checked here, the demo data itself by the cases above (test/setup.ts seeds it).
    expect(startupSeed("pglite", true)).toBe("demo");
    expect(startupSeed("pglite", false)).toBe("reference");
    expect(startupSeed("postgres", true)).toBeNull();
    expect(startupSeed("postgres", false)).toBeNull();
  });
});
