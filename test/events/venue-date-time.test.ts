import { describe, expect, it } from "vitest";
import { venueDateTime } from "@/lib/shared/zoned-time";

// Every time the dashboard shows for something that happened (History, webhook deliveries) is on the
// venue's wall clock in 24-hour time, whatever the browser's zone (issue 38 row 9).

describe("venueDateTime", () => {
  it("writes an instant on the venue's clock, across a date line and a DST change", () => {
    const at = "2026-11-28T02:30:00.000Z";
    expect(venueDateTime(at, "America/New_York")).toBe("27 Nov 2026, 21:30");
    expect(venueDateTime(at, "Europe/Amsterdam")).toBe("28 Nov 2026, 03:30");
    expect(venueDateTime(new Date("2026-07-01T12:00:00Z"), "America/New_York")).toBe("1 Jul 2026, 08:00");
  });
});
