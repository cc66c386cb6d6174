import type { Hour } from "@/lib/client/queries/hours";
import { type Clock, formatClockRange } from "@/lib/shared/time-format";
import { toFormValues } from "./hours-form";
import styles from "./hours-week.module.css";

const DAY_NAMES: Record<string, string> = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};

/** The weekly hours to read (for staff, who may not change them): each day's times, or closed. */
export function HoursWeek({ hours, clock }: { hours: Hour[]; clock: Clock }) {
  const { rows } = toFormValues(hours);
  return (
    <section className={`card ${styles.week}`} aria-labelledby="week-heading">
      <h2 id="week-heading" className={styles.heading}>
        Weekly hours
      </h2>
      <p className={styles.help}>A manager or owner changes the hours. A closing time earlier than the opening time is after midnight.</p>
      <dl className={styles.days}>
        {rows.map((row) => (
          <div key={row.day} className={styles.day}>
            <dt>{DAY_NAMES[row.day] ?? row.day}</dt>
            <dd>
              {row.mode === "closed"
                ? "Closed"
                : row.mode === "always_open"
                  ? "Open 24 hours"
                  : `${formatClockRange(row.open_at, row.close_at, clock)}${row.close_at < row.open_at ? " (next day)" : ""}`}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
