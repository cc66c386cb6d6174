import { describe, expect, it } from "vitest";
import { byWeek, changeWords, previousPeriodCount, widerPeriod } from "@/components/insights/format";

// The previous period beside the check-ins figure (issue 38 row 12), read from the next longer period.

const series = (...checkins: number[]) => ({
  items: checkins.map((count, index) => ({ date: `2026-11-${String(index + 1).padStart(2, "0")}`, checkins: count })),
});

describe("the previous period", () => {
  it("comes from the next longer period that holds twice the days; none for 180", () => {
    expect([1, 7, 30, 90, 180].map(widerPeriod)).toEqual([7, 30, 90, 180, null]);
  });

  it("is the days just before the current ones, at the end of the longer series", () => {
    // 7 days: today is the last; yesterday is the day before.
    expect(previousPeriodCount(series(0, 0, 0, 0, 0, 4, 9), 1)).toBe(4);
    expect(previousPeriodCount(series(1, 2, 3, 4, 5, 6), 3)).toBe(6);
    expect(previousPeriodCount(series(1, 2, 3), 2)).toBeNull();
  });

  it("is said as a rounded change with its figure, or plainly when there was none", () => {
    expect(changeWords(112, 100, 30)).toBe("▲ 12% on the previous 30 days (100)");
    expect(changeWords(97, 100, 7)).toBe("▼ 3% on the previous 7 days (100)");
    expect(changeWords(100, 100, 90)).toBe("The same as the previous 90 days (100)");
    expect(changeWords(5, 0, 1)).toBe("None yesterday");
    expect(changeWords(0, 0, 30)).toBe("The same as the previous 30 days");
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
