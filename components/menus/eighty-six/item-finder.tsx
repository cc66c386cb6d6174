"use client";

import { useDeferredValue, useId, useState } from "react";
import { BoardLocation, EightySixBadge, EightySixControl } from "@/components/menus/editor/eighty-six-control";
import type { Item } from "@/lib/client/queries/menus";
import { useLocationSections } from "./location-sections";
import styles from "./item-finder.module.css";

// The bartender's way to 86 mid-shift, on a phone: type a few letters of a beer, its brewery, style or
// tap number, and 86 or restore it from the row, without scrolling the whole menu editor.

const LIMIT = 30;

/** Lower-case without accents, so "kolsch" finds "Kölsch". */
const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

type Found = { item: Item; place: string };

/** Items whose name, brewery, style or tap number hold every word typed. */
export function findItems(items: Found[], query: string): Found[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return items.filter(({ item }) => {
    const text = fold([item.name, item.brewery, item.style, item.tap_number ? `tap ${item.tap_number}` : null].filter(Boolean).join(" "));
    return words.every((word) => text.includes(word));
  });
}

export function ItemFinder({ locationId }: { locationId: number }) {
  const inputId = useId();
  const statusId = useId();
  const [query, setQuery] = useState("");
  const deferred = useDeferredValue(query);
  const { sections, loading } = useLocationSections(locationId);
  const items = sections.flatMap((section) => section.items.map((item) => ({ item, place: section.place })));
  const found = findItems(items, deferred);
  const typed = deferred.trim() !== "";
  const status = !typed
    ? "Type part of a name, brewery, style or tap number."
    : loading
      ? "Loading the menus…"
      : found.length === 0
        ? `Nothing matches “${deferred.trim()}”.`
        : found.length > LIMIT
          ? `${found.length} items match; showing the first ${LIMIT}. Type more to narrow it down.`
          : `${found.length} ${found.length === 1 ? "item matches" : "items match"}.`;

  return (
    <BoardLocation locationId={locationId}>
      <section className={styles.finder} aria-labelledby={`${inputId}-heading`}>
        <h2 id={`${inputId}-heading`} className={styles.heading}>
          86 or restore an item
        </h2>
        <search>
          <label htmlFor={inputId} className="visually-hidden">
            Find an item to 86 or restore
          </label>
          <input
            id={inputId}
            type="search"
            className={`input ${styles.input}`}
            placeholder="Find a beer, brewery, style or tap…"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            value={query}
            aria-describedby={statusId}
            onChange={(event) => setQuery(event.target.value)}
          />
        </search>
        <p id={statusId} className={styles.status} role="status" aria-live="polite">
          {status}
        </p>
        {typed && found.length > 0 && (
          <ul className={styles.results} aria-label="Matching items">
            {found.slice(0, LIMIT).map(({ item, place }) => (
              <li key={item.id} className={styles.row}>
                <div className={styles.text}>
                  <p className={styles.name}>
                    {item.tap_number && (
                      <span className={styles.tap}>
                        <span className="visually-hidden">Tap </span>
                        {item.tap_number}
                      </span>
                    )}
                    {item.name}
                  </p>
                  <p className={styles.place}>
                    {place}
                    <EightySixBadge item={item} />
                  </p>
                </div>
                <EightySixControl item={item} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </BoardLocation>
  );
}
