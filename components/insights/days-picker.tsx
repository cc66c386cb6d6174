"use client";

import { useId } from "react";
import { NUM_DAYS } from "@/lib/insights/num-days";
import styles from "./days-picker.module.css";

export type NumDays = (typeof NUM_DAYS)[number];

const daysLabel = (days: NumDays) => (days === 1 ? "Today" : `${days} days`);

/**
 * The period as a segmented control. Native radio buttons give the radio-group behaviour for free:
 * Tab enters the group at the checked option and the arrow keys move (and select) within it.
 */
export function DaysPicker({ value, onChange }: { value: NumDays; onChange: (days: NumDays) => void }) {
  const name = useId();
  const labelId = `${name}-label`;
  return (
    <div role="radiogroup" aria-labelledby={labelId} className={styles.picker}>
      <span id={labelId} className={styles.pickerLabel}>
        Period
      </span>
      <div className={styles.segments}>
        {NUM_DAYS.map((days) => (
          <label key={days} className={styles.segment}>
            <input
              type="radio"
              name={name}
              value={days}
              checked={days === value}
              onChange={() => onChange(days)}
              className={styles.segmentInput}
              aria-label={days === 1 ? "Today" : `Last ${days} days`}
            />
            <span aria-hidden>{daysLabel(days)}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
