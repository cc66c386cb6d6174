"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { hourQueries } from "@/lib/client/queries/hours";
import { locationQueries } from "@/lib/client/queries/locations";
import { useNow } from "@/lib/client/use-now";
import { inForce } from "@/lib/menus/in-force";
import { useVenueTime } from "@/lib/client/use-venue-time";

/** Whether an item's 86 is in force at `now` (null while rendering on the server: as the answer said). */
export function eightySixInForce(item: { eighty_sixed: boolean; eighty_sixed_until: string | null }, now: Date | null): boolean {
  return now === null ? item.eighty_sixed : inForce({ set: item.eighty_sixed, until: item.eighty_sixed_until }, now);
}

type NextOpening = typeof import("@/lib/hours/open-now").nextOpening;
let loadedNextOpening: NextOpening | null = null;

/**
 * The next-opening rule (lib/hours/open-now.ts, with luxon), loaded after the first paint: the boards'
 * first load carries no date library (decision 068). Null until it is here.
 */
function useNextOpening(): NextOpening | null {
  const [rule, setRule] = useState<NextOpening | null>(() => loadedNextOpening);
  useEffect(() => {
    if (rule) return;
    let live = true;
    void import("@/lib/hours/open-now").then((module) => {
      loadedNextOpening = module.nextOpening;
      if (live) setRule(() => module.nextOpening);
    });
    return () => {
      live = false;
    };
  }, [rule]);
  return rule;
}

/**
 * The location's zone and clock and its next opening, from its saved hours and the same computation the server
 * makes for `until: "next_open"` (lib/hours/open-now.ts), so the choice shows the time the 86 will get.
 */
export function useVenueClock(locationId: number | null) {
  const now = useNow();
  const enabled = locationId !== null;
  const location = useQuery({ ...locationQueries.detail(locationId ?? 0), enabled });
  const hours = useQuery({ ...hourQueries.list(locationId ?? 0), enabled });
  const special = useQuery({ ...hourQueries.special(locationId ?? 0), enabled });
  const zone = location.data?.time_zone ?? null;
  const venue = useVenueTime(locationId);
  const nextOpening = useNextOpening();
  const loading = location.isPending || hours.isPending || special.isPending || nextOpening === null;
  // One object while nothing it is made of changes (a board's rows read it through context), and the
  // next opening computed only then, not at every render.
  return useMemo(() => {
    const ready = now !== null && zone !== null && hours.data !== undefined && special.data !== undefined && nextOpening !== null;
    /** The next opening as an ISO instant (UTC), or null: none, or not known yet. */
    const nextOpen = ready ? (nextOpening(hours.data, now, zone, special.data)?.toUTC().toISO() ?? null) : null;
    return { now, zone, venue, ready, nextOpen, loading };
  }, [now, zone, venue, hours.data, special.data, nextOpening, loading]);
}
