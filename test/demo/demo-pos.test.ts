import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api, db, login } from "../api";
import { connectDemoPos } from "@/lib/demo/pos";
import { posConnections, posMappings } from "@/lib/db/schema";
import { downtown } from "../pos/connect";

// pos.md §1: "The demo location is connected to the Square sandbox out of the box, so a newcomer sees it
// work." The demo's start-up connects its first location as its manager would (the connection asked
// for, the sandbox's consent page allowed, the callback and its first sync), leaving the suggested
// matches for a person to confirm.

describe("the demo's point of sale", () => {
  it("connects Demo Taproom Downtown to the sandbox's Downtown, synced, with matches suggested and none confirmed", async () => {
    const database = await db();
    await connectDemoPos(database);
    const owner = await login("owner");
    const location = (await api.get("locations", { as: owner.ro })).body.locations.find(
      (each: { name: string }) => each.name === "Demo Taproom Downtown",
    );
    const listed = await api.get(`locations/${location.id}/pos_connections`, { as: owner.ro });
    expect(listed.status).toBe(200);
    expect(listed.body.pos_connections).toHaveLength(1);
    const [connection] = listed.body.pos_connections;
    expect(connection).toMatchObject({ provider: "square", status: "connected", external_location_id: downtown.id, last_error: null });
    expect(connection.last_sync_at).not.toBeNull();
    const mappings = await database.select().from(posMappings).where(eq(posMappings.connectionId, connection.id));
    expect(mappings.length).toBeGreaterThan(0);
    expect(mappings.filter((mapping) => mapping.status === "suggested").length).toBeGreaterThan(0);
    expect(mappings.filter((mapping) => mapping.status === "matched")).toEqual([]);
  });

  it("changes nothing when run again (a start-up after the first)", async () => {
    const database = await db();
    const before = await database.select().from(posConnections);
    await connectDemoPos(database);
    expect(await database.select().from(posConnections)).toEqual(before);
  });

  it("connects nothing when Square is a real account (SQUARE_BASE_URL set), not the sandbox", async () => {
    const database = await db();
    await database.delete(posConnections);
    await connectDemoPos(database, { sandbox: false });
    expect(await database.select().from(posConnections)).toEqual([]);
  });
});
