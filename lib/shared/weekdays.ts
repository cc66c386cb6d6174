// The week as the hours API names its days (v1 "monday"…"sunday"), apart from the hours' schemas so
// browser code that only reads hours (open now, next opening) loads no schema library.
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
