import { describe, expect, it } from "vitest";
import { db } from "../api";
import { snapshot } from "../snapshot";
import { seedDemo } from "@/lib/demo/seed";
import { verifyPassword } from "@/lib/auth/password";

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
