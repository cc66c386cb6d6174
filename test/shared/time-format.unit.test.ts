import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Clock,
  clockOf,
  formatClock,
  formatDateTime,
  formatDayTime,
  formatEventWhen,
  formatSpecialDay,
  parseClock,
} from "@/lib/shared/time-format";

// Issue 38 row 9: one time format per venue (its country's clock) and its zone on every page; the
// time inputs read what people type in either clock and hand the API HH:MM.

const CLOCKS: Clock[] = ["12h", "24h"];
const pad = (value: number) => String(value).padStart(2, "0");
const everyMinute = Array.from({ length: 24 * 60 }, (_, minute) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`);
const newYork = { zone: "America/New_York", clock: "12h" as const };
const amsterdam = { zone: "Europe/Amsterdam", clock: "24h" as const };

describe("clockOf", () => {
  it("follows the country: 12-hour in the US, Canada, Australia and India; 24-hour in Europe", () => {
    for (const country of ["US", "CA", "AU", "NZ", "IN", "PH", "us"]) expect(clockOf({ country, time_zone: "UTC" }), country).toBe("12h");
    for (const country of ["NL", "DE", "FR", "GB", "IE", "ES", "JP", "BE"])
      expect(clockOf({ country, time_zone: "UTC" }), country).toBe("24h");
  });

  it("reads a location without a country from its zone's country, else 24-hour", () => {
    expect(clockOf({ country: null, time_zone: "America/New_York" })).toBe("12h");
    expect(clockOf({ country: null, time_zone: "America/Indiana/Indianapolis" })).toBe("12h");
    expect(clockOf({ country: null, time_zone: "America/Toronto" })).toBe("12h");
    expect(clockOf({ country: null, time_zone: "Australia/Sydney" })).toBe("12h");
    expect(clockOf({ country: null, time_zone: "Europe/Amsterdam" })).toBe("24h");
    expect(clockOf({ country: null, time_zone: "America/Sao_Paulo" })).toBe("24h");
    expect(clockOf({ country: null, time_zone: "UTC" })).toBe("24h");
  });

  it("lets the country win over the zone (a Dutch venue's zone in New York stays 24-hour)", () => {
    expect(clockOf({ country: "NL", time_zone: "America/New_York" })).toBe("24h");
    expect(clockOf({ country: "US", time_zone: "Europe/Amsterdam" })).toBe("12h");
  });
});

describe("formatClock", () => {
  it("writes a wall-clock time in either clock, midnight and noon included", () => {
    expect(formatClock("21:05", "12h")).toBe("9:05 PM");
    expect(formatClock("00:00", "12h")).toBe("12:00 AM");
    expect(formatClock("12:00", "12h")).toBe("12:00 PM");
    expect(formatClock("09:30", "24h")).toBe("09:30");
    expect(formatClock("21:05", "24h")).toBe("21:05");
  });
});

describe("parseClock", () => {
  it("reads back what it writes, for every minute of the day in both clocks", () => {
    for (const clock of CLOCKS) {
      for (const time of everyMinute) expect(parseClock(formatClock(time, clock), clock)).toEqual({ ok: true, time });
    }
  });

  it("takes the other clock's writing too, and the common ways of typing a time", () => {
    const cases: [string, string][] = [
      ["4pm", "16:00"],
      ["4 PM", "16:00"],
      ["4:30 PM", "16:30"],
      ["4.30p.m.", "16:30"],
      ["4:30p", "16:30"],
      ["430pm", "16:30"],
      ["12am", "00:00"],
      ["12:15 AM", "00:15"],
      ["12pm", "12:00"],
      ["16:00", "16:00"],
      ["16.00", "16:00"],
      ["16h00", "16:00"],
      ["1600", "16:00"],
      ["930", "09:30"],
      ["9", "09:00"],
      ["  21 : 05 ", "21:05"],
      ["noon", "12:00"],
      ["Midnight", "00:00"],
    ];
    for (const clock of CLOCKS) {
      for (const [typed, time] of cases) expect(parseClock(typed, clock), `${typed} (${clock})`).toEqual({ ok: true, time });
    }
  });

  it("refuses what is not a time with an example in the venue's clock", () => {
    for (const typed of ["", "25:00", "13pm", "0am", "4:60", "4:3", "160", "abc", "4 pm tomorrow", "2026-06-01T10:00"]) {
      expect(parseClock(typed, "12h"), typed).toEqual({ ok: false, message: "must be a time such as 4:30 PM or 16:30" });
      expect(parseClock(typed, "24h"), typed).toEqual({ ok: false, message: "must be a time such as 16:30" });
    }
  });

  it("reads any spelling of a 12-hour time: case, spaces, dots and minutes left out", () => {
    const spelled = fc.record({
      hour: fc.integer({ min: 1, max: 12 }),
      minute: fc.integer({ min: 0, max: 59 }),
      pm: fc.boolean(),
      separator: fc.constantFrom(":", ".", " : "),
      space: fc.constantFrom("", " ", "  "),
      suffix: fc.constantFrom("am", "a.m.", "a", "AM", "A.M."),
      dropZeroMinutes: fc.boolean(),
    });
    fc.assert(
      fc.property(spelled, ({ hour, minute, pm, separator, space, suffix, dropZeroMinutes }) => {
        const half = pm ? suffix.replace(/a/g, "p").replace(/A/g, "P") : suffix;
        const clock = dropZeroMinutes && minute === 0 ? "" : `${separator}${pad(minute)}`;
        const expected = `${pad((hour % 12) + (pm ? 12 : 0))}:${pad(minute)}`;
        expect(parseClock(`${hour}${clock}${space}${half}`, "12h")).toEqual({ ok: true, time: expected });
      }),
    );
  });
});

describe("the venue's times on every page", () => {
  it("History and webhooks: an instant on the venue's wall clock and clock, across a date line", () => {
    const at = "2026-11-28T02:30:00.000Z";
    expect(formatDateTime(at, newYork)).toBe("27 Nov 2026, 9:30 PM");
    expect(formatDateTime(at, amsterdam)).toBe("28 Nov 2026, 03:30");
    expect(formatDateTime(new Date("2026-07-01T12:00:00Z"), { zone: "America/New_York", clock: "24h" })).toBe("1 Jul 2026, 08:00");
  });

  it("86 page: a day and time, with the date when a week or more away", () => {
    const now = new Date("2026-06-01T15:00:00Z");
    expect(formatDayTime("2026-06-02T20:00:00Z", newYork, now)).toBe("Tue 4:00 PM");
    expect(formatDayTime("2026-06-02T20:00:00Z", amsterdam, now)).toBe("Tue 22:00");
    expect(formatDayTime("2026-06-10T20:00:00Z", newYork, now)).toBe("Wed 10 Jun 4:00 PM");
  });

  it("events: across midnight on the venue's clock, in both clocks", () => {
    const event = { start_time: "2026-06-06T01:00:00Z", end_time: "2026-06-06T06:00:00Z" };
    const now = new Date("2026-06-01T12:00:00Z");
    expect(formatEventWhen(event, newYork, now)).toBe("Fri 5 Jun, 9:00 PM – Sat 6 Jun, 2:00 AM EDT");
    expect(formatEventWhen(event, amsterdam, now)).toBe("Sat 6 Jun, 03:00–08:00 CEST");
  });

  it("special hours: the range in the venue's clock", () => {
    const day = { date: "2026-11-28", closed: false, open: "12:00", close: "02:00", note: "Late night" };
    expect(formatSpecialDay(day, "12h")).toBe("Sat 28 Nov: 12:00 PM–2:00 AM (past midnight) (Late night)");
    expect(formatSpecialDay(day, "24h")).toBe("Sat 28 Nov: 12:00–02:00 (past midnight) (Late night)");
  });
});
