"use client";

import { useId } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { FormTimeInput, timeError } from "@/components/ui/time-input";
import type { Clock } from "@/lib/shared/time-format";
import type { HourMode, HoursFormValues } from "./hours-form";
import styles from "./hours.module.css";

const MODE_LABELS: Record<HourMode, string> = { open: "Open", closed: "Closed", always_open: "Open 24 hours" };

// The shared schema's fragments ("is required") follow the control's name, as Field does.
const sentence = (label: string, message: string | undefined) => (message && /^[a-z]/.test(message) ? `${label} ${message}` : message);

/** One weekday: its state, and when open its opening and closing time (a close before the open is overnight). */
export function HourRow({
  index,
  dayName,
  form,
  clock,
  edited,
}: {
  index: number;
  dayName: string;
  form: UseFormReturn<HoursFormValues, unknown, unknown>;
  clock: Clock;
  edited: boolean;
}) {
  const id = useId();
  const [mode, openAt, closeAt] = useWatch({
    control: form.control,
    name: [`rows.${index}.mode`, `rows.${index}.open_at`, `rows.${index}.close_at`],
  });
  const rowErrors = form.formState.errors.rows?.[index];
  const modeError = sentence("State", rowErrors?.mode?.message);
  // What was typed that is not a time is said in the venue's clock, not as the API's HH:MM.
  const openError = sentence("Opening time", timeError(openAt, rowErrors?.open_at?.message, clock));
  const closeError = sentence("Closing time", timeError(closeAt, rowErrors?.close_at?.message, clock));
  const overnight = mode === "open" && openAt && closeAt && closeAt < openAt;
  const note = !overnight ? null : closeAt === "00:00" ? "closes at midnight" : "closes next day";

  return (
    <li className={styles.row} data-edited={edited || undefined}>
      <div className={styles.dayCell}>
        <label htmlFor={`${id}-mode`} className={styles.dayName}>
          {dayName}
        </label>
        {edited && <span className={styles.edited}>edited</span>}
      </div>
      <select
        id={`${id}-mode`}
        className={`select ${styles.mode}`}
        aria-invalid={Boolean(modeError)}
        aria-describedby={modeError ? `${id}-mode-error` : undefined}
        {...form.register(`rows.${index}.mode`, { deps: [`rows.${index}.open_at`, `rows.${index}.close_at`] })}
      >
        {Object.entries(MODE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {mode === "open" ? (
        <div className={styles.times}>
          <div className={styles.time}>
            <label htmlFor={`${id}-open`} className={styles.timeLabel}>
              <span className="visually-hidden">{dayName} </span>Opens
            </label>
            <FormTimeInput
              id={`${id}-open`}
              className="input"
              clock={clock}
              aria-invalid={Boolean(openError)}
              aria-describedby={openError ? `${id}-open-error` : undefined}
              control={form.control}
              name={`rows.${index}.open_at`}
              rules={{ deps: [`rows.${index}.close_at`] }}
            />
          </div>
          <div className={styles.time}>
            <label htmlFor={`${id}-close`} className={styles.timeLabel}>
              <span className="visually-hidden">{dayName} </span>Closes
            </label>
            <FormTimeInput
              id={`${id}-close`}
              className="input"
              clock={clock}
              aria-invalid={Boolean(closeError)}
              aria-describedby={[closeError ? `${id}-close-error` : "", note ? `${id}-note` : ""].join(" ").trim() || undefined}
              control={form.control}
              name={`rows.${index}.close_at`}
              rules={{ deps: [`rows.${index}.open_at`] }}
            />
          </div>
          {note && (
            <span id={`${id}-note`} className={`badge ${styles.overnight}`}>
              {note}
            </span>
          )}
        </div>
      ) : (
        <p className={styles.summary}>{mode === "closed" ? "Closed all day" : "Open around the clock"}</p>
      )}
      {(modeError || openError || closeError) && (
        <div className={styles.errors}>
          {modeError && <p id={`${id}-mode-error`}>{modeError}</p>}
          {openError && <p id={`${id}-open-error`}>{openError}</p>}
          {closeError && <p id={`${id}-close-error`}>{closeError}</p>}
        </div>
      )}
    </li>
  );
}
