import { describe, expect, it } from "vitest";
import { directionChoices } from "@/components/pos/directions";
import type { posConnections } from "@/lib/db/schema";
import { connectionJson } from "@/lib/pos/connections";

// pos.md §2: the Point of sale page offers "Taproom leads" only for a provider whose API takes catalogue
// writes (Square); Toast's menus API is read-only, and the server refuses it there (422 direction).
const row = (provider: "square" | "toast") =>
  ({
    id: 1,
    locationId: 1,
    provider,
    status: "connected",
    direction: "pos_to_taproom",
    externalLocationId: "L1",
    lastSyncAt: null,
    lastError: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  }) as typeof posConnections.$inferSelect;

describe("the direction select", () => {
  it("offers Taproom leads for Square and not for Toast", () => {
    const offered = (provider: "square" | "toast") => directionChoices(connectionJson(row(provider))).map((each) => each.value);
    expect(offered("square")).toEqual(["pos_to_taproom", "prices_from_pos", "taproom_to_pos"]);
    expect(offered("toast")).toEqual(["pos_to_taproom", "prices_from_pos"]);
    expect(connectionJson(row("toast")).directions).not.toContain("taproom_to_pos");
  });
});
