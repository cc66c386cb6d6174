"use client";

import Link from "next/link";
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries } from "@/lib/client/queries/menus";
import { type PosMapping, posQueries } from "@/lib/client/queries/pos";
import styles from "./pos.module.css";

// The Matching page (pos.md §3): the till's drinks beside the location's, matched, suggested and not
// matched, with one-click confirm, a picker for the rest and a search; it works on a phone. Every change
// sends the whole confirmed set in one PUT (the API replaces it in one batch), so what is shown is what
// the server kept.

type Tab = "suggested" | "unmatched" | "matched";
const TABS: { value: Tab; label: string }[] = [
  { value: "suggested", label: "To confirm" },
  { value: "unmatched", label: "Not matched" },
  { value: "matched", label: "Matched" },
];

/** A container of the location, named as a person reads it: "Harbor Haze · Pint". */
type Choice = { containerId: number; itemId: number; label: string };

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** The location's containers from its menus' trees (the editor's own queries), by id. */
function useChoices(locationId: number) {
  const menus = useQuery(menuQueries.list(locationId));
  const trees = useQueries({ queries: (menus.data ?? []).map((menu) => menuQueries.tree(menu.id)) });
  return useMemo(() => {
    const byContainer = new Map<number, Choice>();
    for (const tree of trees) {
      for (const section of [...(tree.data?.sections ?? []), ...(tree.data?.on_deck_section ? [tree.data.on_deck_section] : [])]) {
        for (const item of section.items) {
          for (const container of item.containers) {
            byContainer.set(container.id, {
              containerId: container.id,
              itemId: item.id,
              label: `${item.name} · ${container.container_size?.name ?? container.name}`,
            });
          }
        }
      }
    }
    const ready = menus.data !== undefined && trees.every((tree) => tree.data !== undefined);
    return { byContainer, ready, failed: menus.isError || trees.some((tree) => tree.isError) };
  }, [menus.data, menus.isError, trees]);
}

export function MatchingPanel({ location, connectionId }: { location: { id: number; name: string }; connectionId: number }) {
  const query = useQuery(posQueries.mappings(connectionId));
  const choices = useChoices(location.id);
  const client = useQueryClient();
  const notify = useToast();
  const [tab, setTab] = useState<Tab>("suggested");
  const [search, setSearch] = useState("");
  const searchId = useId();

  const save = useMutation({
    mutationFn: (confirmed: { pos_variation_id: string; item_id: number; container_id: number }[]) =>
      apiFetch<{ mappings: PosMapping[] }>(`/api/v1/pos_connections/${connectionId}/mappings`, {
        method: "PUT",
        body: { mappings: confirmed },
      }).then((r) => r.mappings),
    onSuccess: (mappings, _sent) => client.setQueryData(posQueries.mappings(connectionId).queryKey, mappings),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
  });

  const rows = query.data ?? [];
  const matched = rows.filter((row) => row.status === "matched");
  const confirmedSet = (change: (row: PosMapping) => PosMapping | null) =>
    rows
      .map(change)
      .filter((row): row is PosMapping => row !== null && row.status === "matched" && row.item_id !== null && row.container_id !== null)
      .map((row) => ({ pos_variation_id: row.pos_variation_id, item_id: row.item_id!, container_id: row.container_id! }));
  const confirm = (targets: PosMapping[], said: string) => {
    const ids = new Set(targets.map((row) => row.pos_variation_id));
    save.mutate(
      confirmedSet((row) => (ids.has(row.pos_variation_id) ? { ...row, status: "matched" } : row)),
      { onSuccess: () => notify(said) },
    );
  };
  const match = (row: PosMapping, choice: Choice) =>
    save.mutate(
      confirmedSet((each) =>
        each.pos_variation_id === row.pos_variation_id
          ? { ...each, status: "matched", item_id: choice.itemId, container_id: choice.containerId }
          : each,
      ),
      { onSuccess: () => notify(`Matched: ${row.pos_name} (${row.pos_variation_name}) is ${choice.label}.`) },
    );
  const unmatch = (row: PosMapping) =>
    save.mutate(
      confirmedSet((each) => (each.pos_variation_id === row.pos_variation_id ? null : each)),
      { onSuccess: () => notify(`${row.pos_name} (${row.pos_variation_name}) is no longer matched.`) },
    );

  const taken = new Set(matched.map((row) => row.container_id));
  const free = [...choices.byContainer.values()]
    .filter((choice) => !taken.has(choice.containerId))
    .sort((a, b) => a.label.localeCompare(b.label));
  const needle = fold(search.trim());
  const nameOf = (row: PosMapping) => (row.container_id !== null ? choices.byContainer.get(row.container_id)?.label : undefined);
  const shown = rows.filter(
    (row) => row.status === tab && (!needle || fold(`${row.pos_name} ${row.pos_variation_name} ${nameOf(row) ?? ""}`).includes(needle)),
  );
  const suggested = rows.filter((row) => row.status === "suggested");

  function content() {
    if ((query.isError && !query.data) || choices.failed)
      return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data || !choices.ready) return <Skeleton lines={4} height="3.5rem" label="Loading the till's drinks" />;
    if (rows.length === 0)
      return (
        <EmptyState title="Nothing from the till yet">
          <p>The till's drinks appear here after the first sync. Run one from the Point of sale page.</p>
        </EmptyState>
      );
    return (
      <>
        <div className={styles.toolbar}>
          <div role="tablist" aria-label="Which drinks" className={styles.tabs}>
            {TABS.map(({ value, label }) => (
              <button
                key={value}
                type="button"
                role="tab"
                aria-selected={tab === value}
                className={tab === value ? `${styles.tab} ${styles.tabOn}` : styles.tab}
                onClick={() => setTab(value)}
              >
                {label} <span className={styles.count}>{rows.filter((row) => row.status === value).length}</span>
              </button>
            ))}
          </div>
          <div className={styles.search}>
            <label htmlFor={searchId}>Search</label>
            <input
              id={searchId}
              className="input"
              type="search"
              value={search}
              placeholder="A drink at the till or here"
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
        </div>
        {tab === "suggested" && suggested.length > 1 && (
          <p className={styles.bulk}>
            <button
              type="button"
              className="btn btn--small"
              disabled={save.isPending}
              onClick={() => confirm(suggested, `Confirmed ${suggested.length} matches.`)}
            >
              Confirm all {suggested.length} suggestions
            </button>
          </p>
        )}
        {shown.length === 0 ? (
          <p className={styles.meta}>{needle ? "Nothing here matches the search." : "Nothing here."}</p>
        ) : (
          <ul className={styles.rows} aria-label={TABS.find((each) => each.value === tab)!.label}>
            {shown.map((row) => (
              <li key={row.pos_variation_id} className={styles.row}>
                <div className={styles.till}>
                  <span className={styles.posName}>{row.pos_name}</span>
                  <span className={styles.meta}>
                    {row.pos_variation_name}
                    {row.pos_price !== null ? ` · ${row.pos_price}` : ""}
                    {row.sold_out ? " · sold out at the till" : ""}
                  </span>
                </div>
                <div className={styles.ours}>
                  {row.status === "unmatched" ? (
                    <Picker row={row} free={free} disabled={save.isPending} onPick={(choice) => match(row, choice)} />
                  ) : (
                    <>
                      <span>
                        <span className="visually-hidden">{row.status === "matched" ? "Matched to " : "Suggested: "}</span>
                        {nameOf(row) ?? "a drink no longer on a menu"}
                      </span>
                      {row.status === "suggested" ? (
                        <button
                          type="button"
                          className="btn btn--small btn--primary"
                          disabled={save.isPending}
                          aria-label={`Confirm ${row.pos_name} (${row.pos_variation_name}) is ${nameOf(row) ?? "this drink"}`}
                          onClick={() => confirm([row], `Confirmed: ${row.pos_name} (${row.pos_variation_name}).`)}
                        >
                          Confirm
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn--small"
                          disabled={save.isPending}
                          aria-label={`Unmatch ${row.pos_name} (${row.pos_variation_name})`}
                          onClick={() => unmatch(row)}
                        >
                          Unmatch
                        </button>
                      )}
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Matching"
        subtitle={`${location.name} · each drink at the till beside the one on your menus`}
        actions={
          <Link className="btn" href={`/locations/${location.id}/pos`}>
            Point of sale
          </Link>
        }
      />
      <section aria-label="Matches" aria-busy={!query.data}>
        {content()}
      </section>
    </>
  );
}

/** A drink and size of the location for a variation the sync could not place. */
function Picker({ row, free, disabled, onPick }: { row: PosMapping; free: Choice[]; disabled: boolean; onPick: (choice: Choice) => void }) {
  const id = useId();
  const [chosen, setChosen] = useState("");
  const choice = free.find((each) => String(each.containerId) === chosen);
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className="visually-hidden">
        {`The drink on your menus that is ${row.pos_name} (${row.pos_variation_name})`}
      </label>
      <select id={id} className="input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
        <option value="">Choose a drink and size…</option>
        {free.map((each) => (
          <option key={each.containerId} value={each.containerId}>
            {each.label}
          </option>
        ))}
      </select>
      <button type="button" className="btn btn--small btn--primary" disabled={disabled || !choice} onClick={() => choice && onPick(choice)}>
        Match
      </button>
    </div>
  );
}
