import { describe, expect, it } from "vitest";
import { describeSchedule, describeWindow, isOvernight } from "@/lib/schedules/describe";
import { formatClock } from "@/lib/shared/time-format";

// The words the dashboard shows for a schedule (venue-operations §7): runs of days, overnight windows
// said as such, whole days, the dates it keeps to, and times in the venue's clock.

const twelve = (time: string) => formatClock(time, "12h");

describe("a schedule in words", () => {
  it("names runs of days, lists others, and says every day", () => {
    expect(describeWindow({ days: ["mon", "tue", "wed", "thu", "fri"], start: "16:00", end: "18:00" })).toBe("Mon–Fri 16:00–18:00");
    expect(describeWindow({ days: ["sat", "sun"], start: "11:00", end: "15:00" })).toBe("Sat, Sun 11:00–15:00");
    expect(describeWindow({ days: ["mon", "wed", "fri"], start: "12:00", end: "14:00" })).toBe("Mon, Wed, Fri 12:00–14:00");
    expect(describeWindow({ days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: "09:00", end: "11:00" })).toBe(
      "Every day 09:00–11:00",
    );
  });

  it("says a window past midnight ends the next day, and 00:00–00:00 is all day", () => {
    expect(isOvernight({ start: "22:00", end: "02:00" })).toBe(true);
    expect(isOvernight({ start: "16:00", end: "18:00" })).toBe(false);
    expect(isOvernight({ start: "00:00", end: "00:00" })).toBe(false);
    expect(describeWindow({ days: ["fri", "sat"], start: "22:00", end: "02:00" }, twelve)).toBe(
      "Fri, Sat 10:00 PM–2:00 AM (past midnight)",
    );
    expect(describeWindow({ days: ["sun"], start: "00:00", end: "00:00" })).toBe("Sun, all day");
  });

  it("joins windows and the dates it keeps to; no schedule is always", () => {
    expect(describeSchedule(null)).toBe("Always");
    expect(
      describeSchedule(
        {
          windows: [
            { days: ["sat", "sun"], start: "10:00", end: "14:00" },
            { days: ["fri"], start: "22:00", end: "01:00" },
          ],
          from: "2026-12-01",
          until: "2026-12-24",
        },
        twelve,
      ),
    ).toBe("Sat, Sun 10:00 AM–2:00 PM; Fri 10:00 PM–1:00 AM (past midnight), from 2026-12-01 until 2026-12-24");
  });
});
