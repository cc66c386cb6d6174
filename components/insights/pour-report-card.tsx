"use client";

import { useId, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { insightQueries, type PourReportGroup, type PourReportRow, pourReportSearch } from "@/lib/client/queries/insights";
import { formatCount, formatLongDay, periodOf, periodPhrase } from "./format";
import styles from "./insights.module.css";
import { TableCard } from "./table-card";

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

/** The figures after the group's own column, each right-aligned: its heading and how a row says it. */
const FIGURES: { heading: string; cell: (row: PourReportRow, money: (value: string | null) => string) => string }[] = [
  { heading: "Pours", cell: (row) => formatCount(row.pours) },
  { heading: "Volume", cell: (row) => litres(row.volume_ml) },
  { heading: "Servings", cell: (row) => servingsWords(row.servings) },
  { heading: "Sales", cell: (row, money) => money(row.sales) },
  { heading: "Cost", cell: (row, money) => money(row.cost) },
  { heading: "Margin", cell: (row, money) => money(row.margin) },
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
        const money = moneyFormat(report.currency);
        return (
          <table className={styles.table}>
            <caption className="visually-hidden">{`Pours, volume, servings, sales, cost and margin by ${heading.toLowerCase()} ${periodPhrase(days)}`}</caption>
            <thead>
              <tr>
                <th scope="col">{heading}</th>
                {FIGURES.map((figure) => (
                  <th key={figure.heading} scope="col" className={styles.num}>
                    {figure.heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{report.group === "day" ? formatLongDay(row.key) : row.label}</th>
                  {FIGURES.map((figure) => (
                    <td key={figure.heading} className={styles.num}>
                      {figure.cell(row, money)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        );
      }}
    </TableCard>
  );
}
