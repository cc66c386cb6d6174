"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { insightQueries, type PourVariance } from "@/lib/client/queries/insights";
import { formatCount, periodOf, periodPhrase } from "./format";
import { type Figure, FigureTable, TableCard } from "./table-card";

// The pour variance (pos.md §5, decision 090): what the meters poured beside what the till sold, per tap
// and beer, over the same days as the rest of the page on the venue's clock. A table, as the top beers:
// tap, beer and three volumes read together.

const millilitres = (value: number) => `${formatCount(Math.round(value))} ml`;
const yieldWords = (row: PourVariance) => (row.yield === null ? "—" : `${Math.round(row.yield * 1000) / 10}%`);

const FIGURES: Figure<PourVariance>[] = [
  { heading: "Poured", cell: (row) => millilitres(row.poured_ml) },
  { heading: "Sold", cell: (row) => millilitres(row.sold_ml) },
  { heading: "Difference", cell: (row) => millilitres(row.difference_ml) },
  { heading: "Yield", cell: yieldWords },
];

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
        <FigureTable
          caption={`What the meters poured and the till sold on each tap ${periodPhrase(days)}`}
          heading="Tap"
          rows={rows}
          rowKey={(row) => `${row.tap_id}:${row.item_id ?? ""}`}
          rowHeading={(row) =>
            `Tap ${row.tap_number}${row.tap_name ? ` (${row.tap_name})` : ""}${row.item_name ? ` · ${row.item_name}` : ""}`
          }
          figures={FIGURES}
        />
      )}
    </TableCard>
  );
}
