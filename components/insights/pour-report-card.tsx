"use client";

import { useId, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { insightQueries, type PourReportGroup, type PourReportRow, pourReportSearch } from "@/lib/client/queries/insights";
import { formatCount, formatLongDay, periodOf, periodPhrase } from "./format";
import styles from "./insights.module.css";

// What the pours earned (venue-operations §15): volume, servings, sales, cost and margin over the
// page's days, by tap, beer, style or day, with the same report as a CSV file. Managers and owners
// only (the Insights page is theirs; the API refuses everyone else). A table, as the pour variance:
// on a phone it scrolls sideways rather than shrinking.

const GROUPS: { value: PourReportGroup; label: string; heading: string }[] = [
  { value: "day", label: "Day", heading: "Day" },
  { value: "tap", label: "Tap", heading: "Tap" },
  { value: "item", label: "Beer", heading: "Beer" },
  { value: "style", label: "Style", heading: "Style" },
];

const litres = (ml: number) => `${(Math.round(ml / 100) / 10).toLocaleString("en-US")} L`;
const servingsWords = (value: number | null) => (value === null ? "—" : value.toLocaleString("en-US", { maximumFractionDigits: 1 }));

function moneyFormat(currency: string) {
  const format = new Intl.NumberFormat("en-US", { style: "currency", currency });
  return (value: string | null) => (value === null ? "—" : format.format(Number(value)));
}

export function PourReportCard({ locationId, days, timeZone }: { locationId: number; days: number; timeZone: string }) {
  const [group, setGroup] = useState<PourReportGroup>("day");
  const { from, to } = periodOf(days, timeZone);
  const query = useQuery({ ...insightQueries.pourReport(locationId, from, to, group), placeholderData: keepPreviousData });
  const titleId = useId();
  const groupId = useId();
  const report = query.data;
  const heading = GROUPS.find((each) => each.value === (report?.group ?? group))!.heading;
  const money = moneyFormat(report?.currency ?? "USD");
  const labelOf = (row: PourReportRow) => (report?.group === "day" ? formatLongDay(row.key) : row.label);
  return (
    <section
      className={`card ${styles.card} ${styles.wide}`}
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      data-stale={query.isPlaceholderData || undefined}
    >
      <header className={styles.reportHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          What the pours earned
        </h2>
        <div className={styles.reportActions}>
          <label htmlFor={groupId} className={styles.reportLabel}>
            By
          </label>
          <select
            id={groupId}
            className={`select ${styles.reportSelect}`}
            value={group}
            onChange={(event) => setGroup(event.target.value as PourReportGroup)}
          >
            {GROUPS.map((each) => (
              <option key={each.value} value={each.value}>
                {each.label}
              </option>
            ))}
          </select>
          <a
            className="btn btn--small"
            href={`/api/v1/locations/${locationId}/pour_report.csv?${pourReportSearch(from, to, group)}`}
            download
          >
            Download CSV
          </a>
        </div>
      </header>
      {query.isPending ? (
        <Skeleton lines={4} height="2.6rem" label="Loading what the pours earned" />
      ) : query.isError ? (
        <ErrorState
          message={`What the pours earned could not be loaded. ${problemMessage(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      ) : report!.rows.length === 0 ? (
        <EmptyState title={`Nothing poured ${periodPhrase(days)}`} />
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">{`Pours, volume, servings, sales, cost and margin by ${heading.toLowerCase()} ${periodPhrase(days)}`}</caption>
            <thead>
              <tr>
                <th scope="col">{heading}</th>
                <th scope="col" className={styles.num}>
                  Pours
                </th>
                <th scope="col" className={styles.num}>
                  Volume
                </th>
                <th scope="col" className={styles.num}>
                  Servings
                </th>
                <th scope="col" className={styles.num}>
                  Sales
                </th>
                <th scope="col" className={styles.num}>
                  Cost
                </th>
                <th scope="col" className={styles.num}>
                  Margin
                </th>
              </tr>
            </thead>
            <tbody>
              {report!.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{labelOf(row)}</th>
                  <td className={styles.num}>{formatCount(row.pours)}</td>
                  <td className={styles.num}>{litres(row.volume_ml)}</td>
                  <td className={styles.num}>{servingsWords(row.servings)}</td>
                  <td className={styles.num}>{money(row.sales)}</td>
                  <td className={styles.num}>{money(row.cost)}</td>
                  <td className={styles.num}>{money(row.margin)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
