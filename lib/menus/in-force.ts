// The one rule for "is this in force now" on a menu (live-menus §7): an 86 is in force while it is set
// and its end is either unset (until someone restores it) or still ahead. Schedules and happy-hour prices
// (venue-operations §7) are decided by lib/schedules/evaluate.ts on the same terms: against the instant
// the caller passes, each answer naming when it next changes, so tags can cover it with `epochOf`. Every read decides it against the clock, so an 86 ends on time with no
// job; the answers that change by time alone change their tag at the same instants (`epochOf`).
// Isomorphic: the server's serializers and SQL (lib/menus/eighty-six.ts keeps its SQL twin beside the
// writes) and the dashboard's clock-driven rows use this same rule.

/** An 86 as stored (`until` a Date) or as answered (`until` an ISO string). */
export type EightySixState = { set: boolean; until: Date | string | null };

/** Whether the 86 is in force at `now`. */
export function inForce({ set, until }: EightySixState, now: Date): boolean {
  if (!set) return false;
  return until === null || new Date(until).getTime() > now.getTime();
}

/**
 * The last instant among `ends` (sorted, ms) that is not after `now`, or 0: the moment the answer last
 * changed by time alone. Answers built at the same epoch are the same; a tag that covers it changes
 * exactly when an 86 ends, on every instance alike.
 */
export function epochOf(ends: readonly number[], now: number): number {
  let epoch = 0;
  for (const end of ends) {
    if (end > now) break;
    epoch = end;
  }
  return epoch;
}
