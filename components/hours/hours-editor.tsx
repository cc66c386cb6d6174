"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LeaveGuard } from "@/components/ui/leave-guard";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import { hourQueries, type Hour } from "@/lib/client/queries/hours";
import { useZodForm } from "@/lib/client/use-zod-form";
import { HourRow } from "./hour-row";
import type { Clock } from "@/lib/shared/time-format";
import { loadHoursForm, placeServerErrors, toBatch, toFormValues, type HoursBatch } from "./hours-form";
import styles from "./hours.module.css";

const DAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** The week as one form: edit any rows, then one PATCH saves every changed day in one transaction. */
export function HoursEditor({ locationId, hours, clock }: { locationId: number; hours: Hour[]; clock: Clock }) {
  const client = useQueryClient();
  const notify = useToast();
  const form = useZodForm(loadHoursForm, { defaultValues: toFormValues(hours) });
  const { isDirty, isSubmitting, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const list = hourQueries.list(locationId);
  const save = useMutation({
    mutationFn: (body: HoursBatch) =>
      apiFetch<{ hours: Hour[] }>(`/api/v1/locations/${locationId}/hours`, { method: "PATCH", body }).then((r) => r.hours),
    onSuccess: (saved) => client.setQueryData(list.queryKey, saved),
  });

  // Saved hours that change underneath (another tab, a refetch) replace the form only while it holds no edits.
  useEffect(() => {
    if (!form.formState.isDirty) form.reset(toFormValues(hours));
  }, [hours, form]);

  const changedDays = (dirtyFields.rows ?? []).filter((row) => row && Object.values(row).some(Boolean)).length;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const { body, rowIndexes } = toBatch(values, toFormValues(hours));
    if (!body) {
      // Only hidden fields changed (times of a day now closed): nothing to send.
      form.reset(toFormValues(hours));
      return;
    }
    try {
      const saved = await save.mutateAsync(body);
      form.reset(toFormValues(saved));
      notify(`Hours saved (${rowIndexes.length} ${rowIndexes.length === 1 ? "day" : "days"} changed).`);
    } catch (error) {
      // Nothing is reset: the edits stay in the form, with the server's complaints on their rows.
      setFailure(placeServerErrors(form, error, rowIndexes));
    }
  });

  /** Monday's hours on Tuesday to Friday, said in a toast that can undo it (four days at once is a lot). */
  function copyMondayToWeekdays() {
    const monday = form.getValues("rows.0");
    const weekdays = [1, 2, 3, 4] as const;
    const before = weekdays.map((index) => ({ ...form.getValues(`rows.${index}`) }));
    const put = (index: number, row: typeof monday) => {
      for (const field of ["mode", "open_at", "close_at"] as const)
        form.setValue(`rows.${index}.${field}`, row[field], { shouldDirty: true });
    };
    for (const index of weekdays) put(index, monday);
    void form.trigger();
    const what = monday.mode === "closed" ? "closed" : monday.mode === "open" ? `${monday.open_at}–${monday.close_at}` : "open all day";
    notify(`Tuesday to Friday now say ${what}, as Monday does (not saved yet).`, {
      action: {
        label: "Undo",
        run: () => {
          for (const [i, row] of before.entries()) put(weekdays[i]!, row);
          void form.trigger();
        },
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className={`card ${styles.editor}`} aria-labelledby="week-heading">
      <div className={styles.editorHead}>
        <h2 id="week-heading" className={styles.heading}>
          Weekly hours
        </h2>
        <button type="button" className="btn btn--small" onClick={copyMondayToWeekdays}>
          Copy Monday to Tue–Fri
        </button>
      </div>
      <LeaveGuard when={isDirty} what="your changes to the hours" />
      <p className={styles.help}>A closing time earlier than the opening time means the venue closes after midnight.</p>
      <ol className={styles.rows}>
        {DAY_NAMES.map((dayName, index) => (
          <HourRow
            key={dayName}
            index={index}
            dayName={dayName}
            form={form}
            clock={clock}
            edited={Boolean(dirtyFields.rows?.[index] && Object.values(dirtyFields.rows[index]!).some(Boolean))}
          />
        ))}
      </ol>
      {failure && (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      )}
      <div className={styles.footer}>
        <p className={styles.dirty} role="status">
          {isDirty ? `Unsaved changes on ${changedDays} ${changedDays === 1 ? "day" : "days"}` : "No unsaved changes"}
        </p>
        <div className={styles.footerActions}>
          <button
            type="button"
            className="btn"
            disabled={!isDirty || isSubmitting}
            onClick={() => {
              setFailure(null);
              form.reset(toFormValues(hours));
            }}
          >
            Reset
          </button>
          <button type="submit" className="btn btn--primary" disabled={!isDirty || isSubmitting}>
            {isSubmitting ? "Saving…" : "Save hours"}
          </button>
        </div>
      </div>
    </form>
  );
}
