"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { insightQueries, type PourVariance } from "@/lib/client/queries/insights";
import { formatCount, periodOf, periodPhrase } from "./format";
import styles from "./insights.module.css";
import { TableCard } from "./table-card";

// The pour variance (pos.md §5, decision 090): what the meters poured beside what the till sold, per tap
// and beer, over the same days as the rest of the page on the venue's clock. A table, as the top beers:
// tap, beer and three volumes read together.

const millilitres = (value: number) => `${formatCount(Math.round(value))} ml`;
const yieldWords = (row: PourVariance) => (row.yield === null ? "—" : `${Math.round(row.yield * 1000) / 10}%`);

export function PourVarianceCard({ locationId, days, timeZone }: { locationId: number; days: number; timeZone: string }) {
  const { from, to } = periodOf(days, timeZone);
  const query = useQuery({ ...insightQueries.pourVariance(locationId, from, to), placeholderData: keepPreviousData });
  return (
    <TableCard
      title="Poured and sold"
      query={query}
      isEmpty={(rows) => rows.length === 0}
      empty={`Nothing metered or sold on a tap ${periodPhrase(days)}`}
    >
      {(rows) => (
        <table className={styles.table}>
          <caption className="visually-hidden">{`What the meters poured and the till sold on each tap ${periodPhrase(days)}`}</caption>
          <thead>
            <tr>
              <th scope="col">Tap</th>
              <th scope="col" className={styles.num}>
                Poured
              </th>
              <th scope="col" className={styles.num}>
                Sold
              </th>
              <th scope="col" className={styles.num}>
                Difference
              </th>
              <th scope="col" className={styles.num}>
                Yield
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.tap_id}:${row.item_id ?? ""}`}>
                <th scope="row">
                  {`Tap ${row.tap_number}${row.tap_name ? ` (${row.tap_name})` : ""}`}
                  {row.item_name ? ` · ${row.item_name}` : ""}
                </th>
                <td className={styles.num}>{millilitres(row.poured_ml)}</td>
                <td className={styles.num}>{millilitres(row.sold_ml)}</td>
                <td className={styles.num}>{millilitres(row.difference_ml)}</td>
                <td className={styles.num}>{yieldWords(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TableCard>
  );
}
