import { DateTime } from "luxon";
import { timeOf, type VenueTime, zoneAbbreviation } from "@/lib/shared/time-format";

// Apart from format.ts: only the charts (loaded after the page's first paint) read hours, with luxon.

/**
 * Today's hours in the venue's zone and clock, like every time on the dashboard ("2:00 PM" or "14:00",
 * decision 062); an hour the clocks repeat carries its zone ("1:00 AM EDT", "1:00 AM EST").
 */
export function hourLabels(starts: readonly string[], venue: VenueTime): string[] {
  const plain = starts.map((start) => timeOf(DateTime.fromISO(start, { zone: venue.zone }), venue.clock));
  return plain.map((label, index) =>
    plain.indexOf(label) !== plain.lastIndexOf(label) ? `${label} ${zoneAbbreviation(venue.zone, new Date(starts[index]!))}` : label,
  );
}
