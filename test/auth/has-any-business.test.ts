import { describe, expect, it } from "vitest";
import { db } from "../api";
import { businesses } from "@/lib/db/schema";
import { hasAnyBusiness } from "@/lib/auth/signup";

// `/` leads a fresh install (no business at all: DEMO_DATA=false) to sign-up; this is its question.

describe("hasAnyBusiness", () => {
  it("is true with the demo businesses, false once the database holds none", async () => {
    const database = await db();
    expect(await hasAnyBusiness(database)).toBe(true);
    // Everything of a business goes with it (cascades): the empty install's state.
    await database.delete(businesses);
    expect(await hasAnyBusiness(database)).toBe(false);
  });
});
