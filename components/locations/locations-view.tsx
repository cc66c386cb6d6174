"use client";

import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { problemMessage } from "@/lib/client/api";
import { type LocationSummary, locationQueries } from "@/lib/client/queries/locations";
import { RESTORE_DAYS, restorableUntil } from "@/lib/locations/restore-window";

// The form (zod, react-hook-form) is loaded when its dialog opens: out of the page's first load (decision 068).
const LocationForm = dynamic(() => import("./location-form").then((module) => module.LocationForm), { ssr: false });
import { useArchiveLocation, useRestoreLocation } from "./use-location-mutations";
import styles from "./locations.module.css";

const day = (at: Date) => at.toLocaleDateString(undefined, { dateStyle: "medium" });

/** "Time zone Europe/Amsterdam · prices in EUR": the settings that tell two locations apart. */
const summary = (location: LocationSummary) => `Time zone ${location.time_zone} · prices in ${location.currency}`;

/**
 * The business's locations. Owners add, edit, archive and restore them; managers edit their own.
 * Every change refreshes the shell's location switcher too (use-location-mutations.ts).
 */
export function LocationsView({ canOwn, openEdit = null }: { canOwn: boolean; openEdit?: number | null }) {
  const query = useQuery(locationQueries.list());
  const notify = useToast();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<LocationSummary | null>(null);
  // `/locations?edit=ID` (the share dialog's "add your site" link): that location's form, opened once.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || openEdit === null || !query.data) return;
    opened.current = true;
    setEditing(query.data.find((location) => location.id === openEdit) ?? null);
  }, [openEdit, query.data]);
  const [archiving, setArchiving] = useState<LocationSummary | null>(null);
  const archive = useArchiveLocation();
  const addButton = useRef<HTMLButtonElement>(null);

  const add = canOwn ? (
    <button ref={addButton} type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
      Add location
    </button>
  ) : undefined;

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={2} height="5.5rem" label="Loading locations" />;
    if (query.data.length === 0) {
      return (
        <EmptyState title="No locations yet">
          {canOwn ? (
            <>
              <p>A location is one venue: its menus, events, hours and boards. Add your first to start.</p>
              <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
                Add a location
              </button>
            </>
          ) : (
            <p>You are not assigned to any location yet: ask an owner of your business.</p>
          )}
        </EmptyState>
      );
    }
    return (
      <ul className={styles.list}>
        {query.data.map((location) => (
          <li key={location.id}>
            <LocationCard
              location={location}
              canOwn={canOwn}
              onEdit={() => setEditing(location)}
              onArchive={() => setArchiving(location)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Locations"
        subtitle={canOwn ? "Your venues: add, edit and archive them." : "The venues you manage."}
        actions={add}
      />
      <section aria-label="Locations" aria-busy={!query.data}>
        {content()}
      </section>
      {canOwn && <ArchivedLocations />}

      <Dialog open={adding} onClose={() => setAdding(false)} title="Add location">
        {adding && (
          <LocationForm
            location={null}
            submitLabel="Add location"
            busyLabel="Adding…"
            autoFocus
            secondary={
              <button type="button" className="btn" onClick={() => setAdding(false)}>
                Cancel
              </button>
            }
            onSaved={(location) => {
              setAdding(false);
              notify(`Added “${location.name}”. Its Menus page is ready for a first menu.`);
            }}
          />
        )}
      </Dialog>

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.name ?? "location"}`} wide>
        {editing && (
          <LocationForm
            location={editing}
            full
            submitLabel="Save changes"
            autoFocus
            secondary={
              <button type="button" className="btn" onClick={() => setEditing(null)}>
                Cancel
              </button>
            }
            onSaved={(location) => {
              setEditing(null);
              notify(`Saved “${location.name}”.`);
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={archiving !== null}
        title={`Archive ${archiving?.name ?? "this location"}?`}
        message={
          <>
            <p>
              It leaves the dashboard and every list, and its public menus, boards and API answers stop: they answer “not found”. Nothing is
              deleted.
            </p>
            <p>You can restore it, with everything in it, for {RESTORE_DAYS} days.</p>
          </>
        }
        confirmLabel="Archive location"
        busy={archive.isPending}
        onClose={() => setArchiving(null)}
        onConfirm={() => {
          const location = archiving;
          if (!location) return;
          archive.mutate(location, {
            onSuccess: () => {
              setArchiving(null);
              notify(`Archived “${location.name}”. Restore it below within ${RESTORE_DAYS} days if you need it back.`);
              addButton.current?.focus();
            },
            onError: (error) => {
              setArchiving(null);
              notify(`“${location.name}” was not archived: ${problemMessage(error)}`, { tone: "error" });
            },
          });
        }}
      />
    </>
  );
}

function LocationCard({
  location,
  canOwn,
  onEdit,
  onArchive,
}: {
  location: LocationSummary;
  canOwn: boolean;
  onEdit: () => void;
  onArchive: () => void;
}) {
  const headingId = useId();
  return (
    <article className={`card ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.cardMain}>
        <h2 id={headingId} className={styles.cardTitle}>
          {location.name}
        </h2>
        <p className={styles.meta}>{summary(location)}</p>
        {location.formatted_address && <p className={styles.meta}>{location.formatted_address}</p>}
      </div>
      <div className={styles.actions}>
        <Link href={`/locations/${location.id}/menus`} className="btn btn--small">
          Menus
        </Link>
        <button type="button" className="btn btn--small" onClick={onEdit} aria-label={`Edit ${location.name}`}>
          Edit
        </button>
        {canOwn && (
          <button type="button" className="btn btn--small" onClick={onArchive} aria-label={`Archive ${location.name}`}>
            Archive
          </button>
        )}
      </div>
    </article>
  );
}

/** Archived locations (owners), each restorable until 30 days after it was archived. */
function ArchivedLocations() {
  const query = useQuery(locationQueries.archived());
  const restore = useRestoreLocation();
  const notify = useToast();
  const titleId = useId();
  // Nothing archived: nothing to say (the page stays about the venues in use).
  if (query.data?.length === 0 || (!query.data && !query.isError)) return null;
  return (
    <section className={styles.archived} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        Archived
      </h2>
      <p className={styles.sectionLead}>
        Out of every list and answer; their menus, events and history are kept. Restore one within {RESTORE_DAYS} days of archiving it.
      </p>
      {query.isError ? (
        <ErrorState
          message={`The archived locations could not be loaded. ${problemMessage(query.error)}`}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ul className={styles.list}>
          {query.data?.map((location) => {
            const until = location.archived_at ? restorableUntil(new Date(location.archived_at)) : null;
            const expired = until !== null && until.getTime() <= Date.now();
            const restoring = restore.isPending && restore.variables?.id === location.id;
            return (
              <li key={location.id}>
                <article className={`card ${styles.card}`} aria-label={location.name}>
                  <div className={styles.cardMain}>
                    <h3 className={styles.cardTitle}>{location.name}</h3>
                    <p className={styles.meta}>
                      {location.archived_at ? `Archived ${day(new Date(location.archived_at))}` : "Archived"}
                      {until && !expired ? ` · restorable until ${day(until)}` : ""}
                      {expired ? " · past the restore window" : ""}
                    </p>
                  </div>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={restoring || expired}
                      aria-label={`Restore ${location.name}`}
                      onClick={() =>
                        restore.mutate(location, {
                          onSuccess: () => notify(`Restored “${location.name}”, with its menus, events and hours.`),
                          onError: (error) => notify(`“${location.name}” was not restored: ${problemMessage(error)}`, { tone: "error" }),
                        })
                      }
                    >
                      {restoring ? "Restoring…" : "Restore"}
                    </button>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
