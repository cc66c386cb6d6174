import { describe, expect, it } from "vitest";
import { endDateFor, nextDay } from "@/components/events/event-form-values";

// Events across midnight the way calendars do (issue 38 row 9): the end date the form sets by itself.

const at = (start: string, end: string, endDate: string | null = null) => ({
  start_time_date: "2026-12-31",
  start_time_time: start,
  end_time_date: endDate,
  end_time_time: end,
});

describe("the end date an event form sets by itself", () => {
  it("moves an end time before the start to the next day, across a year too", () => {
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(endDateFor(at("21:00", "02:00"))).toBe("2027-01-01");
    expect(endDateFor(at("21:00", "02:00", "2026-12-31"))).toBe("2027-01-01");
  });

  it("fills the start's day for a later end time, and leaves a chosen date alone", () => {
    expect(endDateFor(at("19:00", "22:00"))).toBe("2026-12-31");
    expect(endDateFor(at("19:00", "22:00", "2026-12-31"))).toBeNull();
    expect(endDateFor(at("21:00", "02:00", "2027-01-03"))).toBeNull();
    expect(endDateFor(at("21:00", "21:00"))).toBe("2026-12-31");
  });

  it("does nothing until both times and the start date are there", () => {
    expect(endDateFor({ ...at("21:00", "02:00"), start_time_date: undefined })).toBeNull();
    expect(endDateFor({ ...at("21:00", "02:00"), start_time_time: undefined })).toBeNull();
    expect(endDateFor(at("21:00", ""))).toBeNull();
  });
});
