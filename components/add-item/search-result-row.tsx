"use client";

import { ApiProblem, problemMessage } from "@/lib/client/api";
import type { CatalogueResult } from "@/lib/client/queries/catalogue";
import { LabelImage } from "./label-image";
import { useAddItem, type AddedItem } from "./use-add-item";
import styles from "./add-item.module.css";

function addError(error: unknown): string {
  if (error instanceof ApiProblem && error.status === 422) return "This beer is no longer in the catalogue, so it can't be added.";
  if (error instanceof ApiProblem && error.status === 429) return "The catalogue's lookups for this hour are used up. Try again later.";
  if (error instanceof ApiProblem && error.status === 503) return "The beer catalogue is unavailable right now. Try again in a moment.";
  return problemMessage(error);
}

/** One catalogue beer with its own "Add" (each row saves on its own, so several can be added quickly). */
export function SearchResultRow({
  beer,
  sectionId,
  onMenu,
  onAdded,
}: {
  beer: CatalogueResult;
  sectionId: number;
  onMenu: boolean;
  onAdded: (item: AddedItem) => void;
}) {
  const add = useAddItem(sectionId, onAdded);
  const details = [beer.style, beer.abv !== null ? `${beer.abv}% ABV` : null, beer.ibu !== null ? `${Number(beer.ibu)} IBU` : null].filter(
    Boolean,
  );
  const maker = [beer.brewery, beer.brewery_location].filter(Boolean).join(" · ");
  return (
    <li className={styles.result}>
      <LabelImage src={beer.label_image} name={beer.name} />
      <div className={styles.resultText}>
        <p className={styles.resultName}>{beer.name}</p>
        {maker && <p className={styles.resultMeta}>{maker}</p>}
        {details.length > 0 && <p className={styles.resultMeta}>{details.join(" · ")}</p>}
        {add.isError && (
          <p className={styles.rowError} role="alert">
            {addError(add.error)}
          </p>
        )}
      </div>
      {onMenu ? (
        <span className="badge badge--ok">On this menu</span>
      ) : (
        <button
          type="button"
          className="btn btn--small btn--primary"
          aria-label={`Add ${beer.name}${beer.brewery ? ` by ${beer.brewery}` : ""}`}
          disabled={add.isPending}
          onClick={() => add.mutate({ untappd_id: beer.untappd_id })}
        >
          {add.isPending ? "Adding…" : "Add"}
        </button>
      )}
    </li>
  );
}
