"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type Distributor, type Editing, type ReorderGroupRow, type ReorderLineRow, reorderQueries } from "@/lib/client/queries/reorder";
import styles from "./reorder.module.css";

// The Reorder page (venue-operations §15, decision 096): per distributor, each beer's kegs on hand, the
// days they last at the recent rate, and the kegs to order to be at par when the delivery comes; a CSV
// of it all and each distributor's PDF order sheet. Managers set each beer's par level and keep the
// distributors here.

type Venue = { id: number; name: string };

// The dialogs' forms, react-hook-form and their zod schemas load when a dialog first opens (decision 070).
const ParForm = lazy(() => import("./reorder-forms").then((module) => ({ default: module.ParForm })));
const DistributorForm = lazy(() => import("./reorder-forms").then((module) => ({ default: module.DistributorForm })));

const kegs = (value: number) => `${Math.round(value * 100) / 100}`;
const daysLeft = (line: ReorderLineRow) => (line.days_left === null ? "—" : `${line.days_left} d`);

export function ReorderPanel({ location }: { location: Venue }) {
  const query = useQuery(reorderQueries.suggestions(location.id));
  const [editingPar, setEditingPar] = useState<Editing | null>(null);
  const [editingDistributor, setEditingDistributor] = useState<Distributor | "new" | null>(null);
  const distributors = (query.data?.reorder ?? []).flatMap((group) => (group.distributor ? [group.distributor] : []));

  const actions = (
    <>
      <a className="btn" href={`/api/v1/locations/${location.id}/reorder.csv`} download>
        Download CSV
      </a>
      <button type="button" className="btn" onClick={() => setEditingPar({ itemId: null, line: null, distributorId: null })}>
        Set a par level
      </button>
      <button type="button" className="btn btn--primary" onClick={() => setEditingDistributor("new")}>
        Add distributor
      </button>
    </>
  );

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={3} height="8rem" label="Loading the reorder" />;
    if (query.data.reorder.length === 0) {
      return (
        <EmptyState title="Nothing to reorder yet">
          <p>Add your distributors with their lead times, then set a par level for each beer: the kegs you want on hand.</p>
        </EmptyState>
      );
    }
    return (
      <ul className={styles.groups}>
        {query.data.reorder.map((group) => (
          <li key={group.distributor?.id ?? "none"}>
            <GroupCard
              group={group}
              locationId={location.id}
              onEditPar={(line) => setEditingPar({ itemId: line.item_id, line, distributorId: group.distributor?.id ?? null })}
              onEditDistributor={setEditingDistributor}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Reorder"
        subtitle={`${location.name} · what to order so each beer is at par when the delivery comes`}
        actions={actions}
      />
      <section aria-label="Reorder by distributor" aria-busy={!query.data}>
        {content()}
      </section>
      <Dialog
        open={editingPar !== null}
        onClose={() => setEditingPar(null)}
        title={editingPar?.line ? `Par level: ${editingPar.line.item_name}` : "Set a par level"}
      >
        {editingPar && (
          <Suspense fallback={<Skeleton lines={3} label="Loading the form" />}>
            <ParForm locationId={location.id} editing={editingPar} distributors={distributors} onDone={() => setEditingPar(null)} />
          </Suspense>
        )}
      </Dialog>
      <Dialog
        open={editingDistributor !== null}
        onClose={() => setEditingDistributor(null)}
        title={editingDistributor === "new" ? "Add distributor" : `Edit ${editingDistributor?.name ?? "distributor"}`}
      >
        {editingDistributor && (
          <Suspense fallback={<Skeleton lines={3} label="Loading the form" />}>
            <DistributorForm
              locationId={location.id}
              distributor={editingDistributor === "new" ? null : editingDistributor}
              onDone={() => setEditingDistributor(null)}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reorderQueries.all() });
}

function GroupCard({
  group,
  locationId,
  onEditPar,
  onEditDistributor,
}: {
  group: ReorderGroupRow;
  locationId: number;
  onEditPar: (line: ReorderLineRow) => void;
  onEditDistributor: (distributor: Distributor) => void;
}) {
  const headingId = useId();
  const notify = useToast();
  const refresh = useRefresh();
  const [removing, setRemoving] = useState(false);
  const distributor = group.distributor;
  const remove = useMutation({
    mutationFn: () => apiFetch(`/api/v1/distributors/${distributor!.id}`, { method: "DELETE" }),
    onSuccess: () => notify(`${distributor!.name} removed; its beers keep their par levels.`),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });
  const contact = distributor ? [distributor.email, distributor.phone].filter(Boolean).join(" · ") : "";
  return (
    <article className={`card ${styles.group}`} aria-labelledby={headingId}>
      <header className={styles.groupHead}>
        <div className={styles.groupTitle}>
          <h2 id={headingId} className={styles.name}>
            {distributor?.name ?? "No distributor"}
          </h2>
          <p className={styles.meta}>
            {distributor ? `Lead time ${distributor.lead_time_days} day${distributor.lead_time_days === 1 ? "" : "s"}` : "Lead time 0 days"}
            {contact && ` · ${contact}`}
          </p>
        </div>
        <span className={`badge ${group.kegs_to_order > 0 ? styles.toOrder : "badge--ok"}`}>
          {group.kegs_to_order > 0 ? `Order ${group.kegs_to_order} keg${group.kegs_to_order === 1 ? "" : "s"}` : "Nothing to order"}
        </span>
      </header>
      {group.lines.length === 0 ? (
        <p className={styles.meta}>No beers are ordered from {distributor?.name ?? "here"} yet: set a beer's par level and choose it.</p>
      ) : (
        <div className={styles.tableScroll}>
          <table className={styles.table}>
            <caption className="visually-hidden">{`Beers from ${distributor?.name ?? "no distributor"}: on hand, days left, par and kegs to order`}</caption>
            <thead>
              <tr>
                <th scope="col">Beer</th>
                <th scope="col" className={styles.num}>
                  On hand
                </th>
                <th scope="col" className={styles.num}>
                  Days left
                </th>
                <th scope="col" className={styles.num}>
                  Par
                </th>
                <th scope="col" className={styles.num}>
                  Order
                </th>
                <th scope="col">
                  <span className="visually-hidden">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {group.lines.map((line) => (
                <tr key={line.item_id}>
                  <th scope="row">
                    {line.item_name}
                    <span className={styles.detail}>
                      {`${line.full_kegs} full · ${line.on_deck_kegs} on deck · ${kegs(line.in_service_kegs)} in service · ${kegs(line.kegs_per_week)} a week`}
                    </span>
                  </th>
                  <td className={styles.num}>{kegs(line.on_hand_kegs)}</td>
                  <td className={styles.num}>{daysLeft(line)}</td>
                  <td className={styles.num}>{line.par_kegs ?? "—"}</td>
                  <td className={`${styles.num} ${styles.order}`}>{line.suggested_kegs}</td>
                  <td>
                    <button
                      type="button"
                      className="btn btn--small btn--ghost"
                      onClick={() => onEditPar(line)}
                      aria-label={`Edit the par level of ${line.item_name}`}
                    >
                      Edit par
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {distributor && (
        <div className={styles.actions}>
          <a
            className="btn btn--small"
            href={`/api/v1/locations/${locationId}/reorder.pdf?distributor_id=${distributor.id}`}
            target="_blank"
            rel="noopener"
          >
            Order sheet (PDF)
          </a>
          <button type="button" className="btn btn--small" onClick={() => onEditDistributor(distributor)}>
            Edit distributor
          </button>
          <button type="button" className="btn btn--small btn--danger" onClick={() => setRemoving(true)} disabled={remove.isPending}>
            Remove
          </button>
        </div>
      )}
      <ConfirmDialog
        open={removing}
        title={`Remove ${distributor?.name ?? "distributor"}?`}
        message={<p>Its beers keep their par levels and are listed under “No distributor” until you choose another.</p>}
        confirmLabel="Remove"
        onClose={() => setRemoving(false)}
        onConfirm={() => {
          setRemoving(false);
          remove.mutate();
        }}
      />
    </article>
  );
}
