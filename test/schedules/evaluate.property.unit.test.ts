import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, DAYS, priceAt, type Schedule, scheduleAt, type TimePrice, type Window } from "@/lib/schedules/evaluate";
import { timePricesInput } from "@/lib/schedules/schemas";

// The schedule rule (lib/schedules/evaluate.ts) against a brute-force reference that knows nothing of
// offsets or transitions: it walks the clock minute by minute, reads the wall clock in the zone through
// Intl, and starts or ends a window the first minute the wall clock reads its time or later. Weeks with
// both DST nights in New York and Amsterdam, windows past midnight, from/until near the week.

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;

/** Each minute of [first, first + count) as its naive wall-clock reading in the zone (ms). */
function wallClocks(zone: string, first: number, count: number): Float64Array {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const readings = new Float64Array(count);
  for (let minute = 0; minute < count; minute++) {
    const part = Object.fromEntries(format.formatToParts(first + minute * MINUTE).map((p) => [p.type, Number(p.value)]));
    readings[minute] = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!);
  }
  return readings;
}

type Clock = { zone: string; first: number; readings: Float64Array; firstDate: string; lastDate: string };

/**
 * The week around a DST night with wide margins: a `from` up to 9 days after the night may first open
 * two weeks later (its first showing skipped by the clocks), and the walk must still see that.
 */
function clockAround(zone: string, night: string): Clock {
  const firstDate = addDays(night, -15);
  const lastDate = addDays(night, 30);
  const first = Date.parse(`${firstDate}T00:00:00Z`);
  return { zone, first, readings: wallClocks(zone, first, 45 * 1440), firstDate, lastDate };
}

const naive = (date: string, time: string) => Date.parse(`${date}T${time}:00Z`);

/** For each (sorted) target reading, the first minute whose wall clock reads it or later. */
function firstMinutes(clock: Clock, targets: number[]): Map<number, number> {
  const sorted = [...new Set(targets)].sort((a, b) => a - b);
  const fired = new Map<number, number>();
  let next = 0;
  for (let minute = 0; minute < clock.readings.length && next < sorted.length; minute++) {
    while (next < sorted.length && sorted[next]! <= clock.readings[minute]!) fired.set(sorted[next++]!, minute);
  }
  return fired;
}

/** Minute by minute: the index of the window holding then, or -1. */
function reference(clock: Clock, windows: readonly Window[], from?: string | null, until?: string | null): Int32Array {
  const spans: Array<{ start: number; end: number; index: number }> = [];
  for (let date = clock.firstDate; date < clock.lastDate; date = addDays(date, 1)) {
    if ((from && date < from) || (until && date > until)) continue;
    const day = DAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
    windows.forEach((window, index) => {
      if (!window.days.includes(day)) return;
      const endDate = window.end <= window.start ? addDays(date, 1) : date;
      spans.push({ start: naive(date, window.start), end: naive(endDate, window.end), index });
    });
  }
  const fired = firstMinutes(
    clock,
    spans.flatMap((span) => [span.start, span.end]),
  );
  const holding = new Int32Array(clock.readings.length).fill(-1);
  for (const span of spans) {
    const start = fired.get(span.start) ?? clock.readings.length;
    const end = fired.get(span.end) ?? clock.readings.length;
    for (let minute = start; minute < end; minute++) if (holding[minute] === -1) holding[minute] = span.index;
  }
  return holding;
}

const NIGHTS = [
  { zone: "America/New_York", night: "2026-03-08" },
  { zone: "America/New_York", night: "2026-11-01" },
  { zone: "Europe/Amsterdam", night: "2026-03-29" },
  { zone: "Europe/Amsterdam", night: "2026-10-25" },
];
const clocks = NIGHTS.map(({ zone, night }) => ({ clock: clockAround(zone, night), night }));

// Times near the transitions (01:00–03:00 in both zones) come up often; the rest of the day too.
const time = fc.oneof(
  fc.constantFrom("00:00", "01:30", "02:00", "02:15", "02:30", "02:59", "03:00", "03:30", "23:30"),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
);
const window = fc.record({ days: fc.subarray([...DAYS], { minLength: 1 }), start: time, end: time });
const near = (night: string) =>
  fc.option(
    fc.integer({ min: -9, max: 9 }).map((days) => addDays(night, days)),
    { nil: null },
  );

/** An instant (to the millisecond) in the week around the night: from three days before to four after. */
const instant = (night: string) =>
  fc.integer({ min: 0, max: 7 * DAY - 1 }).map((offset) => Date.parse(`${addDays(night, -3)}T00:00:00Z`) + offset);

/**
 * When the holding changes after `at` (ms), or null when it does not before the walk's last two days
 * (the walk places no windows past its end, so a change there is the walk's edge, not the schedule's).
 */
function nextChange(holding: Int32Array, clock: Clock, at: number, same: (a: number, b: number) => boolean): number | null {
  const minute = Math.floor((at - clock.first) / MINUTE);
  for (let later = minute + 1; later < holding.length - 2 * 1440; later++) {
    if (!same(holding[later]!, holding[minute]!)) return clock.first + later * MINUTE;
  }
  return null;
}

