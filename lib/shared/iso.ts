/** A timestamp as the API writes it: ISO 8601 UTC with milliseconds and `Z`. */
export const iso = (date: Date) => date.toISOString();
