"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { DateTime } from "luxon";
import { type InputHTMLAttributes, useEffect, useId, useRef, useState } from "react";
import { LeaveGuard } from "@/components/ui/leave-guard";
import { useToast } from "@/components/ui/toast";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { ApiProblem, apiFetch, problemMessage } from "@/lib/client/api";
import { hourQueries, type SpecialDay } from "@/lib/client/queries/hours";
import { type Clock, formatSpecialDay } from "@/lib/shared/time-format";
import { TimeInput, timeError } from "@/components/ui/time-input";
import styles from "./hours.module.css";

// Special hours (venue-operations §11): dates whose hours replace their weekday's — a holiday closed,
// a late night for an event. Edited as one list and saved at once (PUT), guarded against leaving unsaved.

type Row = { date: string; closed: boolean; open: string; close: string; note: string };

const toRow = (day: SpecialDay): Row => ({
  date: day.date,
  closed: day.closed,
  open: day.open ?? "",
  close: day.close ?? "",
  note: day.note ?? "",
});
const toBody = (rows: Row[]) => ({
  special_hours: rows.map((row) =>
    row.closed
      ? { date: row.date, closed: true, note: row.note || null }
      : { date: row.date, closed: false, open: row.open || null, close: row.close || null, note: row.note || null },
  ),
});

