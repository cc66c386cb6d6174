import { describe, expect, it } from "vitest";
import { demoWeek } from "../hours-week";
import { openIntervals, openStatus } from "@/lib/hours/open-now";
import { WEEKDAYS } from "@/lib/shared/weekdays";
import { forecastEmptyAt, openAt, openMs, rateFrom } from "@/lib/taps/forecast";

// venue-operations §8: a keg's forecast runs on the venue's opening hours, not the wall clock.

const hours = { hours: demoWeek, special: [], zone: "America/New_York" };
const at = (iso: string) => new Date(iso);

describe("forecast_empty_at", () => {
  it("is null without pours", () => {
    const now = at("2026-12-01T23:00:00Z");
    expect(forecastEmptyAt({ remainingMl: 35_000, from: at("2026-12-01T21:00:00Z"), pouredMl: 0, now, hours })).toBeNull();
  });

  it("carries the rate across a closing time by opening hours", () => {
    // Tuesday 1 December 2026, New York (EST): open 16:00–23:00, Wednesday the same. Tapped at 16:00
    // (21:00Z), 10 litres poured by 18:00: 5 l per open hour. 35 l left is 7 open hours: 5 to Tuesday's
    // close, 2 after Wednesday's opening, so Wednesday 18:00 (23:00Z), not Wednesday 01:00 by the wall clock.
    const now = at("2026-12-01T23:00:00Z");
    const from = rateFrom(at("2026-12-01T21:00:00Z"), now);
    expect(forecastEmptyAt({ remainingMl: 35_000, from, pouredMl: 10_000, now, hours })?.toISOString()).toBe("2026-12-02T23:00:00.000Z");
  });

  it("does not count closed hours in the rate either", () => {
    // Tapped Tuesday 16:00, now Wednesday 17:00: 7 open hours Tuesday + 1 Wednesday = 8, not 25.
    expect(openMs(hours, at("2026-12-01T21:00:00Z").getTime(), at("2026-12-02T22:00:00Z").getTime())).toBe(8 * 3_600_000);
    const now = at("2026-12-02T22:00:00Z");
    // 8 l in 8 open hours; 6 l left: 6 open hours from Wednesday 17:00 → Wednesday 23:00 (close) → Thursday 16:00 + 0 h.
    expect(forecastEmptyAt({ remainingMl: 6_000, from: at("2026-12-01T21:00:00Z"), pouredMl: 8_000, now, hours })?.toISOString()).toBe(
      "2026-12-03T04:00:00.000Z",
    );
  });

  it("counts every hour at a venue with no opening hours", () => {
    const none = { hours: [], special: [], zone: "America/New_York" };
    const now = at("2026-12-01T23:00:00Z");
    expect(
      forecastEmptyAt({ remainingMl: 10_000, from: at("2026-12-01T21:00:00Z"), pouredMl: 10_000, now, hours: none })?.toISOString(),
    ).toBe("2026-12-02T01:00:00.000Z");
  });
});

describe("the open hours kept by day (decision 103)", () => {
  // Overnight on Fridays and Saturdays, closed on Mondays, a special late night, and a DST change (3 November).
  const week = WEEKDAYS.map((day) => ({
    day,
    always_open: false,
    closed: day === "monday",
    open_at: "16:00",
    close_at: day === "friday" || day === "saturday" ? "02:00" : "23:00",
  }));
  const odd = { hours: week, special: [{ date: "2024-11-05", closed: false, open: "12:00", close: "03:30" }], zone: "America/New_York" };

  it("are open exactly when openStatus says, minute by minute across a DST change, overnight hours and a special date", () => {
    const start = at("2024-10-31T00:00:00Z").getTime();
    for (let minute = 0; minute < 8 * 24 * 60; minute += 11) {
      const when = new Date(start + minute * 60_000);
      expect(openAt(odd, when)).toBe(openStatus(odd.hours, when, odd.zone, odd.special).open);
    }
  });

  it("count the open time the venue's intervals hold", () => {
    const from = at("2024-10-31T00:00:00Z");
    const to = at("2024-11-08T00:00:00Z");
    const whole = openIntervals(odd.hours, from, to, odd.zone, odd.special).reduce(
      (sum, interval) => sum + Math.min(interval.end, to.getTime()) - Math.max(interval.start, from.getTime()),
      0,
    );
    expect(openMs(odd, from.getTime(), to.getTime())).toBe(whole);
  });
});
