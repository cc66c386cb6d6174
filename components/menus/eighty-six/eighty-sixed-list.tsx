"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { eightySixQueries, type EightySixedItem } from "@/lib/client/queries/eighty-six";
import { formatDayTime, zoneAbbreviation } from "@/lib/shared/time-format";
import { useLocationSections } from "./location-sections";
import { eightySixInForce, useVenueClock } from "./next-open";
import { useEightySix } from "./use-eighty-six";
import { eightySixReasonWords } from "./reason";
import styles from "./eighty-sixed-list.module.css";

/** What is 86'd at the location now, each with one tap to put it back on. */
export function EightySixedList({ locationId }: { locationId: number }) {
  const list = useQuery(eightySixQueries.list(locationId));
  const clock = useVenueClock(locationId);
  const places = new Map(useLocationSections(locationId).sections.map((section) => [section.id, section.place]));
  const { restore } = useEightySix(locationId);

  if (list.isPending) return <Skeleton lines={3} label="Loading what is 86'd" />;
  if (list.isError)
    return <ErrorState message={`The 86'd items could not be loaded: ${problemMessage(list.error)}`} onRetry={() => list.refetch()} />;

  // An 86 whose end has passed leaves the list on time, before the next fetch.
  const items = list.data.filter((item) => eightySixInForce(item, clock.now));
  const reasons = new Map(
    items.flatMap((item) => {
      const words = eightySixReasonWords(item.eighty_sixed_reason);
      return words ? [[item.id, words] as const] : [];
    }),
  );
  const until = (item: EightySixedItem) =>
    item.eighty_sixed_until && clock.venue ? `until ${formatDayTime(item.eighty_sixed_until, clock.venue, clock.now)}` : "until restored";

  return (
    <section className={styles.panel} aria-labelledby="eighty-sixed-heading">
      <div className={styles.head}>
        <h2 id="eighty-sixed-heading" className={styles.heading}>
          {items.length === 0 ? "Nothing is 86'd" : items.length === 1 ? "1 item 86'd" : `${items.length} items 86'd`}
        </h2>
        {clock.zone && (
          <p className={styles.zone}>
            Times are venue time ({zoneAbbreviation(clock.zone, clock.now ?? new Date())}, {clock.zone}).
          </p>
        )}
      </div>
      {items.length === 0 ? (
        <EmptyState title="Everything is on">
          <p className={styles.hint}>
            To 86 an item, tap <strong>86</strong> on its row on the <Link href={`/locations/${locationId}/menus`}>Menus page</Link>. Guests
            stop seeing it at once.
          </p>
        </EmptyState>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.row}>
              <div className={styles.body}>
                <p className={styles.name}>{item.name}</p>
                {(item.brewery || item.style) && <p className={styles.details}>{[item.brewery, item.style].filter(Boolean).join(" · ")}</p>}
                <p className={styles.meta}>
                  <span className={`badge ${styles.badge}`}>86'd {until(item)}</span>
                  {reasons.has(item.id) && <span className={styles.reason}>{reasons.get(item.id)}</span>}
                  {places.get(item.section_id) && <span className={styles.place}>{places.get(item.section_id)}</span>}
                </p>
              </div>
              <button
                type="button"
                className={`btn ${styles.restore}`}
                onClick={() => restore.mutate({ item })}
                disabled={restore.isPending && restore.variables?.item.id === item.id}
              >
                Restore<span className="visually-hidden"> {item.name} (back on the menu)</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
