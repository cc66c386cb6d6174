"use client";

import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { useLocationSections } from "@/components/menus/eighty-six/location-sections";
import { DragHandle, SCREEN_READER_INSTRUCTIONS, useBoardSensors, useListAnnouncements } from "@/components/menus/editor/sortable-kit";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type Tap, tapQueries } from "@/lib/client/queries/taps";
import { useNow } from "@/lib/client/use-now";
import { type Clock, formatDayTime, type VenueTime } from "@/lib/shared/time-format";
import { TapLine } from "./tap-line";
import styles from "./taps.module.css";

// The Taps page (venue-operations §8): a row per tap with its keg's level and forecast on the venue's
// clock, its on-deck queue (drag to reorder), "Tap a new keg" and "Kicked". Staff pour and kick;
// managers also add taps and issue the flow meters' token.

type Venue = { id: number; name: string; time_zone: string; clock: Clock };

/** Common keg sizes, in litres (US barrels and the metric ones). */
const KEG_SIZES = [
  { label: "½ bbl (58.7 L)", ml: 58_674 },
  { label: "¼ bbl (29.3 L)", ml: 29_337 },
  { label: "⅙ bbl (19.5 L)", ml: 19_550 },
  { label: "50 L", ml: 50_000 },
  { label: "30 L", ml: 30_000 },
  { label: "20 L", ml: 20_000 },
] as const;

const litres = (ml: number) => `${(ml / 1000).toFixed(1)} L`;

