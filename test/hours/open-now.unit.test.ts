import { describe, expect, it } from "vitest";
import { always, closed, demoWeek as demo, open, week } from "../hours-week";
import { describeOpenStatus, nextOpening, openStatus, wallClockOf } from "@/lib/hours/open-now";

const at = (instant: string) => new Date(instant);
const utc = (status: ReturnType<typeof openStatus>) =>
  status.open ? (status.closesAt?.toUTC().toISO() ?? null) : (status.opensAt?.toUTC().toISO() ?? null);

describe("wallClockOf", () => {
  it("reads HH:MM and the API's ISO form by its clock reading", () => {
    expect(wallClockOf("17:05")).toBe("17:05");
    expect(wallClockOf("2000-01-01T02:30:00.000Z")).toBe("02:30");
    expect(wallClockOf(null)).toBeNull();
  });
});

describe("openStatus", () => {
  it("works in the venue's zone, whatever the instant's UTC date", () => {
    // Tue 2026-06-02 15:30 in New York is 19:30 UTC: not open yet (16:00), opens today.
    const status = openStatus(demo, at("2026-06-02T19:30:00Z"), "America/New_York");
    expect(status.open).toBe(false);
    expect(utc(status)).toBe("2026-06-02T20:00:00.000Z");
    expect(describeOpenStatus(status, at("2026-06-02T19:30:00Z"), "24h")).toBe("Closed now — opens today 16:00");
    expect(describeOpenStatus(status, at("2026-06-02T19:30:00Z"), "12h")).toBe("Closed now — opens today 4:00 PM");
    // The same instant in Amsterdam is 21:30 on Tuesday: open until 23:00.
    const there = openStatus(demo, at("2026-06-02T19:30:00Z"), "Europe/Amsterdam");
    expect(there).toMatchObject({ open: true });
    expect(utc(there)).toBe("2026-06-02T21:00:00.000Z");
  });

  it("keeps an overnight close open past midnight into the next day", () => {
    // Sat 2026-06-06 01:15 in Amsterdam: Friday's 12:00–02:00 is still running.
    const now = at("2026-06-05T23:15:00Z");
    const status = openStatus(demo, now, "Europe/Amsterdam");
    expect(status.open).toBe(true);
    expect(utc(status)).toBe("2026-06-06T00:00:00.000Z");
    expect(describeOpenStatus(status, now, "24h")).toBe("Open now — closes today 02:00");
    // Thursday 16:00–00:30: at 00:10 on Friday it is open, closing at 00:30.
    const late = openStatus(demo, at("2026-06-04T22:10:00Z"), "Europe/Amsterdam");
    expect(late.open).toBe(true);
    expect(utc(late)).toBe("2026-06-04T22:30:00.000Z");
  });

  it("skips closed days when finding the next opening", () => {
    // Sun 2026-06-07 23:00 in New York: closed (Sunday ends 22:00), Monday closed, opens Tuesday 16:00.
    const now = at("2026-06-08T03:00:00Z");
    const status = openStatus(demo, now, "America/New_York");
    expect(status.open).toBe(false);
    expect(utc(status)).toBe("2026-06-09T20:00:00.000Z");
    expect(describeOpenStatus(status, now, "24h")).toBe("Closed now — opens Tue 16:00");
  });

  it("treats always-open days as open all day and merges them with their neighbours", () => {
    const hours = week([always, always, open("10:00", "20:00"), closed, closed, closed, open("20:00", "00:00")]);
    // Mon 2026-06-01 10:00 BST in London: Monday and Tuesday run together until midnight into
    // Wednesday (which opens only at 10:00).
    const status = openStatus(hours, at("2026-06-01T09:00:00Z"), "Europe/London");
    expect(status.open).toBe(true);
    expect(utc(status)).toBe("2026-06-02T23:00:00.000Z");
    const everyDay = week(Array(7).fill(always));
    const allWeek = openStatus(everyDay, at("2026-06-01T09:00:00Z"), "Europe/London");
    expect(allWeek).toEqual({ open: true, closesAt: null });
    expect(describeOpenStatus(allWeek, at("2026-06-01T09:00:00Z"), "24h")).toBe("Open now — open 24 hours");
  });

  it("has no opening when every day is closed", () => {
    const status = openStatus(week(Array(7).fill(closed)), at("2026-06-01T09:00:00Z"), "Europe/Amsterdam");
    expect(status).toEqual({ open: false, opensAt: null });
    expect(describeOpenStatus(status, at("2026-06-01T09:00:00Z"), "24h")).toBe("Closed now — no opening hours set");
  });

  it("closes an overnight Saturday at the right instant on the spring-forward night", () => {
    // Amsterdam skips 02:00–03:00 on Sun 2026-03-29: Saturday's close at 02:00 is 01:00 UTC.
    const status = openStatus(demo, at("2026-03-29T00:30:00Z"), "Europe/Amsterdam");
    expect(status.open).toBe(true);
    expect(utc(status)).toBe("2026-03-29T01:00:00.000Z");
    expect(openStatus(demo, at("2026-03-29T01:00:00Z"), "Europe/Amsterdam").open).toBe(false);
  });

  it("stays open through the repeated hour on the fall-back night", () => {
    // New York repeats 01:00–02:00 on Sun 2026-11-01; Saturday's 12:00–02:00 ends at 02:00 EST (07:00 UTC).
    const firstPass = openStatus(demo, at("2026-11-01T05:30:00Z"), "America/New_York");
    const secondPass = openStatus(demo, at("2026-11-01T06:30:00Z"), "America/New_York");
    expect(firstPass.open && secondPass.open).toBe(true);
    expect(utc(secondPass)).toBe("2026-11-01T07:00:00.000Z");
    expect(openStatus(demo, at("2026-11-01T07:00:00Z"), "America/New_York").open).toBe(false);
  });
});

