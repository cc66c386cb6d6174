"use client";

import { useId, type ReactNode } from "react";
import { type Control, type FieldValues, get, type Path, useController, useFormState } from "react-hook-form";
import { TimeInput, timeError } from "@/components/ui/time-input";
import { DAYS } from "@/lib/schedules/evaluate";
import { describeSchedule, isOvernight } from "@/lib/schedules/describe";
import { type Clock, formatCalendarDate, formatClock } from "@/lib/shared/time-format";
import formStyles from "./form-parts.module.css";
import styles from "./schedule-fields.module.css";

// When a menu or section is on (venue-operations §7), and a container's happy hours: the windows as the
// API takes them (days, start, end on the venue's clock), edited as day chips and two times, with the
// plain-words summary the rest of the dashboard shows. The form holds exactly the API's shape; the
// server checks it again with the same schema.

export type Day = (typeof DAYS)[number];
export type WindowValue = { days: Day[]; start: string; end: string };

const DAY_LABELS: Record<Day, [short: string, long: string]> = {
  mon: ["Mon", "Monday"],
  tue: ["Tue", "Tuesday"],
  wed: ["Wed", "Wednesday"],
  thu: ["Thu", "Thursday"],
  fri: ["Fri", "Friday"],
  sat: ["Sat", "Saturday"],
  sun: ["Sun", "Sunday"],
};
const PRESETS: { name: string; days: Day[] }[] = [
  { name: "Every day", days: [...DAYS] },
  { name: "Weekdays", days: ["mon", "tue", "wed", "thu", "fri"] },
  { name: "Weekends", days: ["sat", "sun"] },
];

/** A schema's fragment ("must name at least one day") read after the field's name, as Field does. */
const sentence = (label: string, message: string | undefined) => (message && /^[a-z]/.test(message) ? `${label} ${message}` : message);

/** What the times say in the venue's clock: "Runs past midnight, until 2:00 AM the next day." */
function overnightNote(window: WindowValue, clock: Clock): string | null {
  if (!/^\d\d:\d\d$/.test(window.start) || !/^\d\d:\d\d$/.test(window.end)) return null;
  if (window.start === "00:00" && window.end === "00:00") return "All day.";
  return isOvernight(window) ? `Runs past midnight, until ${formatClock(window.end, clock)} the next day.` : null;
}

/** One window: the days it starts on and its two times, with what is wrong with them said on the field. */
export function WindowFields({
  label,
  value,
  onChange,
  errors,
  clock,
  extra,
  onRemove,
}: {
  /** Names the group for screen readers and the buttons ("Time 1", "Happy hour 2"). */
  label: string;
  value: WindowValue;
  onChange: (next: WindowValue) => void;
  /** The form's errors under this window (react-hook-form's nested object), if any. */
  errors?: WindowErrors;
  clock: Clock;
  /** More fields on the window's line (a happy hour's price). */
  extra?: ReactNode;
  onRemove?: () => void;
}) {
  const id = useId();
  const note = overnightNote(value, clock);
  const daysError = sentence("Days", errors?.days?.message);
  const startError = sentence("Start", timeError(value.start, errors?.start?.message, clock));
  const endError = sentence("End", timeError(value.end, errors?.end?.message, clock));
  const toggle = (day: Day, on: boolean) =>
    onChange({ ...value, days: DAYS.filter((candidate) => (candidate === day ? on : value.days.includes(candidate))) });
  return (
    <fieldset aria-labelledby={`${id}-label`} className={styles.window}>
      <div className={styles.windowHead}>
        <span id={`${id}-label`} className={styles.windowLabel}>
          {label}
        </span>
        {onRemove && (
          <button type="button" className="btn btn--small btn--ghost" onClick={onRemove}>
            Remove<span className="visually-hidden"> {label}</span>
          </button>
        )}
      </div>
      <fieldset className={styles.days} aria-invalid={Boolean(daysError)} aria-describedby={daysError ? `${id}-days-error` : undefined}>
        <legend className="visually-hidden">{label}: days</legend>
        {DAYS.map((day) => (
          <label key={day} className={styles.day}>
            <input type="checkbox" checked={value.days.includes(day)} onChange={(event) => toggle(day, event.target.checked)} />
            <span aria-hidden="true">{DAY_LABELS[day][0]}</span>
            <span className="visually-hidden">{DAY_LABELS[day][1]}</span>
          </label>
        ))}
        <span className={styles.presets}>
          {PRESETS.map((preset) => (
            <button
              key={preset.name}
              type="button"
              className="btn btn--small btn--ghost"
              aria-pressed={preset.days.length === value.days.length && preset.days.every((day) => value.days.includes(day))}
              onClick={() => onChange({ ...value, days: preset.days })}
            >
              {preset.name}
              <span className="visually-hidden"> for {label}</span>
            </button>
          ))}
        </span>
      </fieldset>
      <div className={styles.times}>
        <div className={styles.time}>
          <label htmlFor={`${id}-start`} className={styles.timeLabel}>
            From<span className="visually-hidden"> ({label})</span>
          </label>
          <TimeInput
            id={`${id}-start`}
            className="input"
            clock={clock}
            value={value.start}
            onValueChange={(start) => onChange({ ...value, start })}
            aria-invalid={Boolean(startError)}
            aria-describedby={startError ? `${id}-start-error` : undefined}
          />
        </div>
        <div className={styles.time}>
          <label htmlFor={`${id}-end`} className={styles.timeLabel}>
            To<span className="visually-hidden"> ({label})</span>
          </label>
          <TimeInput
            id={`${id}-end`}
            className="input"
            clock={clock}
            value={value.end}
            onValueChange={(end) => onChange({ ...value, end })}
            aria-invalid={Boolean(endError)}
            aria-describedby={[endError ? `${id}-end-error` : "", note ? `${id}-note` : ""].join(" ").trim() || undefined}
          />
        </div>
        {extra}
      </div>
      {note && (
        <p id={`${id}-note`} className={styles.note}>
          {note}
        </p>
      )}
      {(daysError || startError || endError || errors?.message) && (
        <div className={styles.errors}>
          {daysError && <p id={`${id}-days-error`}>{daysError}</p>}
          {startError && <p id={`${id}-start-error`}>{startError}</p>}
          {endError && <p id={`${id}-end-error`}>{endError}</p>}
          {errors?.message && <p>{errors.message}</p>}
        </div>
      )}
    </fieldset>
  );
}