export function TapsPanel({ location, canEdit }: { location: Venue; canEdit: boolean }) {
  const query = useQuery(tapQueries.list(location.id));
  const venue: VenueTime = { zone: location.time_zone, clock: location.clock };
  const [adding, setAdding] = useState(false);
  const [token, setToken] = useState<string | null>(null);
  const notify = useToast();
  const issue = useMutation({
    mutationFn: () =>
      apiFetch<{ ingest_token: { token: string } }>(`/api/v1/locations/${location.id}/ingest_token`, { method: "POST" }).then(
        (r) => r.ingest_token.token,
      ),
    onSuccess: setToken,
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
  });

  const actions = canEdit ? (
    <>
      <Link className="btn" href={`/locations/${location.id}/reorder`}>
        Reorder
      </Link>
      <button type="button" className="btn" onClick={() => issue.mutate()} disabled={issue.isPending}>
        Flow meter token
      </button>
      <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
        Add tap
      </button>
    </>
  ) : null;

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={3} height="8rem" label="Loading taps" />;
    if (query.data.taps.length === 0) {
      return (
        <EmptyState title="No taps yet">
          <p>
            Add a tap for each line, choose the beer it pours, and tap a keg: pours then show how much is left and when it will run out.
          </p>
        </EmptyState>
      );
    }
    return (
      <ul className={styles.list}>
        {query.data.taps.map((tap) => (
          <li key={tap.id}>
            <TapRow tap={tap} venue={venue} locationId={location.id} lowPercent={query.data.keg_low_percent} canEdit={canEdit} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Taps"
        subtitle={`${location.name} · kegs, pours and what goes on next · times in ${location.time_zone}`}
        actions={actions}
      />
      <section aria-label="Taps" aria-busy={!query.data}>
        {content()}
      </section>
      <Dialog open={adding} onClose={() => setAdding(false)} title="Add tap">
        {adding && (
          <AddTap locationId={location.id} taken={query.data?.taps.map((tap) => tap.number) ?? []} onDone={() => setAdding(false)} />
        )}
      </Dialog>
      <Dialog open={token !== null} onClose={() => setToken(null)} title="Flow meter token: copy it now">
        <p>
          Send it as <code>Authorization: Bearer …</code> with <code>POST /api/v1/locations/{location.id}/pours</code>. It is shown this
          once; a new one replaces it.
        </p>
        <input
          className={`input ${styles.token}`}
          readOnly
          value={token ?? ""}
          aria-label="Flow meter token"
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className={styles.dialogActions}>
          <button type="button" className="btn btn--primary" onClick={() => setToken(null)}>
            I have stored it
          </button>
        </div>
      </Dialog>
    </>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: tapQueries.all() });
}

function levelOf(tap: Tap, lowPercent: number) {
  if (!tap.keg) return tap.item_eighty_sixed ? { label: "Empty · 86'd", tone: "badge--bad" } : { label: "No keg", tone: "badge--warn" };
  if (tap.keg.percent_remaining <= lowPercent) return { label: "Low", tone: "badge--warn" };
  return { label: "Pouring", tone: "badge--ok" };
}

function TapRow({
  tap,
  venue,
  locationId,
  lowPercent,
  canEdit,
}: {
  tap: Tap;
  venue: VenueTime;
  locationId: number;
  lowPercent: number;
  canEdit: boolean;
}) {
  const headingId = useId();
  const now = useNow();
  const notify = useToast();
  const refresh = useRefresh();
  const [kegging, setKegging] = useState(false);
  const [kicking, setKicking] = useState(false);
  const kick = useMutation({
    mutationFn: () => apiFetch<{ tap: Tap }>(`/api/v1/taps/${tap.id}/kick`, { method: "POST" }).then((r) => r.tap),
    onSuccess: (after) =>
      notify(
        after.keg
          ? `Kicked: ${tap.item_name ?? "the beer"} is 86'd and ${after.item_name} is on tap ${tap.number}.`
          : `Kicked: ${tap.item_name ?? "the beer"} is 86'd. Tap ${tap.number} is empty.`,
      ),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });
  const { label, tone } = levelOf(tap, lowPercent);
  const keg = tap.keg;
  return (
    <article className={`card ${styles.tap}`} aria-labelledby={headingId}>
      <div className={styles.number} aria-hidden>
        {tap.number}
      </div>
      <div className={styles.body}>
        <div className={styles.head}>
          <h2 id={headingId} className={styles.name}>
            <span className="visually-hidden">Tap {tap.number}: </span>
            {tap.item_name ?? "No beer chosen"}
            {tap.name && <span className={styles.line}> · {tap.name}</span>}
          </h2>
          <span className={`badge ${tone}`}>{label}</span>
        </div>
        {keg ? (
          <>
            <div className={styles.level}>
              <meter
                className={styles.meter}
                min={0}
                max={100}
                low={lowPercent}
                high={50}
                optimum={100}
                value={keg.percent_remaining}
                aria-label={`Tap ${tap.number} keg level`}
              />
              <span className={styles.percent}>{Math.round(keg.percent_remaining)}%</span>
            </div>
            <p className={styles.meta}>
              {litres(keg.remaining_ml)} of {litres(keg.size_ml)} left ·{" "}
              {keg.forecast_empty_at ? `empty around ${formatDayTime(keg.forecast_empty_at, venue, now)}` : "no pours yet to forecast from"}
            </p>
          </>
        ) : (
          <p className={styles.empty}>
            {!tap.item_eighty_sixed
              ? "No keg on yet: tap a keg to start pouring."
              : tap.on_deck.length === 0
                ? "Empty: the keg was kicked and nothing is on deck. Tap a new keg to pour again."
                : "Empty: tap a new keg to pour again."}
          </p>
        )}
        <TapLine tap={tap} venue={venue} locationId={locationId} canEdit={canEdit} />
        <OnDeck tap={tap} locationId={locationId} />
        <div className={styles.actions}>
          <button type="button" className="btn btn--small btn--primary" onClick={() => setKegging(true)}>
            Tap a new keg
          </button>
          <button type="button" className="btn btn--small btn--danger" onClick={() => setKicking(true)} disabled={kick.isPending}>
            Kicked
          </button>
        </div>
      </div>
      <Dialog open={kegging} onClose={() => setKegging(false)} title={`Tap a new keg on tap ${tap.number}`}>
        {kegging && <NewKeg tap={tap} locationId={locationId} onDone={() => setKegging(false)} />}
      </Dialog>
      <ConfirmDialog
        open={kicking}
        title={`Tap ${tap.number} kicked?`}
        message={
          <p>
            {tap.item_name ?? "The beer"} is 86'd on every menu
            {tap.on_deck_names[0]
              ? ` and ${tap.on_deck_names[0]} goes on in its place.`
              : ". Nothing is on deck, so the tap is left empty."}
          </p>
        }
        confirmLabel="Kicked"
        onClose={() => setKicking(false)}
        onConfirm={() => {
          setKicking(false);
          kick.mutate();
        }}
      />
    </article>
  );
}

function OnDeck({ tap, locationId }: { tap: Tap; locationId: number }) {
  const sensors = useBoardSensors();
  const notify = useToast();
  const refresh = useRefresh();
  const { sections } = useLocationSections(locationId);
  const [order, setOrder] = useState<number[] | null>(null);
  const ids = order ?? tap.on_deck;
  const names = new Map(tap.on_deck.map((id, index) => [id, tap.on_deck_names[index]!]));
  const labelOf = (id: number | string) => names.get(Number(id)) ?? "item";
  const announcements = useListAnnouncements(ids, labelOf, `tap ${tap.number}'s on deck`);
  const save = useMutation({
    mutationFn: (onDeck: number[]) => apiFetch(`/api/v1/taps/${tap.id}`, { method: "PATCH", body: { tap: { on_deck: onDeck } } }),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: async () => {
      await refresh();
      setOrder(null);
    },
  });
  const candidates = sections.flatMap((section) =>
    section.items
      .filter((item) => item.id !== tap.item_id && !ids.includes(item.id))
      .map((item) => ({ id: item.id, name: item.name, place: section.place })),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    setOrder(next);
    save.mutate(next);
  }

  return (
    <div className={styles.onDeck}>
      <h3 className={styles.subhead}>On deck</h3>
      {ids.length === 0 ? (
        <p className={styles.meta}>{tap.keg ? "Nothing on deck: when this keg kicks the tap is left empty." : "Nothing on deck."}</p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className={styles.queue}>
              {ids.map((id, index) => (
                <QueueRow
                  key={id}
                  id={id}
                  name={labelOf(id)}
                  first={index === 0}
                  onRemove={() => {
                    const next = ids.filter((other) => other !== id);
                    setOrder(next);
                    save.mutate(next);
                  }}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <label className={styles.addLabel}>
        <span className="visually-hidden">Add to tap {tap.number}'s on deck</span>
        <select
          className={`select ${styles.add}`}
          value=""
          onChange={(event) => {
            const id = Number(event.target.value);
            if (!id) return;
            const next = [...ids, id];
            setOrder(next);
            save.mutate(next);
          }}
        >
          <option value="">Add a beer to on deck…</option>
          {candidates.map((item) => (
            <option key={item.id} value={item.id}>
              {item.name} ({item.place})
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function QueueRow({ id, name, first, onRemove }: { id: number; name: string; first: boolean; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={`${styles.queued} ${isDragging ? styles.dragging : ""}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <DragHandle label={`Move ${name}`} setRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
      <span className={styles.queuedName}>
        {name}
        {first && <span className={styles.nextUp}> · next</span>}
      </span>
      <button type="button" className="btn btn--small btn--ghost" onClick={onRemove} aria-label={`Take ${name} off deck`}>
        Remove
      </button>
    </li>
  );
}

function NewKeg({ tap, locationId, onDone }: { tap: Tap; locationId: number; onDone: () => void }) {
  const notify = useToast();
  const refresh = useRefresh();
  const [size, setSize] = useState<number>(KEG_SIZES[2].ml);
  const [itemId, setItemId] = useState<number | null>(tap.item_id ?? tap.on_deck[0] ?? null);
  const sizeId = useId();
  const submit = useMutation({
    mutationFn: () =>
      apiFetch(`/api/v1/taps/${tap.id}/kegs`, { method: "POST", body: { size_ml: size, ...(itemId !== null && { item_id: itemId }) } }),
    onSuccess: () => {
      notify(`New keg on tap ${tap.number}.`);
      onDone();
    },
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate();
      }}
    >
      <BeerSelect
        locationId={locationId}
        label="Beer"
        empty={itemId === null ? "Choose a beer…" : null}
        value={itemId}
        onChange={setItemId}
      />
      <label htmlFor={sizeId} className={styles.fieldLabel}>
        Keg size
      </label>
      <select id={sizeId} className="select" value={size} onChange={(event) => setSize(Number(event.target.value))}>
        {KEG_SIZES.map((option) => (
          <option key={option.ml} value={option.ml}>
            {option.label}
          </option>
        ))}
      </select>
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={submit.isPending || itemId === null}>
          Tap it
        </button>
      </div>
    </form>
  );
}

function AddTap({ locationId, taken, onDone }: { locationId: number; taken: number[]; onDone: () => void }) {
  const notify = useToast();
  const refresh = useRefresh();
  const [number, setNumber] = useState(String((taken.length ? Math.max(...taken) : 0) + 1));
  const [itemId, setItemId] = useState<number | null>(null);
  const numberId = useId();
  const submit = useMutation({
    mutationFn: () =>
      apiFetch(`/api/v1/locations/${locationId}/taps`, { method: "POST", body: { tap: { number: Number(number), item_id: itemId } } }),
    onSuccess: () => {
      notify(`Tap ${number} added.`);
      onDone();
    },
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate();
      }}
    >
      <label htmlFor={numberId} className={styles.fieldLabel}>
        Tap number
      </label>
      <input
        id={numberId}
        className="input"
        inputMode="numeric"
        value={number}
        onChange={(event) => setNumber(event.target.value)}
        required
      />
      <BeerSelect locationId={locationId} label="Pours" empty="Nothing yet" value={itemId} onChange={setItemId} />
      <div className={styles.dialogActions}>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={submit.isPending}>
          Add tap
        </button>
      </div>
    </form>
  );
}

/** A beer of the location's menus to choose, named with its place; `empty`: the choice of none, if offered. */
function BeerSelect({
  locationId,
  label,
  empty,
  value,
  onChange,
}: {
  locationId: number;
  label: string;
  empty: string | null;
  value: number | null;
  onChange: (itemId: number | null) => void;
}) {
  const id = useId();
  const { sections } = useLocationSections(locationId);
  const items = sections.flatMap((section) => section.items.map((item) => ({ id: item.id, name: item.name, place: section.place })));
  return (
    <>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <select id={id} className="select" value={value ?? ""} onChange={(event) => onChange(Number(event.target.value) || null)}>
        {empty !== null && <option value="">{empty}</option>}
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name} ({item.place})
          </option>
        ))}
      </select>
    </>
  );
}
