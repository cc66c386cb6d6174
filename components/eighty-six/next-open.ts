"use client";

import { useQuery } from "@tanstack/react-query";
import { DateTime } from "luxon";
import { hourQueries } from "@/lib/client/queries/hours";
import { locationQueries } from "@/lib/client/queries/locations";
import { useNow } from "@/lib/client/use-now";
import { nextOpening } from "@/lib/hours/open-now";
import { inForce } from "@/lib/menus/in-force";

/** Whether an item's 86 is in force at `now` (null while rendering on the server: as the answer said). */
export function eightySixInForce(item: { eighty_sixed: boolean; eighty_sixed_until: string | null }, now: Date | null): boolean {
  return now === null ? item.eighty_sixed : inForce({ set: item.eighty_sixed, until: item.eighty_sixed_until }, now);
}

/** "Tue 16:00" on the venue's clock; a week or more ahead also names the date ("Tue 1 Dec 16:00"). */
export function venueTime(at: DateTime | string, zone: string, now: Date | null): string {
  const local = (typeof at === "string" ? DateTime.fromISO(at) : at).setZone(zone).setLocale("en-GB");
  const today = DateTime.fromJSDate(now ?? new Date(), { zone }).startOf("day");
  const days = Math.round(local.startOf("day").diff(today, "days").days);
  return local.toFormat(days >= 0 && days < 7 ? "ccc HH:mm" : "ccc d LLL HH:mm");
}

/**
 * The location's zone and next opening, from its saved hours and the same computation the server
 * makes for `until: "next_open"` (lib/hours/open-now.ts), so the choice shows the time the 86 will get.
 */
export function useVenueClock(locationId: number | null) {
  const now = useNow();
  const enabled = locationId !== null;
  const location = useQuery({ ...locationQueries.detail(locationId ?? 0), enabled });
  const hours = useQuery({ ...hourQueries.list(locationId ?? 0), enabled });
  const special = useQuery({ ...hourQueries.special(locationId ?? 0), enabled });
  const zone = location.data?.time_zone ?? null;
  const ready = now !== null && zone !== null && hours.data !== undefined && special.data !== undefined;
  const nextOpen = ready ? nextOpening(hours.data, now, zone, special.data) : null;
  return { now, zone, ready, nextOpen, loading: location.isPending || hours.isPending || special.isPending };
}
