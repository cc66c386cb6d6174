"use client";

import { useState } from "react";
import { venueTimeOf } from "@/lib/shared/clock";
import { useIsFetching } from "@tanstack/react-query";
import { PageHeader } from "@/components/shell/page-header";
import { insightQueries } from "@/lib/client/queries/insights";
import { AgesCard, GenderCard, WeekdayCard } from "./audience-cards";
import { CheckinsCard } from "./checkins-card";
import { DaysPicker, type NumDays } from "./days-picker";
import { periodPhrase } from "./format";
import { MenuViewsCard } from "./menu-views-card";
import { PourReportCard } from "./pour-report-card";
import { PourVarianceCard } from "./pour-variance-card";
import { StatTiles } from "./stat-tiles";
import { SubscribersCard } from "./subscribers-card";
import { TopBeersCard } from "./top-beers-card";
import styles from "./insights.module.css";

type Props = { location: { id: number; name: string; time_zone: string; country: string | null }; initialDays: NumDays };

/** The insights page: all-time totals, then every chart over the chosen period (kept in ?days=). */
export function InsightsView({ location, initialDays }: Props) {
  const [days, setDays] = useState<NumDays>(initialDays);
  const updating = useIsFetching({ queryKey: insightQueries.location(location.id) }) > 0;

  function choose(next: NumDays) {
    setDays(next);
    // The native History API: Next.js keeps its router in step, and no server round trip is made.
    const url = new URL(window.location.href);
    url.searchParams.set("days", String(next));
    window.history.replaceState(window.history.state, "", url);
  }

  return (
    <>
      <PageHeader title="Insights" subtitle={location.name} actions={<DaysPicker value={days} onChange={choose} />} />
      <p className={styles.note}>
        Days follow the venue&apos;s own clock ({location.time_zone.replace(/_/g, " ")}).{" "}
        <span className={styles.updating} aria-hidden={!updating}>
          {updating ? "Updating…" : ""}
        </span>
      </p>
      <p className="visually-hidden" role="status">
        {`Showing insights ${periodPhrase(days)}${updating ? ", updating" : ""}`}
      </p>
      <StatTiles locationId={location.id} />
      <div className={styles.grid}>
        <CheckinsCard locationId={location.id} days={days} venue={venueTimeOf(location)} />
        <GenderCard locationId={location.id} days={days} />
        <AgesCard locationId={location.id} days={days} />
        {/* One day has no weekday rhythm: today the check-ins card names the busiest hour instead. */}
        {days !== 1 && <WeekdayCard locationId={location.id} days={days} />}
        <SubscribersCard locationId={location.id} days={days} venue={venueTimeOf(location)} wide={days === 1} />
        <MenuViewsCard locationId={location.id} days={days} venue={venueTimeOf(location)} />
        <TopBeersCard locationId={location.id} days={days} where="here" />
        <TopBeersCard locationId={location.id} days={days} where="nearby" />
        <PourReportCard locationId={location.id} days={days} timeZone={location.time_zone} />
        <PourVarianceCard locationId={location.id} days={days} timeZone={location.time_zone} />
      </div>
    </>
  );
}
