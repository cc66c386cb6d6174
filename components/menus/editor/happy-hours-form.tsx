"use client";

import { useId } from "react";
import { get, useController, useFormState } from "react-hook-form";
import { z } from "zod";
import type { Container } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { describeWindow } from "@/lib/schedules/describe";
import { timePricesInput } from "@/lib/schedules/schemas";
import { formatPrice } from "@/lib/shared/format-price";
import { type Clock, formatClock } from "@/lib/shared/time-format";
import { FormError } from "./form-parts";
import { type Day, WindowFields, type WindowValue } from "./schedule-fields";
import styles from "./containers.module.css";
import scheduleStyles from "./schedule-fields.module.css";

// A container's happy hours (venue-operations §7): windows with their own price, on the venue's clock.
// The form checks what the API checks with the same schema (two happy hours sharing a minute are
// refused, naming both) and sends the whole list; an empty list means the regular price at all times.

const happyHoursSchema = z.object({ time_prices: timePricesInput });
type HappyHour = WindowValue & { price: string };
type HappyHourErrors = { price?: { message?: string }; message?: string };

const WEEKDAYS: Day[] = ["mon", "tue", "wed", "thu", "fri"];
const NEW_HAPPY_HOUR: HappyHour = { days: WEEKDAYS, start: "", end: "", price: "" };

export function HappyHoursForm({
  container,
  name,
  currencySymbol,
  clock,
  onSave,
  onCancel,
}: {
  container: Container;
  /** The size's name, for labels ("Pint"). */
  name: string;
  currencySymbol: string;
  clock: Clock;
  onSave: (timePrices: HappyHour[] | null) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useZodForm(happyHoursSchema, {
    defaultValues: { time_prices: container.time_prices?.length ? container.time_prices : [{ ...NEW_HAPPY_HOUR }] },
  });
  const { isSubmitting } = form.formState;
  const { submit, failure } = useServerSubmit(
    form,
    (values) => onSave(values.time_prices.length ? (values.time_prices as HappyHour[]) : null),
    "container.",
  );
  return (
    <form onSubmit={submit} noValidate className={styles.form} aria-label={`Happy hours for ${name}`}>
      <p className={styles.happyIntro}>
        {name} costs {formatPrice(container.regular_price ?? container.price, container.currency)} at other times.
      </p>
      <HappyHourList control={form.control} currencySymbol={currencySymbol} clock={clock} />
      <FormError message={failure} />
      <div className={styles.formActions}>
        {container.time_prices?.length ? (
          <button type="button" className="btn btn--small btn--ghost" disabled={isSubmitting} onClick={() => void onSave(null)}>
            Remove happy hours
          </button>
        ) : null}
        <button type="button" className="btn btn--small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary btn--small" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save happy hours"}
        </button>
      </div>
    </form>
  );
}

function HappyHourList({
  control,
  currencySymbol,
  clock,
}: {
  control: ReturnType<typeof useZodForm<typeof happyHoursSchema>>["control"];
  currencySymbol: string;
  clock: Clock;
}) {
  const id = useId();
  const { field } = useController({ control, name: "time_prices" });
  const { errors } = useFormState({ control, name: "time_prices" });
  const list = (field.value ?? []) as HappyHour[];
  const set = (next: HappyHour[]) => field.onChange(next);
  return (
    <div>
      {list.map((happy, index) => {
        const rowErrors: (HappyHourErrors & Parameters<typeof WindowFields>[0]["errors"]) | undefined = get(errors, `time_prices.${index}`);
        const priceError =
          rowErrors?.price?.message && /^[a-z]/.test(rowErrors.price.message)
            ? `Price ${rowErrors.price.message}`
            : rowErrors?.price?.message;
        const label = `Happy hour ${index + 1}`;
        // The API names the other window by its place in the list; the form by the name it shows.
        const overlap = rowErrors?.message?.match(/ overlaps time_prices\[(\d+)\]/);
        const other = overlap ? list[Number(overlap[1])] : undefined;
        const shownErrors =
          other && rowErrors
            ? {
                ...rowErrors,
                message: `Shares time with Happy hour ${Number(overlap![1]) + 1} (${describeWindow(other, (time) => formatClock(time, clock))}): two prices cannot hold at once.`,
              }
            : rowErrors;
        return (
          <WindowFields
            // biome-ignore lint/suspicious/noArrayIndexKey: happy hours have no ids; the API's list is by place too.
            key={index}
            label={label}
            value={happy}
            clock={clock}
            errors={shownErrors}
            onChange={(window) => set(list.map((other, at) => (at === index ? { ...other, ...window } : other)))}
            onRemove={() => set(list.filter((_, at) => at !== index))}
            extra={
              <div className={scheduleStyles.time}>
                <label htmlFor={`${id}-${index}-price`} className={scheduleStyles.timeLabel}>
                  Price ({currencySymbol})<span className="visually-hidden"> in {label}</span>
                </label>
                <input
                  id={`${id}-${index}-price`}
                  className="input"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  value={happy.price}
                  onChange={(event) => set(list.map((other, at) => (at === index ? { ...other, price: event.target.value } : other)))}
                  aria-invalid={Boolean(priceError)}
                  aria-describedby={priceError ? `${id}-${index}-price-error` : undefined}
                />
                {priceError && (
                  <p id={`${id}-${index}-price-error`} className={scheduleStyles.errors}>
                    {priceError}
                  </p>
                )}
              </div>
            }
          />
        );
      })}
      {list.length === 0 && <p className={styles.empty}>No happy hours: the regular price at all times. Save to keep it so.</p>}
      <button type="button" className="btn btn--small" disabled={list.length >= 14} onClick={() => set([...list, { ...NEW_HAPPY_HOUR }])}>
        Add {list.length ? "another " : "a "}happy hour
      </button>
    </div>
  );
}
