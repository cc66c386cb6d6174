import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "../api";
import { browserSessions, oauthStates, platformBeerSearches, rateLimits, users, v4Cache } from "@/lib/db/schema";
import { pruneExpired } from "@/lib/retention/prune";

const hour = 3_600_000;

describe("pruneExpired", () => {
  it("deletes expired counters, OAuth states, cached answers and sessions, and keeps live ones", async () => {
    const database = await db();
    const now = new Date();
    const [owner] = await database.select().from(users).where(eq(users.email, "owner@demo.test"));
    const userId = owner!.id;
    await database.insert(rateLimits).values([
      { key: "old", windowStart: new Date(now.getTime() - 30 * hour), count: 9 },
      { key: "live", windowStart: new Date(now.getTime() - 0.5 * hour), count: 3 },
    ]);
    await database.insert(oauthStates).values([
      { stateHash: "old", userId, expiresAt: new Date(now.getTime() - 1000) },
      { stateHash: "live", userId, expiresAt: new Date(now.getTime() + 600_000) },
    ]);
    await database.insert(v4Cache).values([
      { key: "old", status: 200, body: "{}", headers: {}, expiresAt: new Date(now.getTime() - 1000) },
      { key: "live", status: 200, body: "{}", headers: {}, expiresAt: new Date(now.getTime() + 600_000) },
    ]);
    await database.insert(browserSessions).values([
      { tokenHash: "old", userId, expiresAt: new Date(now.getTime() - 1000) },
      { tokenHash: "live", userId, expiresAt: new Date(now.getTime() + hour) },
    ]);
    // Catalogue search terms are remembered a day (decision 061).
    await database.insert(platformBeerSearches).values([
      { term: "old", askedLimit: 25, found: 3, askedAt: new Date(now.getTime() - 25 * hour) },
      { term: "live", askedLimit: 25, found: 3, askedAt: new Date(now.getTime() - 23 * hour) },
    ]);

    const pruned = await pruneExpired(database, now);
    expect(pruned).toMatchObject({ rateLimits: 1, oauthStates: 1, v4Cache: 1, browserSessions: 1, catalogueSearches: 1 });
    expect((await database.select().from(platformBeerSearches)).map((row) => row.term)).toEqual(["live"]);
    expect((await database.select().from(rateLimits)).map((row) => row.key)).toContain("live");
    expect((await database.select().from(rateLimits)).map((row) => row.key)).not.toContain("old");
    expect((await database.select().from(oauthStates)).map((row) => row.stateHash)).toEqual(["live"]);
    expect((await database.select().from(v4Cache)).map((row) => row.key)).toEqual(["live"]);
    expect((await database.select().from(browserSessions)).map((row) => row.tokenHash)).toEqual(["live"]);
    expect(await pruneExpired(database, now)).toEqual({
      rateLimits: 0,
      oauthStates: 0,
      v4Cache: 0,
      browserSessions: 0,
      menuChanges: 0,
      webhookDeliveries: 0,
      catalogueSearches: 0,
      posOutbox: 0,
    });
  });
});
