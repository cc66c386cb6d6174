import type { FieldPath, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ApiProblem } from "@/lib/client/api";
import type { Hour } from "@/lib/client/queries/hours";
import { wallClockOf } from "@/lib/hours/open-now";
import type { updateHoursBody } from "@/lib/hours/schemas";
import { WEEKDAYS } from "@/lib/shared/weekdays";
import type { HOUR_MODES, hoursForm } from "./hours-form-schema";

// The weekly editor edits a friendlier shape than the API's (one state per day instead of two
// flags); times are checked with the API's own `wallClock` (hours-form-schema.ts), and the server checks
// the batch with `updateHoursBody`.

export type HourMode = (typeof HOUR_MODES)[number];

/** The week's schema, loaded when the editor mounts (zod stays out of the page's first load). */
export const loadHoursForm = () => import("./hours-form-schema").then((module) => module.hoursForm);

export type HoursFormValues = z.input<typeof hoursForm>;
type Row = HoursFormValues["rows"][number];

export function toFormValues(hours: Hour[]): HoursFormValues {
  const rows = [...hours]
    .sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day))
    .map(
      (hour): Row => ({
        id: hour.id,
        day: hour.day,
        mode: hour.always_open ? "always_open" : hour.closed ? "closed" : "open",
        open_at: wallClockOf(hour.open_at) ?? "",
        close_at: wallClockOf(hour.close_at) ?? "",
      }),
    );
  return { rows };
}

const sameRow = (a: Row, b: Row | undefined) =>
  b !== undefined && a.mode === b.mode && (a.mode !== "open" || (a.open_at === b.open_at && a.close_at === b.close_at));

/**
 * The one PATCH body for the days that differ from the saved week, and which form row each batch
 * entry came from (the server's error paths count batch entries). A closed or 24-hour day clears its
 * times, as the demo data stores closed days.
 */
export function toBatch(values: HoursFormValues, saved: HoursFormValues) {
  const rowIndexes: number[] = [];
  const hours = values.rows.flatMap((row, index) => {
    if (sameRow(row, saved.rows[index])) return [];
    rowIndexes.push(index);
    const open = row.mode === "open";
    return [
      {
        id: row.id,
        closed: row.mode === "closed",
        always_open: row.mode === "always_open",
        open_at: open ? row.open_at : null,
        close_at: open ? row.close_at : null,
      },
    ];
  });
  const body: HoursBatch | null = hours.length > 0 ? { hours } : null;
  return { body, rowIndexes };
}

export type HoursBatch = z.input<typeof updateHoursBody>;

/**
 * Puts a refusal's field errors on the rows they belong to ("hours.2.close_at" → that day's closing
 * time). Returns a message for the banner when an error names no field (a 404, a network failure).
 */
export function placeServerErrors(form: UseFormReturn<HoursFormValues, unknown, unknown>, error: unknown, rowIndexes: number[]) {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : "Something went wrong. Try again.";
  if (error.status === 404)
    return "Some of these days no longer exist (the hours were changed elsewhere). Reload the page to get the current week; your edits are still here.";
  const unplaced: string[] = [];
  for (const fieldError of error.errors) {
    const match = /^hours\.(\d+)\.(\w+)$/.exec(fieldError.path);
    const row = match ? rowIndexes[Number(match[1])] : undefined;
    if (row === undefined || !match) {
      unplaced.push(fieldError.message);
      continue;
    }
    const field = match[2] === "open_at" || match[2] === "close_at" ? match[2] : "mode";
    form.setError(`rows.${row}.${field}` as FieldPath<HoursFormValues>, { type: "server", message: fieldError.message });
  }
  if (unplaced.length > 0 || error.errors.length === 0) return [error.message, ...unplaced].join(" ");
  return null;
}
