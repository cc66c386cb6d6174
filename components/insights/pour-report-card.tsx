"use client";

import { useId, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { insightQueries, type PourReportGroup, type PourReportRow, pourReportSearch } from "@/lib/client/queries/insights";
import { formatCount, formatLongDay, periodOf, periodPhrase } from "./format";
import styles from "./insights.module.css";
import { type Figure, FigureTable, TableCard } from "./table-card";

// What the pours earned (venue-operations §15): volume, servings, sales, cost and margin over the
// page's days, by tap, beer, style or day, with the same report as a CSV file. Managers and owners
// only (the Insights page is theirs; the API refuses everyone else). A table, as the pour variance.

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

/** The figures after the group's own column, in the report's currency. */
const figuresIn = (money: (value: string | null) => string): Figure<PourReportRow>[] => [
  { heading: "Pours", cell: (row) => formatCount(row.pours) },
  { heading: "Volume", cell: (row) => litres(row.volume_ml) },
  { heading: "Servings", cell: (row) => servingsWords(row.servings) },
  { heading: "Sales", cell: (row) => money(row.sales) },
  { heading: "Cost", cell: (row) => money(row.cost) },
  { heading: "Margin", cell: (row) => money(row.margin) },
];

export function PourReportCard({ locationId, days, timeZone }: { locationId: number; days: number; timeZone: string }) {
  const [group, setGroup] = useState<PourReportGroup>("day");
  const { from, to } = periodOf(days, timeZone);
  const query = useQuery({ ...insightQueries.pourReport(locationId, from, to, group), placeholderData: keepPreviousData });
  const groupId = useId();
  const actions = (
    <>
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
      <a className="btn btn--small" href={`/api/v1/locations/${locationId}/pour_report.csv?${pourReportSearch(from, to, group)}`} download>
        Download CSV
      </a>
    </>
  );
  return (
    <TableCard
      title="What the pours earned"
      actions={actions}
      query={query}
      isEmpty={(report) => report.rows.length === 0}
      empty={`Nothing poured ${periodPhrase(days)}`}
    >
      {(report) => {
        const heading = GROUPS.find((each) => each.value === report.group)!.heading;
        return (
          <FigureTable
            caption={`Pours, volume, servings, sales, cost and margin by ${heading.toLowerCase()} ${periodPhrase(days)}`}
            heading={heading}
            rows={report.rows}
            rowKey={(row) => row.key}
            rowHeading={(row) => (report.group === "day" ? formatLongDay(row.key) : row.label)}
            figures={figuresIn(moneyFormat(report.currency))}
          />
        );
      }}
    </TableCard>
  );
}
