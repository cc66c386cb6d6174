"use client";

import { createContext, useContext } from "react";
import { eightySixInForce, useVenueClock } from "@/components/eighty-six/next-open";
import { dayTimeAt } from "@/lib/shared/clock";
import { useEightySix } from "@/components/eighty-six/use-eighty-six";
import type { Item } from "@/lib/client/queries/menus";
import { ActionsMenu } from "./actions-menu";
import styles from "./eighty-six-control.module.css";

/** The location of the board, for the 86 controls of its rows (its zone, hours and 86'd list). */
export const BoardLocationContext = createContext<number | null>(null);

/** The 86 state of an item on the board: its words ("86'd until Tue 16:00"), not a colour alone. */
export function useItemEightySix(item: Item) {
  const locationId = useContext(BoardLocationContext);
  const clock = useVenueClock(locationId);
  const inForce = eightySixInForce(item, clock.now);
  const until =
    inForce && item.eighty_sixed_until && clock.venue
      ? `until ${dayTimeAt(new Date(item.eighty_sixed_until), clock.venue, clock.now)}`
      : "until restored";
  return { locationId, clock, inForce, until };
}

/** "86'd until Tue 16:00", shown in the item's title line while it is 86'd. */
export function EightySixBadge({ item }: { item: Item }) {
  const { inForce, until } = useItemEightySix(item);
  if (!inForce) return null;
  return (
    <span className={`badge ${styles.badge}`} data-testid="eighty-sixed-badge">
      86'd <span className={styles.until}>{until}</span>
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
