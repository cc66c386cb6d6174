import { describe, expect, it } from "vitest";
import { calendarDateWords, clockTimeAt, dayTimeAt, relativeDayTimeAt, wallClock } from "@/lib/shared/clock";
import { formatCalendarDate, formatDayTime, formatRelativeDayTime, inVenueZone, timeOf } from "@/lib/shared/time-format";

// The luxon-free wall clock (lib/shared/clock.ts) the light pages use says what time-format's luxon
// functions say, across zones, daylight-saving changes, midnight and the week's edge.

const ZONES = ["America/New_York", "Europe/Amsterdam", "Australia/Lord_Howe", "Asia/Kolkata", "Pacific/Chatham", "UTC"];
// From 2026-03-07 (before the US change) hour by hour, odd minutes, for 10 days, and a year's spread.
const START = Date.UTC(2026, 2, 7, 0, 7);
const INSTANTS = [
  ...Array.from({ length: 240 }, (_, i) => new Date(START + i * 3_600_000 + (i % 7) * 60_000)),
  ...Array.from({ length: 60 }, (_, i) => new Date(Date.UTC(2026, 0, 1) + i * 6.1 * 86_400_000)),
];

describe("wallClock", () => {
  it("reads an instant on a zone's clock as luxon does", () => {
    for (const zone of ZONES) {
      for (const at of INSTANTS) {
        const luxon = inVenueZone(at, zone);
        expect(wallClock(at, zone), `${at.toISOString()} ${zone}`).toEqual({
          year: luxon.year,
          month: luxon.month,
          day: luxon.day,
          weekday: luxon.weekday % 7,
          hour: luxon.hour,
          minute: luxon.minute,
        });
      }
    }
  });
});

describe("clockTimeAt and dayTimeAt", () => {
  it("say the same words as timeOf and formatDayTime in both clocks, this week and further", () => {
    const now = new Date(Date.UTC(2026, 2, 9, 23, 30));
    for (const zone of ZONES) {
      for (const clock of ["12h", "24h"] as const) {
        for (const at of INSTANTS) {
          const what = `${at.toISOString()} ${zone} ${clock}`;
          expect(clockTimeAt(at, zone, clock), what).toBe(timeOf(inVenueZone(at, zone), clock));
          expect(dayTimeAt(at, { zone, clock }, now), what).toBe(formatDayTime(at.toISOString(), { zone, clock }, now));
          expect(relativeDayTimeAt(at, zone, now, clock), what).toBe(formatRelativeDayTime(inVenueZone(at, zone), now, clock));
        }
      }
    }
  });
});

describe("calendarDateWords", () => {
  it("says a date as formatCalendarDate does", () => {
    for (let day = 0; day < 400; day += 3) {
      const date = new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 10);
      expect(calendarDateWords(date), date).toBe(formatCalendarDate(date));
    }
  });
});
