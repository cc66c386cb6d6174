import { DateTime } from "luxon";

/** RFC 1123 with a numeric offset, as the platform writes it: "Sat, 20 Jun 2015 00:06:25 +0000". */
export function rfc1123(date: Date): string {
  return DateTime.fromJSDate(date, { zone: "utc" }).setLocale("en-US").toFormat("ccc, dd LLL yyyy HH:mm:ss ZZZ");
}

/** 0/1 flags, as the platform sends most booleans. */
export const flag = (value: boolean) => (value ? 1 : 0);
