import { afterOpenMs, type Hours, MIN_SPAN_MS, openMs } from "../forecast";

// What to order of one beer (venue-operations §15, decision 096). Pure: the caller passes `now`, what is
// on hand and what was poured. The rate is §8's forecast's, for the beer instead of one keg: the kegs
// poured (each pour's volume ÷ its keg's size) since the rate's start, per open millisecond.

const DAY_MS = 24 * 3_600_000;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

export type StockInput = {
  parKegs: number | null;
  fullKegs: number;
  onDeckKegs: number;
  /** Each keg in service: remaining ÷ size. */
  inServiceKegs: number;
  /** Kegs poured since `from` (volume ÷ keg size, summed). */
  pouredKegs: number;
  /** The rate's start: three days back, or the first of the beer's kegs' tapping if later. */
  from: Date;
  leadTimeDays: number;
  now: Date;
  hours: Hours;
};

export type Suggestion = {
  on_hand_kegs: number;
  in_service_kegs: number;
  kegs_per_week: number;
  runs_out_at: string | null;
  days_left: number | null;
  use_over_lead_kegs: number;
  suggested_kegs: number;
};

/** On hand, the forecast, the use over the lead time and the kegs to order: ceil(par + use − on hand), at least 0. */
export function suggestOrder(input: StockInput): Suggestion {
  const inService = round(input.inServiceKegs, 3);
  const onHand = round(input.fullKegs + input.onDeckKegs + inService, 3);
  const now = input.now.getTime();
  const rate = input.pouredKegs > 0 ? input.pouredKegs / Math.max(openMs(input.hours, input.from.getTime(), now), MIN_SPAN_MS) : 0;
  const runsOut = rate > 0 ? (onHand <= 0 ? now : afterOpenMs(input.hours, now, onHand / rate)) : null;
  const use = round(rate * openMs(input.hours, now, now + input.leadTimeDays * DAY_MS), 3);
  // Thousandths throughout, so 2.000 wanted is 2 kegs, not 3 from a float's 2.0000000001.
  const wanted = Math.round(((input.parKegs ?? 0) + use - onHand) * 1000);
  return {
    on_hand_kegs: onHand,
    in_service_kegs: inService,
    kegs_per_week: round(rate * openMs(input.hours, now, now + 7 * DAY_MS), 3),
    runs_out_at: runsOut === null ? null : new Date(Math.round(runsOut)).toISOString(),
    days_left: runsOut === null ? null : round((runsOut - now) / DAY_MS, 1),
    use_over_lead_kegs: use,
    suggested_kegs: wanted > 0 ? Math.ceil(wanted / 1000) : 0,
  };
}
