"use client";

import { DateTime } from "luxon";
import { useId, useState } from "react";
import { TimeInput, timeError } from "@/components/ui/time-input";
import type { VenueTime } from "@/lib/shared/time-format";
import styles from "./display-link-dialog.module.css";

// "What guests see at…" (venue-operations §7): a day of the coming week and a time on the venue's
// clock, turned into the instant the board is drawn for (its `?at=`). The board says it is not live.

/** The instant a day and a time of day read on the venue's wall clock; null until both are set. */
function instantOf(day: string, time: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !/^\d\d:\d\d$/.test(time)) return null;
  const at = DateTime.fromISO(`${day}T${time}`, { zone });
  return at.isValid ? at.toISO({ suppressMilliseconds: true }) : null;
}

export function GuestsAtPicker({ venue, onChange }: { venue: VenueTime | null; onChange: (at: string | null) => void }) {
  const id = useId();
  const zone = venue?.zone ?? "local";
  const clock = venue?.clock ?? "24h";
  const today = DateTime.now().setZone(zone).startOf("day");
  const days = Array.from({ length: 7 }, (_, index) => today.plus({ days: index }));
  const [live, setLive] = useState(true);
  const [day, setDay] = useState(today.toISODate() ?? "");
  const [time, setTime] = useState("");
  const pick = (next: { live?: boolean; day?: string; time?: string }) => {
    const state = { live, day, time, ...next };
    setLive(state.live);
    setDay(state.day);
    setTime(state.time);
    onChange(state.live ? null : instantOf(state.day, state.time, zone));
  };
  const error = !live && time && !/^\d\d:\d\d$/.test(time) ? timeError(time, "is not a time", clock) : undefined;
  return (
    <fieldset className={`${styles.fieldset} ${styles.wide}`}>
      <legend className={styles.legend}>What guests see</legend>
      <label className={styles.option}>
        <input type="radio" name={`${id}-when`} checked={live} onChange={() => pick({ live: true })} />
        <span className={styles.optionName}>Now, live</span>
      </label>
      <label className={styles.option}>
        <input type="radio" name={`${id}-when`} checked={!live} onChange={() => pick({ live: false })} />
        <span className={styles.optionName}>At another time</span>
      </label>
      {!live && (
        <div className={styles.at}>
          <label className={styles.atField}>
            <span className={styles.atLabel}>Day</span>
            <select className="select" value={day} onChange={(event) => pick({ day: event.target.value })}>
              {days.map((date, index) => (
                <option key={date.toISODate()} value={date.toISODate() ?? ""}>
                  {index === 0 ? "Today, " : index === 1 ? "Tomorrow, " : ""}
                  {date.toFormat("ccc d LLL")}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.atField}>
            <label htmlFor={`${id}-time`} className={styles.atLabel}>
              Time
            </label>
            <TimeInput
              id={`${id}-time`}
              className="input"
              clock={clock}
              value={time}
              onValueChange={(next) => pick({ time: next })}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${id}-time-error` : undefined}
            />
            {error && (
              <p id={`${id}-time-error`} className={styles.atError}>
                {error}
              </p>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}
