"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type RefObject } from "react";
import { ApiProblem, problemMessage } from "@/lib/client/api";
import { catalogueQueries, SEARCH_LIMIT } from "@/lib/client/queries/catalogue";
import { Skeleton } from "@/components/ui/states";
import { useCatalogueLimit } from "./catalogue-limit";
import { SearchResultRow } from "./search-result-row";
import type { CatalogueResult } from "@/lib/client/queries/catalogue";
import type { AddedItem } from "./use-add-item";
import styles from "./add-item.module.css";

const MIN_LENGTH = 2;
const DEBOUNCE_MS = 250;

function searchError(error: unknown): string {
  if (error instanceof ApiProblem && error.status === 429) {
    return "This search needs the beer catalogue, whose lookups for this hour are used up. Beers found here before can still be searched; or add the drink as a custom item.";
  }
  if (error instanceof ApiProblem && error.status === 503) {
    return "The beer catalogue is unavailable right now. Try again in a moment, or add the drink as a custom item.";
  }
  return problemMessage(error);
}

/** Debounced catalogue search (Enter searches at once); each result adds itself to the section. */
export function CatalogueSearch({
  sectionId,
  onMenuIds,
  inputRef,
  onAdded,
  onAddAsCustom,
  priceFirst = null,
}: {
  sectionId: number;
  onMenuIds: ReadonlySet<number>;
  /** Set when the menu is published: each beer asks for its price before it is added. */
  priceFirst?: { currencySymbol: string; country: string | null } | null;
  inputRef: RefObject<HTMLInputElement | null>;
  onAdded: (item: AddedItem) => void;
  onAddAsCustom: (name: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  const typed = text.trim();

  // Wait for a pause in typing: each search may cost the catalogue's hourly budget.
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const { spent } = useCatalogueLimit();
  const enabled = term.length >= MIN_LENGTH;
  // While the hour is used up searching goes on: the server answers from the beers it has seen (decision
  // 061) and costs nobody anything; a term it cannot answer says 429 again (catalogue-limit.tsx).
  const search = useQuery({ ...catalogueQueries.search(term), enabled, placeholderData: keepPreviousData });
  useEffect(() => {
    if (search.error) spent(search.error);
  }, [search.error, spent]);
  const answer = term.length >= MIN_LENGTH && !search.isError ? search.data : undefined;
  const results = answer?.items;
  const nearby = answer?.did_you_mean ?? [];
  const waiting = typed !== term || search.isFetching;

  let status: string;
  if (typed.length < MIN_LENGTH) status = `Type at least ${MIN_LENGTH} letters of a beer, brewery or style.`;
  else if (search.isError && !waiting) status = "The search failed.";
  else if (waiting || !results) status = "Searching…";
  else if (results.length === 0 && nearby.length > 0) status = `No beers match “${term}”. Did you mean one of these?`;
  else if (results.length === 0) status = `No beers match “${term}”.`;
  else if (results.length >= SEARCH_LIMIT)
    status = `Showing the first ${results.length} beers matching “${term}”: type more to narrow it down.`;
  else status = `${results.length} ${results.length === 1 ? "beer matches" : "beers match"} “${term}”.`;

  const row = (beer: CatalogueResult) => (
    <SearchResultRow
      key={beer.untappd_id}
      beer={beer}
      sectionId={sectionId}
      onMenu={onMenuIds.has(beer.untappd_id)}
      onAdded={onAdded}
      priceFirst={priceFirst}
    />
  );

  return (
    <div>
      <search>
        <form
          className={styles.searchForm}
          onSubmit={(event) => {
            event.preventDefault();
            setTerm(typed);
            if (typed === term && search.isError) void search.refetch();
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            Search the beer catalogue
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            className="input"
            placeholder="Beer, brewery or style"
            autoComplete="off"
            spellCheck={false}
            maxLength={100}
            value={text}
            aria-describedby={hintId}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="btn">
            Search
          </button>
        </form>
      </search>
      <p id={hintId} className={styles.status} role="status" aria-live="polite">
        {status}
      </p>

      {/* Always the same height, so the dialog does not jump as results come and go. */}
      <div className={styles.resultsBox}>
        {typed.length < MIN_LENGTH ? (
          <p className={styles.intro}>
            Find a beer by its name, its brewery or its style, then press <strong>Add</strong>. Wine, cocktails, food or a beer the
            catalogue lacks: use <strong>Custom item</strong>.
          </p>
        ) : search.isError && !search.isFetching ? (
          <div className={styles.searchError} role="alert">
            <p>{searchError(search.error)}</p>
            <div className={styles.inlineActions}>
              <button type="button" className="btn btn--small" onClick={() => void search.refetch()}>
                Try again
              </button>
              <button type="button" className="btn btn--small btn--ghost" onClick={() => onAddAsCustom(typed)}>
                Add as a custom item
              </button>
            </div>
          </div>
        ) : !results ? (
          <Skeleton lines={4} height="3.5rem" label="Searching the catalogue" />
        ) : results.length === 0 ? (
          <div className={styles.noResults}>
            {nearby.length > 0 ? (
              <ul className={styles.results} aria-label="Did you mean">
                {nearby.map(row)}
              </ul>
            ) : (
              <p>Check the spelling, try the brewery&apos;s name or the style, or add it yourself.</p>
            )}
            <button type="button" className="btn btn--small" onClick={() => onAddAsCustom(term)}>
              Add “{term}” as a custom item
            </button>
          </div>
        ) : (
          <ul className={styles.results} aria-label="Catalogue results" aria-busy={waiting}>
            {results.map(row)}
          </ul>
        )}
      </div>
    </div>
  );
}
