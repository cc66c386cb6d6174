"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { locationQueries } from "@/lib/client/queries/locations";
import { type VenueTime, venueTimeOf } from "@/lib/shared/clock";

/** A location's zone and clock (decision 062), from its cached record; null until it is loaded. */
export function useVenueTime(locationId: number | null): VenueTime | null {
  const location = useQuery({ ...locationQueries.detail(locationId ?? 0), enabled: locationId !== null });
  return useMemo(() => (location.data ? venueTimeOf(location.data) : null), [location.data]);
}