describe("schedules against a minute-by-minute walk of the week", () => {
  it.each(clocks.map(({ clock, night }) => [`${clock.zone} ${night}`, clock, night] as const))(
    "%s: held or not, and the next change, at any instant",
    (_name, clock, night) => {
      fc.assert(
        fc.property(
          fc.array(window, { minLength: 1, maxLength: 3 }),
          near(night),
          near(night),
          instant(night),
          (windows, from, until, at) => {
            const schedule: Schedule = { windows, from, until };
            const holding = reference(clock, windows, from, until);
            const minute = Math.floor((at - clock.first) / MINUTE);
            const state = scheduleAt(schedule, new Date(at), clock.zone);
            expect(state.available).toBe(holding[minute] !== -1);
            const change = nextChange(holding, clock, at, (a, b) => (a === -1) === (b === -1));
            expect(state.nextChangeAt?.getTime() ?? null).toBe(change);
          },
        ),
        { numRuns: 300 },
      );
    },
  );

  it.each(clocks.map(({ clock, night }) => [`${clock.zone} ${night}`, clock, night] as const))(
    "%s: the happy-hour price in force, its end and the next change",
    (_name, clock, night) => {
      fc.assert(
        fc.property(fc.array(window, { minLength: 1, maxLength: 3 }), instant(night), (windows, at) => {
          const prices = windows.map((entry, index) => ({ ...entry, price: `${index + 2}.50` }));
          const parsed = timePricesInput.safeParse(prices);
          fc.pre(parsed.success); // overlapping prices are refused before they are stored
          const timePrices: TimePrice[] = parsed.data!;
          const holding = reference(clock, timePrices);
          const minute = Math.floor((at - clock.first) / MINUTE);
          const state = priceAt("9.00", timePrices, new Date(at), clock.zone);
          const index = holding[minute]!;
          expect(state.regularPrice).toBe("9.00");
          expect(state.price).toBe(index === -1 ? "9.00" : timePrices[index]!.price);
          const change = nextChange(holding, clock, at, (a, b) => a === b);
          expect(state.priceUntil?.getTime() ?? null).toBe(index === -1 ? null : change);
          expect(state.nextChangeAt?.getTime() ?? null).toBe(change);
        }),
        { numRuns: 300 },
      );
    },
  );
});

describe("the DST nights, spelled out", () => {
  const at = (iso: string) => new Date(iso);
  it("a window starting in New York's skipped hour starts at its end (03:00 EDT)", () => {
    const schedule: Schedule = { windows: [{ days: ["sun"], start: "02:30", end: "04:00" }] };
    expect(scheduleAt(schedule, at("2026-03-08T06:59:00Z"), "America/New_York")).toEqual({
      available: false,
      nextChangeAt: at("2026-03-08T07:00:00Z"),
    });
    expect(scheduleAt(schedule, at("2026-03-08T07:00:00Z"), "America/New_York").nextChangeAt).toEqual(at("2026-03-08T08:00:00Z"));
  });

  it("a window in Amsterdam's repeated hour runs once", () => {
    const schedule: Schedule = { windows: [{ days: ["sun"], start: "02:10", end: "02:40" }] };
    // 02:10 CEST is 00:10Z; the clocks go back at 01:00Z and read 02:10 again (CET) at 01:10Z.
    expect(scheduleAt(schedule, at("2026-10-25T00:20:00Z"), "Europe/Amsterdam")).toEqual({
      available: true,
      nextChangeAt: at("2026-10-25T00:40:00Z"),
    });
    expect(scheduleAt(schedule, at("2026-10-25T01:20:00Z"), "Europe/Amsterdam")).toEqual({
      available: false,
      nextChangeAt: at("2026-11-01T01:10:00Z"), // the next Sunday's 02:10, in CET
    });
  });

  it("a happy hour past midnight names its end and the regular price", () => {
    const prices: TimePrice[] = [{ days: ["fri"], start: "22:00", end: "01:00", price: "5.00" }];
    expect(priceAt("7.50", prices, at("2026-11-28T05:30:00Z"), "America/New_York")).toEqual({
      price: "5.00",
      regularPrice: "7.50",
      priceUntil: at("2026-11-28T06:00:00Z"),
      nextChangeAt: at("2026-11-28T06:00:00Z"),
    });
  });
});

describe("time prices refuse overlaps, naming both", () => {
  it("Mon–Fri 16:00–18:00 against Wed 17:30–19:00", () => {
    const result = timePricesInput.safeParse([
      { days: ["mon", "tue", "wed", "thu", "fri"], start: "16:00", end: "18:00", price: 5 },
      { days: ["wed"], start: "17:30", end: "19:00", price: 4 },
    ]);
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: [1], message: "Wed 17:30–19:00 overlaps time_prices[0] (Mon–Fri 16:00–18:00)" }),
    ]);
  });

  it("an overnight Sunday window reaches Monday morning across the week's end", () => {
    const result = timePricesInput.safeParse([
      { days: ["sun"], start: "23:00", end: "02:00", price: 5 },
      { days: ["mon"], start: "01:00", end: "03:00", price: 4 },
    ]);
    expect(result.success).toBe(false);
    const touching = timePricesInput.safeParse([
      { days: ["sun"], start: "23:00", end: "02:00", price: 5 },
      { days: ["mon"], start: "02:00", end: "03:00", price: 4 },
    ]);
    expect(touching.success).toBe(true);
  });
});