describe("special hours (venue-operations §11)", () => {
  const NY = "America/New_York";

  it("a closed date replaces its weekday: closed now, and the next opening is the day after", () => {
    // Wed 2026-06-03 17:00 EDT would be open (16:00–23:00); the date is closed for a holiday.
    const now = at("2026-06-03T21:00:00Z");
    const special = [{ date: "2026-06-03", closed: true, open: null, close: null }];
    expect(openStatus(demo, now, NY).open).toBe(true);
    const status = openStatus(demo, now, NY, special);
    expect(status.open).toBe(false);
    expect(utc(status)).toBe("2026-06-04T20:00:00.000Z");
    expect(nextOpening(demo, at("2026-06-03T12:00:00Z"), NY, special)!.toUTC().toISO()).toBe("2026-06-04T20:00:00.000Z");
  });

  it("other hours on a date, past midnight too, even on a day the week has closed", () => {
    // Monday 2026-06-01 is closed every week; this one opens 18:00–01:00.
    const special = [{ date: "2026-06-01", closed: false, open: "18:00", close: "01:00" }];
    const late = openStatus(demo, at("2026-06-02T04:30:00Z"), NY, special); // 00:30 Tuesday
    expect(late.open).toBe(true);
    expect(utc(late)).toBe("2026-06-02T05:00:00.000Z");
    expect(nextOpening(demo, at("2026-06-01T12:00:00Z"), NY, special)!.toUTC().toISO()).toBe("2026-06-01T22:00:00.000Z");
  });

  it("finds the opening after a run of closed dates longer than a week", () => {
    const special = Array.from({ length: 10 }, (_, index) => ({
      date: `2026-06-${String(index + 2).padStart(2, "0")}`,
      closed: true,
      open: null,
      close: null,
    }));
    // Closed Tue 2 – Thu 11 June; Friday 12 opens at 12:00 EDT.
    expect(nextOpening(demo, at("2026-06-02T12:00:00Z"), NY, special)!.toUTC().toISO()).toBe("2026-06-12T16:00:00.000Z");
  });
});