type Message = { message?: string };
type WindowErrors = { days?: Message; start?: Message; end?: Message; message?: string };
type ScheduleErrors = {
  windows?: Message & { root?: Message } & Record<number, WindowErrors | undefined>;
  from?: Message;
  until?: Message;
};

type ScheduleValue = { windows: WindowValue[]; from?: string | null; until?: string | null } | null;

/** The first window a schedule starts with: every day, times to fill in. */
const NEW_WINDOW: WindowValue = { days: [...DAYS], start: "", end: "" };

/**
 * A form's `schedule` field: "Always" (null) or windows, with the dates it keeps to, and its summary
 * in words ("Mon–Fri 4:00 PM–6:00 PM") as guests will see the effect.
 */
export function ScheduleField<T extends FieldValues>({
  control,
  name,
  clock,
  what,
}: {
  control: Control<T>;
  name: Path<T>;
  clock: Clock;
  /** "menu" or "section": said in the choices ("Always show this section"). */
  what: string;
}) {
  const id = useId();
  const { field } = useController({ control, name });
  const { errors } = useFormState({ control, name });
  const fieldErrors: ScheduleErrors | undefined = get(errors, name);
  const schedule = (field.value ?? null) as ScheduleValue;
  const set = (next: ScheduleValue) => field.onChange(next);
  const windows = schedule?.windows ?? [];
  const summary = describeSchedule(
    schedule && { ...schedule, windows: windows.filter((window) => window.days.length && window.start && window.end) },
    (time) => (/^\d\d:\d\d$/.test(time) ? formatClock(time, clock) : time),
    (date) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? formatCalendarDate(date) : date),
  );
  const listError = sentence("The schedule", fieldErrors?.windows?.message ?? fieldErrors?.windows?.root?.message);
  return (
    <fieldset className={styles.schedule}>
      <legend className={styles.legend}>When guests see it</legend>
      <div className={styles.modes}>
        <label className={formStyles.check}>
          <input type="radio" name={`${id}-mode`} checked={schedule === null} onChange={() => set(null)} />
          Always
        </label>
        <label className={formStyles.check}>
          <input
            type="radio"
            name={`${id}-mode`}
            checked={schedule !== null}
            onChange={() => set({ windows: [{ ...NEW_WINDOW }], from: null, until: null })}
          />
          Only at set times
        </label>
      </div>
      {schedule !== null && (
        <>
          {windows.map((window, index) => (
            <WindowFields
              // biome-ignore lint/suspicious/noArrayIndexKey: windows have no ids; a removed one shifts the rest, as the API's list does.
              key={index}
              label={`Time ${index + 1}`}
              value={window}
              clock={clock}
              errors={fieldErrors?.windows?.[index]}
              onChange={(next) => set({ ...schedule, windows: windows.map((other, at) => (at === index ? next : other)) })}
              onRemove={windows.length > 1 ? () => set({ ...schedule, windows: windows.filter((_, at) => at !== index) }) : undefined}
            />
          ))}
          {listError && <p className={styles.listError}>{listError}</p>}
          <button
            type="button"
            className="btn btn--small"
            disabled={windows.length >= 21}
            onClick={() => set({ ...schedule, windows: [...windows, { ...NEW_WINDOW }] })}
          >
            Add another time
          </button>
          <div className={styles.dates}>
            <DateField
              label="First day (optional)"
              value={schedule.from ?? null}
              error={sentence("First day", fieldErrors?.from?.message)}
              onChange={(from) => set({ ...schedule, from })}
            />
            <DateField
              label="Last day (optional)"
              value={schedule.until ?? null}
              error={sentence("Last day", fieldErrors?.until?.message)}
              onChange={(until) => set({ ...schedule, until })}
            />
          </div>
        </>
      )}
      <p className={styles.summary} aria-live="polite">
        {schedule === null ? `Guests always see this ${what}.` : `Guests see this ${what}: ${summary || "no time set yet"}.`}
      </p>
    </fieldset>
  );
}

function DateField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string | null;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <div className={styles.time}>
      <label htmlFor={id} className={styles.timeLabel}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="input"
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || null)}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className={styles.errors}>
          {error}
        </p>
      )}
    </div>
  );
}
