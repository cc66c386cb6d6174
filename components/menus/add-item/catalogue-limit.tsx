"use client";

import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiProblem } from "@/lib/client/api";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { inVenueZone, timeOf, type VenueTime } from "@/lib/shared/time-format";
import styles from "./add-item.module.css";

// The catalogue's hourly lookups (the platform allows 100 an hour, shared by the venue): once an answer
// says they are used up (429), the whole dialog knows until when and says so, until the hour is over.
// Searching and the Add buttons stay on: the server answers from the beers it has seen and adds a beer it
// showed without a lookup (decision 061); only a term it has never seen waits for the hour.

type Limit = { resetsAt: number | null; spent: (error: unknown) => void; venue: VenueTime | null };
const LimitContext = createContext<Limit>({ resetsAt: null, spent: () => {}, venue: null });

/** Seconds when the answer did not say (the platform's window is an hour). */
const DEFAULT_WAIT_SECONDS = 3600;

export function CatalogueLimitProvider({ locationId, children }: { locationId: number; children: ReactNode }) {
  const venue = useVenueTime(locationId);
  const [resetsAt, setResetsAt] = useState<number | null>(null);
  const spent = useCallback((error: unknown) => {
    if (!(error instanceof ApiProblem) || error.status !== 429) return;
    setResetsAt(Date.now() + (error.retryAfter ?? DEFAULT_WAIT_SECONDS) * 1000);
  }, []);
  // Back on by itself once the hour is over.
  useEffect(() => {
    if (resetsAt === null) return;
    const timer = setTimeout(() => setResetsAt(null), Math.max(0, resetsAt - Date.now()));
    return () => clearTimeout(timer);
  }, [resetsAt]);
  const value = useMemo(() => ({ resetsAt, spent, venue }), [resetsAt, spent, venue]);
  return <LimitContext.Provider value={value}>{children}</LimitContext.Provider>;
}

export const useCatalogueLimit = () => useContext(LimitContext);

/** "in about 38 minutes (at 2:52 PM)", on the venue's wall clock and clock (the browser's zone until it is known). */
export function resetWords(resetsAt: number, venue: VenueTime | null, now = Date.now()): string {
  const minutes = Math.max(1, Math.ceil((resetsAt - now) / 60_000));
  const at = timeOf(inVenueZone(new Date(resetsAt), venue?.zone ?? "local"), venue?.clock ?? "24h");
  return `in about ${minutes} ${minutes === 1 ? "minute" : "minutes"} (at ${at})`;
}

/** What the dialog says while the lookups are used up. */
export function CatalogueLimitNotice() {
  const { resetsAt, venue } = useCatalogueLimit();
  if (resetsAt === null) return null;
  return (
    <p className={styles.limit} role="alert">
      {`The beer catalogue's lookups for this hour are used up: searches for beers not found here before come back ${resetWords(resetsAt, venue)}. Beers found before can still be searched and added, and a custom item any time.`}
    </p>
  );
}
