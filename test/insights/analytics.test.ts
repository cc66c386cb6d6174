import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import { snapshot } from "../snapshot";
import { menuViewCounts } from "@/lib/db/schema";
import { recordMenuView } from "@/lib/insights/menu-views";

let owner: Account;
let location: number;

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[1].id;
});

const counts = async () =>
  (await db()).select().from(menuViewCounts).where(eq(menuViewCounts.locationId, location)).orderBy(asc(menuViewCounts.source));

describe("GET /locations/:id/analytics", () => {
  it("counts a view per source, API by default, with the read-only token", async () => {
    const before = (await counts()).length;
    for (const query of ["", "?source_name=HomePage", "?source_name=HomePage", "?source_name=TV%20Board"]) {
      const response = await api.get(`locations/${location}/analytics${query}`, { as: owner.ro });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: "OK" });
    }
    const rows = await counts();
    expect(rows.length - before).toBeLessThanOrEqual(3 * 2); // at most one bucket boundary crossed
    const total = (source: string) => rows.filter((row) => row.source === source).reduce((sum, row) => sum + row.count, 0);
    expect(total("API")).toBe(1);
    expect(total("HomePage")).toBe(2);
    expect(total("TV Board")).toBe(1);
  });

  it("keeps one row per quarter hour however often a board polls", async () => {
    const database = await db();
    const at = new Date("2026-06-01T18:07:00Z");
    for (let i = 0; i < 25; i++)
      await recordMenuView(database, { locationId: location, source: "Poller", at: new Date(at.getTime() + i * 20_000) });
    const rows = (await counts()).filter((row) => row.source === "Poller");
    expect(rows.map((row) => [row.bucket.toISOString(), row.count])).toEqual([
      ["2026-06-01T18:00:00.000Z", 24],
      ["2026-06-01T18:15:00.000Z", 1],
    ]);
  });

  it.each([
    ["a source name too long", `?source_name=${"x".repeat(65)}`],
    ["a source name with markup", "?source_name=%3Cscript%3E"],
  ])("refuses %s with 422 and counts nothing", async (_name, query) => {
    const before = await snapshot();
    const response = await api.get(`locations/${location}/analytics${query}`, { as: owner.ro });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("query.source_name");
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an unknown location and counts nothing", async () => {
    const before = await snapshot();
    expect((await api.get("locations/777777/analytics", { as: owner.ro })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
