"use client";

import { createContext, type ReactNode, useContext, useMemo } from "react";
import { eightySixInForce, useVenueClock } from "@/components/menus/eighty-six/next-open";
import { dayTimeAt } from "@/lib/shared/clock";
import { useEightySix } from "@/components/menus/eighty-six/use-eighty-six";
import { eightySixReasonWords } from "@/components/menus/eighty-six/reason";
import type { Item } from "@/lib/client/queries/menus";
import { ActionsMenu } from "./actions-menu";
import styles from "./eighty-six-control.module.css";

type VenueClock = ReturnType<typeof useVenueClock>;

/** The board's location and its clock (zone, hours, next opening), read once for all its rows. */
const BoardLocationContext = createContext<{ locationId: number; clock: VenueClock } | null>(null);

/**
 * The location of a board or list of items, for the 86 controls and schedule badges of its rows: its
 * clock is read here once (three queries, the minute's tick and the next-opening rule), not by each row.
 */
export function BoardLocation({ locationId, children }: { locationId: number; children: ReactNode }) {
  const clock = useVenueClock(locationId);
  const value = useMemo(() => ({ locationId, clock }), [locationId, clock]);
  return <BoardLocationContext.Provider value={value}>{children}</BoardLocationContext.Provider>;
}

const NO_CLOCK: VenueClock = { now: null, zone: null, venue: null, ready: false, nextOpen: null, loading: true };

/** The board's location (null outside one) and its clock. */
export function useBoardLocation() {
  const board = useContext(BoardLocationContext);
  return { locationId: board?.locationId ?? null, clock: board?.clock ?? NO_CLOCK };
}

/** The 86 state of an item on the board: its words ("86'd until Tue 16:00"), not a colour alone. */
export function useItemEightySix(item: Item) {
  const { locationId, clock } = useBoardLocation();
  const inForce = eightySixInForce(item, clock.now);
  const until =
    inForce && item.eighty_sixed_until && clock.venue
      ? `until ${dayTimeAt(new Date(item.eighty_sixed_until), clock.venue, clock.now)}`
      : "until restored";
  return { locationId, clock, inForce, until };
}

/** "86'd until Tue 16:00 · Kicked keg", shown in the item's title line while it is 86'd. */
export function EightySixBadge({ item }: { item: Item }) {
  const { inForce, until } = useItemEightySix(item);
  if (!inForce) return null;
  const reason = eightySixReasonWords(item.eighty_sixed_reason);
  return (
    <span className={`badge ${styles.badge}`} data-testid="eighty-sixed-badge">
      86'd <span className={styles.until}>{until}</span>
      {reason && <span className={styles.reason}> · {reason}</span>}
    </span>
  );
}

/**
 * One tap to 86 (then the choice: until we next open, with the time the server will use, or until
 * restored) and one tap to restore.
 */
export function EightySixControl({ item }: { item: Item }) {
  const { locationId, clock, inForce } = useItemEightySix(item);
  const { eightySix, restore } = useEightySix(locationId ?? 0);
  if (locationId === null) return null;
  if (inForce) {
    return (
      <button
        type="button"
        className={`btn btn--small ${styles.restore}`}
        onClick={() => restore.mutate({ item })}
        disabled={restore.isPending}
      >
        Restore<span className="visually-hidden"> {item.name} (back on the menu)</span>
      </button>
    );
  }
  const opening = clock.nextOpen;
  const openingLabel = opening && clock.venue ? dayTimeAt(new Date(opening), clock.venue, clock.now) : null;
  const nextOpenText = openingLabel
    ? `Until we next open — ${openingLabel}`
    : clock.loading
      ? "Until we next open (loading hours…)"
      : "Until we next open — no opening hours set";
  return (
    <ActionsMenu
      label={`86 ${item.name} (out of stock)`}
      trigger={<span aria-hidden>86</span>}
      triggerClassName={styles.trigger}
      actions={[
        {
          label: nextOpenText,
          disabled: !opening,
          run: () =>
            eightySix.mutate({
              item,
              until: "next_open",
              expected: opening,
              label: `until we next open (${openingLabel})`,
            }),
        },
        { label: "Until I restore it", run: () => eightySix.mutate({ item, until: null, expected: null, label: "until you restore it" }) },
      ]}
    />
  );
}
