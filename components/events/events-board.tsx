"use client";

import dynamic from "next/dynamic";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { problemMessage } from "@/lib/client/api";
import { eventQueries, type VenueEvent } from "@/lib/client/queries/events";
import { EventCard } from "./event-card";

// The form (zod, react-hook-form) is loaded when its dialog opens: out of the page's first load (decision 068).
const EventForm = dynamic(() => import("./event-form").then((module) => module.EventForm), { ssr: false });
import type { VenuePlace } from "./event-form-values";
import { isPast } from "./event-time";
import { useDeleteEvent } from "./use-event-mutations";
import { useNow } from "@/lib/client/use-now";
import styles from "./events.module.css";
import type { LocationResponse } from "@/lib/locations/schemas";
import type { Clock } from "@/lib/shared/time-format";

type View = "upcoming" | "past";
type Venue = Pick<LocationResponse, "id" | "name" | "time_zone"> & { clock: Clock; place?: VenuePlace };

/**
 * The events page: upcoming and past lists, the add/edit dialog and the delete confirmation; without
 * `canEdit` (staff) the lists only.
 */
export function EventsBoard({ location, canEdit }: { location: Venue; canEdit: boolean }) {
  const zone = location.time_zone;
  const venueTime = useMemo(() => ({ zone, clock: location.clock }), [zone, location.clock]);
  const query = useQuery(eventQueries.list(location.id));
  const now = useNow();
  const notify = useToast();
  const remove = useDeleteEvent(location.id);
  const [view, setView] = useState<View>("upcoming");
  const [editing, setEditing] = useState<VenueEvent | "new" | null>(null);
  const [deleting, setDeleting] = useState<VenueEvent | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const refocusAdd = useRef(false);

  // After a delete the card (and its Delete button, where the dialog would send focus back) is gone:
  // land on Add event instead. Child effects run first, so the dialog has closed by now.
  useEffect(() => {
    if (deleting || !refocusAdd.current) return;
    refocusAdd.current = false;
    addButton.current?.focus();
  }, [deleting]);

  const groups = useMemo(() => {
    if (!query.data || !now) return null;
    const past = query.data.filter((event) => isPast(event, zone, now));
    const upcoming = query.data.filter((event) => !isPast(event, zone, now));
    // Upcoming soonest first; past most recent first.
    return { upcoming, past: past.reverse() };
  }, [query.data, now, zone]);

  const add = canEdit && (
    <button ref={addButton} type="button" className="btn btn--primary" onClick={() => setEditing("new")}>
      Add event
    </button>
  );

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!groups || !now) return <Skeleton lines={3} height="8.5rem" label="Loading events" />;
    const shown = groups[view];
    if (shown.length === 0 && view === "upcoming" && !canEdit) {
      return (
        <EmptyState title="No upcoming events">
          <p>A manager or owner adds the venue's events; they appear here as they do.</p>
        </EmptyState>
      );
    }
    if (shown.length === 0 && view === "upcoming") {
      return (
        <EmptyState title="No upcoming events — add one">
          <p>Quiz nights, tap takeovers, live music: add them here and guests see them wherever your events are listed.</p>
          <button type="button" className="btn btn--primary" onClick={() => setEditing("new")}>
            Add an event
          </button>
        </EmptyState>
      );
    }
    if (shown.length === 0) {
      return (
        <EmptyState title="No past events">
          <p>Events move here once they have ended.</p>
        </EmptyState>
      );
    }
    return (
      <ul className={styles.list}>
        {shown.map((event) => (
          <li key={event.id}>
            <EventCard
              event={event}
              venue={venueTime}
              now={now}
              onEdit={canEdit ? () => setEditing(event) : undefined}
              onDelete={canEdit ? () => setDeleting(event) : undefined}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title="Events" subtitle={`${location.name} · times in ${zone}`} actions={add} />
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons outside any form; a <fieldset> (same group role) would only bring UA border, padding and min-inline-size to undo */}
      <div className={styles.toolbar} role="group" aria-label="Which events">
        {(["upcoming", "past"] as const).map((option) => (
          <button key={option} type="button" className={styles.toggle} aria-pressed={view === option} onClick={() => setView(option)}>
            {option === "upcoming" ? "Upcoming" : "Past"}
            <span className={styles.count}>{groups ? groups[option].length : "–"}</span>
          </button>
        ))}
      </div>
      <section aria-label={view === "upcoming" ? "Upcoming events" : "Past events"} aria-busy={!groups}>
        {content()}
      </section>

      <Dialog
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === "new" ? "Add event" : `Edit “${editing?.name ?? ""}”`}
        wide
      >
        {editing !== null && (
          <EventForm
            key={editing === "new" ? "new" : editing.id}
            locationId={location.id}
            venueTime={venueTime}
            venue={location.place}
            event={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              // Show the list the saved event is in, so the change is visible where it happened.
              setView(now && isPast(saved, zone, now) ? "past" : "upcoming");
              notify(editing === "new" ? `Added “${saved.name}”.` : `Saved “${saved.name}”.`);
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this event?"
        message={<p>“{deleting?.name}” will be removed from your listings for good. This cannot be undone.</p>}
        confirmLabel="Delete event"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting);
          refocusAdd.current = true;
          setDeleting(null);
        }}
      />
    </>
  );
}
