"use client";

import { useId, type ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { change, changeWords } from "./format";
import styles from "./insights.module.css";

type TableSpec = { caption: string; columns: string[]; rows: (string | number)[][] };

type Props<T> = {
  title: string;
  query: UseQueryResult<T>;
  /** The chart's fixed height in px: skeleton, empty and error states take the same, so nothing shifts. */
  height: number;
  isEmpty: (data: T) => boolean;
  empty: string;
  emptyHint?: ReactNode;
  headline: (data: T) => ReactNode;
  /** What the chart shows, in a sentence, for screen readers (the chart itself is one image to them). */
  summary: (data: T) => string;
  chart: (data: T) => ReactNode;
  table: (data: T) => TableSpec;
  wide?: boolean;
};

/** One insight: title and headline numbers, then the chart (or its loading, empty or error state) and its data as a table. */
export function ChartCard<T>({ title, query, height, isEmpty, empty, emptyHint, headline, summary, chart, table, wide = false }: Props<T>) {
  const titleId = useId();
  const { data } = query;
  const showEmpty = data !== undefined && isEmpty(data);
  return (
    <section
      className={`card ${styles.card} ${wide ? styles.wide : ""}`}
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      data-stale={query.isPlaceholderData || undefined}
    >
      <header className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        <div className={styles.headline}>
          {/* The last period's figure is never shown under the new period's words: while the new one loads, a placeholder. */}
          {data !== undefined && !query.isPlaceholderData ? (
            headline(data)
          ) : query.isPending || query.isPlaceholderData ? (
            <div className={styles.headlineSkeleton} aria-hidden />
          ) : null}
        </div>
      </header>
      <div className={styles.chartBox} style={{ height }}>
        {data !== undefined && !showEmpty ? (
          <div role="img" aria-label={summary(data)} className={styles.chart}>
            {chart(data)}
          </div>
        ) : query.isError ? (
          <div className={styles.centred}>
            <ErrorState message={`${title} could not be loaded. ${problemMessage(query.error)}`} onRetry={() => void query.refetch()} />
          </div>
        ) : showEmpty ? (
          <div className={styles.centred}>
            <EmptyState title={empty}>{emptyHint}</EmptyState>
          </div>
        ) : (
          <Skeleton lines={1} height={`${height}px`} label={`Loading ${title.toLowerCase()}`} />
        )}
      </div>
      {data !== undefined && !showEmpty && <DataTable {...table(data)} />}
    </section>
  );
}

/** The figure beside the previous period's (the server's `previous_period`): arrow and words, never colour alone. */
export type Compared = { now: number; before: number; days: number };

/** The card's headline: the number that matters, readable without hovering anything. */
export function Headline({ value, label, detail, compared }: { value: string; label: string; detail?: ReactNode; compared?: Compared }) {
  return (
    <>
      <p className={styles.headlineText}>
        <strong className={styles.bigNumber}>{value}</strong> {label}
      </p>
      {compared && <ChangeNote {...compared} />}
      {detail && <p className={styles.headlineDetail}>{detail}</p>}
    </>
  );
}

const MARK_CLASS = { "▲": styles.up, "▼": styles.down, "=": styles.level, new: styles.up, "—": styles.level } as const;

function ChangeNote({ now, before, days }: Compared) {
  const { mark, words } = change(now, before, days);
  return (
    <p className={styles.change} data-testid="change">
      <span className={`${styles.changeMark} ${MARK_CLASS[mark]}`} aria-hidden>
        {mark === "new" ? "New" : mark}
      </span>{" "}
      <span aria-hidden>{words}</span>
      <span className="visually-hidden">{changeWords(now, before, days)}</span>
    </p>
  );
}

/** The chart's numbers, one click away, for keyboard and screen-reader users and anyone who wants exact values. */
function DataTable({ caption, columns, rows }: TableSpec) {
  return (
    <details className={styles.tableDetails}>
      <summary>Show as table</summary>
      <section className={styles.tableScroll} tabIndex={0} aria-label={caption}>
        <table className={styles.table}>
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index > 0 ? styles.num : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[0])}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={columns[index]} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={columns[index]} className={styles.num}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </details>
  );
}