/** The special dates beside the week: read-only for staff, an editable list for those who may edit. */
export function SpecialHours({ locationId, zone, clock, canEdit }: { locationId: number; zone: string; clock: Clock; canEdit: boolean }) {
  const query = useQuery(hourQueries.special(locationId));
  if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton lines={2} height="3rem" label="Loading special hours" />;
  return canEdit ? (
    <SpecialHoursEditor locationId={locationId} zone={zone} clock={clock} saved={query.data} />
  ) : (
    <section className={`card ${styles.special}`} aria-labelledby="special-heading">
      <h2 id="special-heading" className={styles.heading}>
        Special dates
      </h2>
      {query.data.length === 0 ? (
        <p className={styles.summary}>No special dates: the weekly hours hold every day.</p>
      ) : (
        <ul className={styles.specialList}>
          {query.data.map((day) => (
            <li key={day.date}>{formatSpecialDay(day, clock)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function SpecialHoursEditor({ locationId, zone, clock, saved }: { locationId: number; zone: string; clock: Clock; saved: SpecialDay[] }) {
  const client = useQueryClient();
  const notify = useToast();
  const baseId = useId();
  const [rows, setRows] = useState<Row[]>(() => saved.map(toRow));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved.map(toRow));
  // Saved dates that change underneath replace the list only while it holds no edits.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    if (!dirtyNow.current) setRows(saved.map(toRow));
  }, [saved]);

  const change = (index: number, patch: Partial<Row>) => setRows((all) => all.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const tomorrow = () => {
    const taken = new Set(rows.map((row) => row.date));
    let day = DateTime.now().setZone(zone).plus({ days: 1 });
    while (taken.has(day.toISODate()!)) day = day.plus({ days: 1 });
    return day.toISODate()!;
  };

  async function save() {
    setFailure(null);
    const body = toBody(rows);
    // The API's schema, loaded at the first save (zod stays out of the page's first load).
    const { putSpecialHoursBody } = await import("@/lib/hours/schemas");
    const checked = putSpecialHoursBody.safeParse(body);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), issue.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const answer = await apiFetch<{ special_hours: SpecialDay[] }>(`/api/v1/locations/${locationId}/special_hours`, {
        method: "PUT",
        body,
      });
      client.setQueryData(hourQueries.special(locationId).queryKey, answer.special_hours);
      setRows(answer.special_hours.map(toRow));
      notify(`Special hours saved (${answer.special_hours.length} ${answer.special_hours.length === 1 ? "date" : "dates"}).`);
    } catch (error) {
      // Nothing typed is lost: the rows stay, with the server's complaints beside them.
      const placed = Object.fromEntries((error instanceof ApiProblem ? error.errors : []).map((e) => [e.path, e.message]));
      setErrors(placed);
      setFailure(Object.keys(placed).length > 0 ? null : problemMessage(error));
    } finally {
      setSaving(false);
    }
  }

  const errorOf = (index: number, name: string) => errors[`special_hours.${index}.${name}`];
  /** One labelled input of a row, bound to its field, marked when the list's check refused it. */
  const field = (index: number, name: "date" | "note", label: string, extra: InputHTMLAttributes<HTMLInputElement>) => (
    <label className={styles.time}>
      <span className={styles.timeLabel}>{label}</span>
      <input
        {...extra}
        className="input"
        value={rows[index]![name]}
        aria-invalid={Boolean(errorOf(index, name))}
        onChange={(event) => change(index, { [name]: event.target.value })}
      />
    </label>
  );
  /** A row's opening or closing time, in the venue's clock. */
  const time = (index: number, name: "open" | "close", label: string) => (
    <div className={styles.time}>
      <label className={styles.timeLabel} htmlFor={`${baseId}-${index}-${name}`}>
        {label}
      </label>
      <TimeInput
        id={`${baseId}-${index}-${name}`}
        className="input"
        clock={clock}
        value={rows[index]![name]}
        aria-invalid={Boolean(errorOf(index, name))}
        onValueChange={(value) => change(index, { [name]: value })}
      />
    </div>
  );

  return (
    <section className={`card ${styles.special} ${styles.editor}`} aria-labelledby="special-heading">
      <div className={styles.editorHead}>
        <h2 id="special-heading" className={styles.heading}>
          Special dates
        </h2>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => setRows((all) => [...all, { date: tomorrow(), closed: true, open: "", close: "", note: "" }])}
        >
          Add a date
        </button>
      </div>
      <LeaveGuard when={dirty} what="your changes to the special dates" />
      <p className={styles.help}>
        A date here replaces its weekday&apos;s hours: for &quot;open now&quot;, an 86 until the next opening, and boards.
      </p>
      {rows.length === 0 ? (
        <p className={styles.summary}>No special dates: the weekly hours hold every day.</p>
      ) : (
        <ol className={styles.rows}>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row's date is what is edited; its place is its identity
            <li key={index} className={styles.specialRow}>
              {field(index, "date", "Date", { type: "date" })}
              <label className={styles.time}>
                <input type="checkbox" checked={row.closed} onChange={(event) => change(index, { closed: event.target.checked })} />
                <span>Closed all day</span>
              </label>
              {!row.closed && (
                <>
                  {time(index, "open", "Opens")}
                  {time(index, "close", "Closes")}
                </>
              )}
              {field(index, "note", "Note", { placeholder: "Thanksgiving", maxLength: 140 })}
              <button
                type="button"
                className="btn btn--small"
                onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                aria-label={`Remove ${row.date}`}
              >
                Remove
              </button>
              {["date", "open", "close"].some((field) => errorOf(index, field)) && (
                <div className={styles.errors}>
                  {(["date", "open", "close"] as const).map((field) =>
                    errorOf(index, field) ? (
                      <p key={field}>
                        {field === "date" ? "Date" : field === "open" ? "Opens" : "Closes"}{" "}
                        {field === "date" ? errorOf(index, field) : timeError(rows[index]![field], errorOf(index, field), clock)}
                      </p>
                    ) : null,
                  )}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      <div className={styles.footer}>
        <p className={styles.dirty} role="status">
          {dirty ? "Unsaved changes to the special dates" : "Special dates saved"}
        </p>
        <div className={styles.footerActions}>
          <button type="button" className="btn" disabled={!dirty || saving} onClick={() => setRows(saved.map(toRow))}>
            Discard edits
          </button>
          <button type="button" className="btn btn--primary" disabled={!dirty || saving} onClick={() => void save()}>
            {saving ? "Saving…" : "Save special dates"}
          </button>
        </div>
      </div>
    </section>
  );
}
