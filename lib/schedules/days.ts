// The week's days and a weekly window, without the rules (evaluate.ts, which needs luxon): what the
// dashboard's first load reads to say a schedule in words (describe.ts; decision 068).

export const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Day = (typeof DAYS)[number];

/** A weekly window: `end` at or before `start` runs past midnight into the next day. */
export type Window = { days: readonly Day[]; start: string; end: string };
