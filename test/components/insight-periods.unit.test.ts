import { describe, expect, it } from "vitest";
import { byWeek, change, changeWords } from "@/components/insights/format";
import { hourLabels } from "@/components/insights/hour-labels";

// The previous period beside each figure (issue 38 row 12): the server counts it (lib/insights,
// previous_period); the cards say the change.

describe("the change on the previous period", () => {
  it("is a rounded percentage with the previous figure", () => {
    expect(change(112, 100, 30)).toEqual({ mark: "▲", words: "12% on the previous 30 days (100)" });
    expect(change(97, 100, 7)).toEqual({ mark: "▼", words: "3% on the previous 7 days (100)" });
    expect(change(3, 4, 1)).toEqual({ mark: "▼", words: "25% on yesterday by this time (4)" });
    expect(change(100, 100, 90)).toEqual({ mark: "=", words: "the same as the previous 90 days (100)" });
    expect(change(1001, 1000, 180)).toEqual({ mark: "=", words: "the same as the previous 180 days (1,000)" });
  });

  it("says plainly when the previous period had none", () => {
    expect(change(5, 0, 1)).toEqual({ mark: "new", words: "none yesterday by this time" });
    expect(change(0, 0, 30)).toEqual({ mark: "—", words: "none in the previous 30 days either" });
  });

  it("reads in words for screen readers", () => {
    expect(changeWords(112, 100, 30)).toBe("Up 12% on the previous 30 days (100)");
    expect(changeWords(5, 0, 7)).toBe("New: none in the previous 7 days");
    expect(changeWords(100, 100, 7)).toBe("The same: as the previous 7 days (100)");
  });
});

describe("today's hours", () => {
  it("are labelled on the venue's clock, an hour the clocks repeat with its zone", () => {
    const starts = ["2026-11-01T04:00:00.000Z", "2026-11-01T05:00:00.000Z", "2026-11-01T06:00:00.000Z", "2026-11-01T07:00:00.000Z"];
    expect(hourLabels(starts, { zone: "America/New_York", clock: "12h" })).toEqual(["12:00 AM", "1:00 AM EDT", "1:00 AM EST", "2:00 AM"]);
    expect(hourLabels(starts, { zone: "America/New_York", clock: "24h" })).toEqual(["00:00", "01:00 EDT", "01:00 EST", "02:00"]);
    expect(hourLabels(starts, { zone: "Europe/London", clock: "24h" })).toEqual(["04:00", "05:00", "06:00", "07:00"]);
  });
});

describe("weeks past 60 days", () => {
  const days = (count: number) =>
    Array.from({ length: count }, (_, index) => {
      const date = new Date(Date.UTC(2026, 0, 1 + index)).toISOString().slice(0, 10);
      return { date, checkins: index + 1, other: 1 };
    });

  it("sums days into weeks ending today, the oldest one short when the days do not divide", () => {
    const weeks = byWeek(days(90), ["checkins", "other"]);
    expect(weeks).toHaveLength(13);
    expect(weeks.at(-1)).toEqual({ date: "2026-03-25", days: 7, checkins: 84 + 85 + 86 + 87 + 88 + 89 + 90, other: 7 });
    expect(weeks[0]).toEqual({ date: "2026-01-01", days: 6, checkins: 1 + 2 + 3 + 4 + 5 + 6, other: 6 });
    expect(weeks.reduce((sum, week) => sum + week.checkins, 0)).toBe((90 * 91) / 2);
  });

  it("keeps a short series whole", () => {
    expect(byWeek(days(3), ["checkins"])).toEqual([{ date: "2026-01-01", days: 3, checkins: 6 }]);
  });
});
