"use client";

import { useId } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { insightQueries, type TopBeer } from "@/lib/client/queries/insights";
import { Headline } from "./chart-card";
import { formatCount, periodPhrase, seriesColour } from "./format";
import styles from "./insights.module.css";

const COPY = {
  here: {
    title: "Top beers here",
    empty: (days: number) => `No beers checked in here ${periodPhrase(days)}`,
    caption: (days: number) => `The ten beers checked in most at this venue ${periodPhrase(days)}`,
  },
  nearby: {
    title: "Top beers nearby",
    empty: (days: number) => `No check-ins at other venues within 25 km ${periodPhrase(days)}`,
    caption: (days: number) => `The ten beers checked in most at other venues within 25 km ${periodPhrase(days)}`,
  },
} as const;

/**
 * A ranked table rather than a chart: beer names are long, and a table keeps name, brewery and counts
 * together and readable on a phone. The bar under each name shows its share of the leader's count.
 * Both cards share one query (same key), so the endpoint is called once.
 */
export function TopBeersCard({ locationId, days, where }: { locationId: number; days: number; where: "here" | "nearby" }) {
  const query = useQuery({
    ...insightQueries.topBeers(locationId, days),
    placeholderData: keepPreviousData,
    select: (data) => (where === "here" ? data.top_beers : data.top_nearby_beers),
  });
  const titleId = useId();
  const copy = COPY[where];
  const beers = query.data;
  const leader = beers?.[0];
  return (
    <section
      className={`card ${styles.card}`}
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      data-stale={query.isPlaceholderData || undefined}
    >
      <header className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {copy.title}
        </h2>
        <div className={styles.headline}>
          {leader ? (
            <Headline
              value={formatCount(leader.checkins)}
              label={`check-ins of the favourite, ${leader.name}`}
              detail={periodPhrase(days)}
            />
          ) : query.isPending ? (
            <div className={styles.headlineSkeleton} aria-hidden />
          ) : null}
        </div>
      </header>
      {query.isPending ? (
        <Skeleton lines={6} height="2.6rem" label={`Loading ${copy.title.toLowerCase()}`} />
      ) : query.isError ? (
        <ErrorState message={`${copy.title} could not be loaded. ${problemMessage(query.error)}`} onRetry={() => void query.refetch()} />
      ) : beers!.length === 0 ? (
        <EmptyState title={copy.empty(days)} />
      ) : (
        <RankedTable beers={beers!} caption={copy.caption(days)} colour={seriesColour(where === "here" ? 0 : 2)} />
      )}
    </section>
  );
}

function RankedTable({ beers, caption, colour }: { beers: TopBeer[]; caption: string; colour: string }) {
  const most = Math.max(...beers.map((beer) => beer.checkins), 1);
  return (
    <table className={`${styles.table} ${styles.ranked}`}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.rank}>
            <abbr title="Rank">#</abbr>
          </th>
          <th scope="col">Beer</th>
          <th scope="col" className={styles.num}>
            Check-ins
          </th>
          <th scope="col" className={styles.num}>
            Guests
          </th>
        </tr>
      </thead>
      <tbody>
        {beers.map((beer, index) => (
          <tr key={beer.untappd_id}>
            <td className={styles.rank}>{index + 1}</td>
            <th scope="row" className={styles.beer}>
              <span className={styles.beerName}>{beer.name}</span>
              <span className={styles.beerMeta}>{[beer.brewery, beer.style].filter(Boolean).join(" · ")}</span>
              <span className={styles.meter} aria-hidden>
                <span style={{ width: `${(beer.checkins / most) * 100}%`, background: colour }} />
              </span>
            </th>
            <td className={styles.num}>{formatCount(beer.checkins)}</td>
            <td className={styles.num}>{formatCount(beer.distinct_users)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
