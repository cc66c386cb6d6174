"use client";

import { useQuery } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { insightQueries, type InsightStats } from "@/lib/client/queries/insights";
import { formatCount } from "./format";
import styles from "./insights.module.css";

const TILES: { label: string; hint: string; value: (stats: InsightStats) => number }[] = [
  { label: "Check-ins", hint: "all time", value: (s) => s.stats.total_checkins },
  { label: "Guests", hint: "distinct, all time", value: (s) => s.stats.total_users },
  { label: "Beer subscribers", hint: "following your beers", value: (s) => s.subscribes.beers },
  { label: "Event subscribers", hint: "following your events", value: (s) => s.subscribes.events },
];

/** The all-time totals (the stats insight has no period), above the charts. */
export function StatTiles({ locationId }: { locationId: number }) {
  const query = useQuery(insightQueries.stats(locationId));
  return (
    <section aria-labelledby="insight-totals" aria-busy={query.isPending} className={styles.totals}>
      <h2 id="insight-totals" className="visually-hidden">
        All-time totals
      </h2>
      {query.isError ? (
        <ErrorState message={`The totals could not be loaded. ${problemMessage(query.error)}`} onRetry={() => void query.refetch()} />
      ) : (
        <dl className={styles.tiles}>
          {TILES.map((tile) => (
            <div key={tile.label} className={styles.tile}>
              <dt className={styles.tileLabel}>{tile.label}</dt>
              <dd className={styles.tileValue}>
                {query.data ? (
                  formatCount(tile.value(query.data))
                ) : (
                  <>
                    <span className={styles.tileSkeleton} aria-hidden />
                    <span className="visually-hidden">Loading</span>
                  </>
                )}
              </dd>
              <dd className={styles.tileHint}>{tile.hint}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
