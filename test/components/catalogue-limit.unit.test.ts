import { describe, expect, it } from "vitest";
import { resetWords } from "@/components/menus/add-item/catalogue-limit";
import { retryAfterSeconds } from "@/lib/client/api";

// When the catalogue's hour is used up, the add dialog says when it comes back (issue 38 row 3).

describe("Retry-After", () => {
  it("reads delta-seconds and an HTTP date; nothing for absent or unreadable", () => {
    const now = Date.parse("2026-11-27T14:00:00Z");
    expect(retryAfterSeconds("1800", now)).toBe(1800);
    expect(retryAfterSeconds("Fri, 27 Nov 2026 14:30:00 GMT", now)).toBe(1800);
    expect(retryAfterSeconds("Fri, 27 Nov 2026 13:30:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeNull();
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });
});

describe("the words for when lookups come back", () => {
  it("says the minutes left, rounded up, at least one", () => {
    const now = Date.parse("2026-11-27T14:00:00Z");
    const newYork = { zone: "America/New_York", clock: "12h" as const };
    expect(resetWords(now + 30 * 60_000, newYork, now)).toBe("in about 30 minutes (at 9:30 AM)");
    expect(resetWords(now + 30 * 60_000, { zone: "Europe/Amsterdam", clock: "24h" }, now)).toBe("in about 30 minutes (at 15:30)");
    expect(resetWords(now + 30 * 60_000, null, now)).toMatch(/^in about 30 minutes \(at \d{2}:30\)$/);
    expect(resetWords(now + 61_000, newYork, now)).toMatch(/^in about 2 minutes/);
    expect(resetWords(now + 5_000, newYork, now)).toMatch(/^in about 1 minute \(/);
  });
});
