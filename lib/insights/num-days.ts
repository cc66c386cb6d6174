// The periods Insights shows (the last 1, 7, 30, 90 or 180 days), apart from the schemas so the page's
// first load carries no schema library (decision 068).
export const NUM_DAYS = [1, 7, 30, 90, 180] as const;
