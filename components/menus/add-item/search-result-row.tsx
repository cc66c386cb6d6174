"use client";

import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { ApiProblem, problemMessage } from "@/lib/client/api";
import { containerSizeQueries } from "@/lib/client/queries/menus";
import { moneyInput } from "@/lib/shared/schemas";
import { sizesForCountry } from "@/lib/shared/size-defaults";
import { SizeOptions } from "@/components/menus/editor/size-options";
import type { CatalogueResult } from "@/lib/client/queries/catalogue";
import { useCatalogueLimit } from "./catalogue-limit";
import { LabelImage } from "./label-image";
import { useAddItem, type AddedItem } from "./use-add-item";
import styles from "./add-item.module.css";

function addError(error: unknown): string {
  if (error instanceof ApiProblem && error.status === 422) return "This beer is no longer in the catalogue, so it can't be added.";
  if (error instanceof ApiProblem && error.status === 503) return "The beer catalogue is unavailable right now. Try again in a moment.";
  return problemMessage(error);
}

/** One catalogue beer with its own "Add" (each row saves on its own, so several can be added quickly). */
export function SearchResultRow({
  beer,
  sectionId,
  onMenu,
  onAdded,
  priceFirst = null,
}: {
  beer: CatalogueResult;
  sectionId: number;
  onMenu: boolean;
  onAdded: (item: AddedItem) => void;
  /** The menu is published: the beer goes on it with a price, asked for here ({currencySymbol}), never without one. */
  priceFirst?: { currencySymbol: string; country: string | null } | null;
}) {
  const add = useAddItem(sectionId, onAdded);
  // A beer the search showed is kept by the server (decision 061): its add needs no lookup, so it stays on
  // while the hour is spent; a 429 all the same is said once for the dialog.
  const { spent } = useCatalogueLimit();
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (add.error) spent(add.error);
  }, [add.error, spent]);
  const details = [
    beer.style,
    beer.abv !== null ? `${beer.abv}% ABV` : null,
    beer.ibu !== null ? `${Number(beer.ibu)} IBU` : null,
    beer.rating !== null ? `rated ${Number(beer.rating).toFixed(2)}` : null,
  ].filter(Boolean);
  const maker = [beer.brewery, beer.brewery_location].filter(Boolean).join(" · ");
  const label = `${beer.name}${beer.brewery ? ` by ${beer.brewery}` : ""}`;
  return (
    <li className={styles.result}>
      <LabelImage src={beer.label_image} name={beer.name} />
      <div className={styles.resultText}>
        <p className={styles.resultName}>{beer.name}</p>
        {maker && <p className={styles.resultMeta}>{maker}</p>}
        {details.length > 0 && <p className={styles.resultMeta}>{details.join(" · ")}</p>}
        {asking && priceFirst && (
          <PriceStep
            label={label}
            currencySymbol={priceFirst.currencySymbol}
            country={priceFirst.country}
            busy={add.isPending}
            onCancel={() => setAsking(false)}
            onAdd={(container) =>
              add.mutate({ untappd_id: beer.untappd_id, containers: [container] }, { onSuccess: () => setAsking(false) })
            }
          />
        )}
        {/* A used-up hour is said once for the whole dialog (catalogue-limit.tsx), not on each row. */}
        {add.isError && !(add.error instanceof ApiProblem && add.error.status === 429) && (
          <p className={styles.rowError} role="alert">
            {addError(add.error)}
          </p>
        )}
      </div>
      {onMenu ? (
        <span className="badge badge--ok">On this menu</span>
      ) : asking ? null : (
        <button
          type="button"
          className="btn btn--small btn--primary"
          aria-label={`Add ${label}`}
          disabled={add.isPending}
          onClick={() => (priceFirst ? setAsking(true) : add.mutate({ untappd_id: beer.untappd_id }))}
        >
          {add.isPending ? "Adding…" : "Add"}
        </button>
      )}
    </li>
  );
}

/** A size and a price, asked for before a beer goes on a published menu. */
function PriceStep({
  label,
  currencySymbol,
  country,
  busy,
  onAdd,
  onCancel,
}: {
  label: string;
  currencySymbol: string;
  country: string | null;
  busy: boolean;
  onAdd: (container: { container_size_id: number; price: string }) => void;
  onCancel: () => void;
}) {
  const sizes = useQuery(containerSizeQueries.list());
  const sizeId = useId();
  const priceId = useId();
  const errorId = useId();
  const [size, setSize] = useState<number | null>(null);
  const [price, setPrice] = useState("");
  const [error, setError] = useState<string | null>(null);
  const chosen = size ?? (sizes.data ? sizesForCountry(sizes.data, country).preferred?.id : undefined) ?? null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (price.trim() === "") return setError("Price is required");
    const parsed = moneyInput.safeParse(price);
    if (!parsed.success) return setError(`Price ${parsed.error.issues[0]?.message ?? "must be a number"}`);
    if (chosen === null) return setError("Choose a size");
    setError(null);
    onAdd({ container_size_id: chosen, price: parsed.data });
  };
  return (
    <form className={styles.priceStep} onSubmit={submit} noValidate aria-label={`Price of ${label}`}>
      <p className={styles.priceNote}>This menu is published: guests see the beer as soon as it is added, so give it a price first.</p>
      <div className={styles.priceFields}>
        <label htmlFor={sizeId}>Size</label>
        <select id={sizeId} className="select" value={chosen ?? ""} onChange={(event) => setSize(Number(event.target.value))}>
          <SizeOptions sizes={sizes.data ?? []} country={country} />
        </select>
        <label htmlFor={priceId}>Price ({currencySymbol})</label>
        <input
          id={priceId}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={price}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => setPrice(event.target.value)}
        />
      </div>
      {error && (
        <p id={errorId} className={styles.rowError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.priceActions}>
        <button type="submit" className="btn btn--small btn--primary" disabled={busy}>
          {busy ? "Adding…" : "Add with this price"}
        </button>
        <button type="button" className="btn btn--small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
