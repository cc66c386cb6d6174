import { describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { hourStarts, localWindow } from "@/lib/insights/window";

// The window arithmetic behind every insight (issue 38 row 12): the previous period each figure is
// compared with, and the hours of "Today", in New York across both DST changes of 2026, with the
// clock handed in.

const NEW_YORK = { zone: "America/New_York" };
const local = (instant: Date) => DateTime.fromJSDate(instant, { zone: NEW_YORK.zone }).toISO({ suppressMilliseconds: true });

describe("the previous period", () => {
  it("is the same days just before, up to now's local time: 7 days are compared with days 8–14", () => {
    // Thursday 2026-11-12 15:20 EST.
    const window = localWindow(NEW_YORK, 7, new Date("2026-11-12T20:20:00Z"));
    expect(window.days[0]).toBe("2026-11-06");
    expect(local(window.start)).toBe("2026-11-06T00:00:00-05:00");
    expect(local(window.previous.start)).toBe("2026-10-30T00:00:00-04:00"); // 14 days back, before the clocks went back
    expect(local(window.previous.end)).toBe("2026-11-05T15:20:00-05:00"); // 7 days back, the same wall-clock time
  });

  it("compares today with yesterday up to the same time, across the night the clocks go back", () => {
    // Monday 2026-11-02 09:00 EST; yesterday had 25 hours, and yesterday at 09:00 was EST already.
    const window = localWindow(NEW_YORK, 1, new Date("2026-11-02T14:00:00Z"));
    expect(window.previous).toEqual({ start: new Date("2026-11-01T04:00:00Z"), end: new Date("2026-11-01T14:00:00Z") });
    // Ten hours of yesterday (one of them twice) against nine of today: the same local stretch, midnight to 09:00.
  });

  it("never overlaps the current window and follows the venue's calendar for 180 days", () => {
    const now = new Date("2026-03-20T03:30:00Z"); // 2026-03-19 23:30 EDT, twelve days after the clocks went forward
    for (const numDays of [1, 7, 30, 90, 180]) {
      const window = localWindow(NEW_YORK, numDays, now);
      expect(window.previous.end.getTime(), String(numDays)).toBeLessThanOrEqual(window.start.getTime());
      expect(local(window.previous.start)!.slice(11, 19), String(numDays)).toBe("00:00:00");
      expect(local(window.previous.end)!.slice(11, 19), String(numDays)).toBe("23:30:00");
    }
    const half = localWindow(NEW_YORK, 180, now);
    expect(local(half.previous.start)).toBe("2025-03-25T00:00:00-04:00");
    expect(local(half.previous.end)).toBe("2025-09-20T23:30:00-04:00");
  });

  it("with a fixed offset, is plain 24-hour days back", () => {
    const window = localWindow({ offsetSeconds: -4 * 3600 }, 30, new Date("2026-11-03T15:00:00Z"));
    expect(window.previous).toEqual({ start: new Date("2026-09-05T04:00:00Z"), end: new Date("2026-10-04T15:00:00Z") });
  });
});

describe("the hours of today", () => {
  const labels = (hours: Date[]) => hours.map((hour) => local(hour)!.slice(11));

  it("run from local midnight to the hour holding now", () => {
    const now = new Date("2026-11-12T20:20:00Z"); // 15:20 EST
    const hours = hourStarts(localWindow(NEW_YORK, 1, now), now);
    expect(hours).toHaveLength(16);
    expect(labels(hours).at(0)).toBe("00:00:00-05:00");
    expect(labels(hours).at(-1)).toBe("15:00:00-05:00");
  });

  it("are 25 on the day the clocks go back: 01:00 twice", () => {
    const now = new Date("2026-11-02T04:59:00Z"); // 2026-11-01 23:59 EST
    const hours = hourStarts(localWindow(NEW_YORK, 1, now), now);
    expect(hours).toHaveLength(25);
    expect(labels(hours).slice(0, 4)).toEqual(["00:00:00-04:00", "01:00:00-04:00", "01:00:00-05:00", "02:00:00-05:00"]);
    expect(labels(hours).at(-1)).toBe("23:00:00-05:00");
  });

  it("are 23 on the day the clocks go forward: no 02:00", () => {
    const now = new Date("2026-03-09T03:59:00Z"); // 2026-03-08 23:59 EDT
    const hours = hourStarts(localWindow(NEW_YORK, 1, now), now);
    expect(hours).toHaveLength(23);
    expect(labels(hours).slice(0, 3)).toEqual(["00:00:00-05:00", "01:00:00-05:00", "03:00:00-04:00"]);
  });

  it("are only the first at one minute past midnight", () => {
    const now = new Date("2026-11-12T05:01:00Z");
    expect(labels(hourStarts(localWindow(NEW_YORK, 1, now), now))).toEqual(["00:00:00-05:00"]);
  });
});
