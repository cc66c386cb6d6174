"use client";

import { type ReactNode, useId } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import styles from "./insights.module.css";

/**
 * A wide insight card that reads as a table (the pour report, the pour variance): its title and any
 * controls beside it, then the query's loading, error or empty state, or the table, which scrolls
 * sideways on a phone rather than shrinking. Named by its title; busy while it fetches; marked stale
 * while an earlier period's rows stand in for the new one's.
 */
export function TableCard<T>({
  title,
  actions,
  query,
  isEmpty,
  empty,
  children,
}: {
  title: string;
  actions?: ReactNode;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      className={`card ${styles.card} ${styles.wide}`}
      aria-labelledby={titleId}
      aria-busy={query.isFetching}
      data-stale={query.isPlaceholderData || undefined}
    >
      <header className={actions ? styles.reportHeader : styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          {title}
        </h2>
        {actions && <div className={styles.reportActions}>{actions}</div>}
      </header>
      {query.isPending ? (
        <Skeleton lines={4} height="2.6rem" label={`Loading ${title.toLowerCase()}`} />
      ) : query.isError ? (
        <ErrorState message={`${title} could not be loaded. ${problemMessage(query.error)}`} onRetry={() => void query.refetch()} />
      ) : isEmpty(query.data) ? (
        <EmptyState title={empty} />
      ) : (
        <div className={styles.tableScroll}>{children(query.data)}</div>
      )}
    </section>
  );
}

/** A figure column of a FigureTable: its heading and how a row says it (right-aligned). */
export type Figure<R> = { heading: string; cell: (row: R) => string };

/**
 * The table a TableCard holds: one heading column (each row's name, a row header), then the figures.
 * `caption` is for screen readers (the card's title names it for everyone else).
 */
export function FigureTable<R>({
  caption,
  heading,
  rows,
  rowKey,
  rowHeading,
  figures,
}: {
  caption: string;
  heading: string;
  rows: readonly R[];
  rowKey: (row: R) => string;
  rowHeading: (row: R) => string;
  figures: readonly Figure<R>[];
}) {
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          {figures.map((figure) => (
            <th key={figure.heading} scope="col" className={styles.num}>
              {figure.heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row">{rowHeading(row)}</th>
            {figures.map((figure) => (
              <td key={figure.heading} className={styles.num}>
                {figure.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
