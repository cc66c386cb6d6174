import { describe, expect, it } from "vitest";
import { changeWords, previousPeriodCount, widerPeriod } from "@/components/insights/format";

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
