import { describe, expect, it } from "vitest";
import { always, closed, demoWeek as demo, open, week } from "../hours-week";
import { nextOpening, type DayHours } from "@/lib/hours/open-now";

// "Until we next open" (live-menus §7): the pure computation, with `now` injected.

const allDay = week([always, always, always, always, always, always, always]);

const next = (hours: DayHours[], now: string, zone: string) => nextOpening(hours, new Date(now), zone)?.toUTC().toISO() ?? null;

describe("nextOpening", () => {
  it("is today's opening while it is still ahead, in the venue's zone", () => {
    // Tue 2026-06-02 15:30 in New York.
    expect(next(demo, "2026-06-02T19:30:00Z", "America/New_York")).toBe("2026-06-02T20:00:00.000Z");
  });

  it("is the next service while the venue is open (not the end of this one)", () => {
    // Tue 20:00 in New York, open until 23:00: Wednesday 16:00.
    expect(next(demo, "2026-06-03T00:00:00Z", "America/New_York")).toBe("2026-06-03T20:00:00.000Z");
    // Exactly at opening time the opening is not "after now".
    expect(next(demo, "2026-06-02T20:00:00Z", "America/New_York")).toBe("2026-06-03T20:00:00.000Z");
  });

  it("treats an overnight close as the previous day's tail", () => {
    // Sat 2026-06-06 01:15 in Amsterdam, Friday's 12:00–02:00 still running: Saturday 12:00.
    expect(next(demo, "2026-06-05T23:15:00Z", "Europe/Amsterdam")).toBe("2026-06-06T10:00:00.000Z");
    // Fri 00:10 after Thursday's 16:00–00:30: Friday 12:00.
    expect(next(demo, "2026-06-04T22:10:00Z", "Europe/Amsterdam")).toBe("2026-06-05T10:00:00.000Z");
  });

  it("skips a closed day", () => {
    // Sun 2026-06-07 23:00 in New York, Monday closed: Tuesday 16:00.
    expect(next(demo, "2026-06-08T03:00:00Z", "America/New_York")).toBe("2026-06-09T20:00:00.000Z");
    // Monday noon: Tuesday too.
    expect(next(demo, "2026-06-08T16:00:00Z", "America/New_York")).toBe("2026-06-09T20:00:00.000Z");
  });

  it("is the next local midnight for a venue open around the clock", () => {
    expect(next(allDay, "2026-06-02T19:30:00Z", "America/New_York")).toBe("2026-06-03T04:00:00.000Z");
    expect(next(allDay, "2026-06-02T19:30:00Z", "Europe/Amsterdam")).toBe("2026-06-02T22:00:00.000Z");
  });

  it("is the day after an always-open day when that day has hours", () => {
    // Friday open around the clock, Saturday 12:00–22:00: on Friday afternoon, Saturday 12:00.
    const hours = week([closed, closed, closed, closed, always, open("12:00", "22:00"), closed]);
    expect(next(hours, "2026-06-05T18:00:00Z", "America/New_York")).toBe("2026-06-06T16:00:00.000Z");
  });

  it("finds the same weekday next week, and nothing without hours", () => {
    const mondays = week([open("16:00", "23:00"), closed, closed, closed, closed, closed, closed]);
    // Mon 2026-06-08 17:00 in New York: the next Monday.
    expect(next(mondays, "2026-06-08T21:00:00Z", "America/New_York")).toBe("2026-06-15T20:00:00.000Z");
    expect(next(week([closed, closed, closed, closed, closed, closed, closed]), "2026-06-08T21:00:00Z", "America/New_York")).toBeNull();
    expect(next([], "2026-06-08T21:00:00Z", "America/New_York")).toBeNull();
  });

  describe("across daylight-saving nights", () => {
    it("America/New_York, spring forward (Sun 2026-03-08, 02:00 → 03:00)", () => {
      // Sat 23:00 EST: Sunday 12:00 is already EDT (16:00Z, not 17:00Z).
      expect(next(demo, "2026-03-08T04:00:00Z", "America/New_York")).toBe("2026-03-08T16:00:00.000Z");
      // Open around the clock: Sunday's midnight is still EST; Monday's is EDT, 23 hours later.
      expect(next(allDay, "2026-03-07T17:00:00Z", "America/New_York")).toBe("2026-03-08T05:00:00.000Z");
      expect(next(allDay, "2026-03-08T16:00:00Z", "America/New_York")).toBe("2026-03-09T04:00:00.000Z");
      // An opening at 02:30, a time the clocks skip, moves past the gap: 03:30 EDT.
      const early = week([closed, closed, closed, closed, closed, closed, open("02:30", "10:00")]);
      expect(next(early, "2026-03-08T04:00:00Z", "America/New_York")).toBe("2026-03-08T07:30:00.000Z");
    });

    it("America/New_York, fall back (Sun 2026-11-01, 02:00 → 01:00)", () => {
      // Sat 23:00 EDT: Sunday 12:00 is EST (17:00Z).
      expect(next(demo, "2026-11-01T03:00:00Z", "America/New_York")).toBe("2026-11-01T17:00:00.000Z");
      // Sunday has 25 hours: from Sunday noon EST, Monday's midnight is 05:00Z.
      expect(next(allDay, "2026-11-01T17:00:00Z", "America/New_York")).toBe("2026-11-02T05:00:00.000Z");
      // An opening at 01:30, shown twice that night, is its first occurrence (EDT).
      const early = week([closed, closed, closed, closed, closed, closed, open("01:30", "10:00")]);
      expect(next(early, "2026-11-01T03:00:00Z", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    });

    it("Europe/Amsterdam, spring forward (Sun 2026-03-29, 02:00 → 03:00)", () => {
      // Sat 23:00 CET: Sunday 12:00 CEST is 10:00Z.
      expect(next(demo, "2026-03-28T22:00:00Z", "Europe/Amsterdam")).toBe("2026-03-29T10:00:00.000Z");
      // 01:30 CET on the night itself, Saturday's 12:00–02:00 still running: Sunday 12:00 CEST.
      expect(next(demo, "2026-03-29T00:30:00Z", "Europe/Amsterdam")).toBe("2026-03-29T10:00:00.000Z");
      expect(next(allDay, "2026-03-29T10:00:00Z", "Europe/Amsterdam")).toBe("2026-03-29T22:00:00.000Z");
    });

    it("Europe/Amsterdam, fall back (Sun 2026-10-25, 03:00 → 02:00)", () => {
      // Sat 23:00 CEST: Sunday 12:00 CET is 11:00Z.
      expect(next(demo, "2026-10-24T21:00:00Z", "Europe/Amsterdam")).toBe("2026-10-25T11:00:00.000Z");
      // 02:30 the second time (CET), after Saturday's close at 02:00 CEST: Sunday 12:00 CET.
      expect(next(demo, "2026-10-25T01:30:00Z", "Europe/Amsterdam")).toBe("2026-10-25T11:00:00.000Z");
      expect(next(allDay, "2026-10-25T11:00:00Z", "Europe/Amsterdam")).toBe("2026-10-25T23:00:00.000Z");
    });
  });
});
