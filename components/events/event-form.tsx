"use client";

import { useId } from "react";
import { useWatch } from "react-hook-form";
import { DateTime } from "luxon";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import type { VenueEvent } from "@/lib/client/queries/events";
import { eventInput } from "@/lib/events/schemas";
import { endDateFor, formMessage, nextDay, toFormValues, type VenuePlace } from "./event-form-values";
import { useSaveEvent } from "./use-event-mutations";
import { type VenueTime, zoneAbbreviation } from "@/lib/shared/time-format";
import { FormTimeInput, timeError } from "@/components/ui/time-input";
import styles from "./events.module.css";

// The four date/time inputs are judged together (pairs, end not before start): a change to one
// re-checks the others, so a fixed error clears wherever it was shown.
const PAIR_FIELDS = ["start_time_date", "start_time_time", "end_time_date", "end_time_time"] as const;
const blankToUndefined = (value: string) => (value === "" ? undefined : value);
const blankToNull = (value: string) => (value === "" ? null : value);

/**
 * Create or edit one event with the schema the API validates with (`eventInput`). Edits send every
 * field of the form, which is also a valid `eventPatch`: cleared end fields (null) remove the end.
 */
export function EventForm({
  locationId,
  venueTime,
  venue,
  event,
  onSaved,
  onCancel,
}: {
  locationId: number;
  /** The venue's zone and clock: the form's times are on its wall clock. */
  venueTime: VenueTime;
  /** A new event starts at the venue's address. */
  venue?: VenuePlace;
  event: VenueEvent | null;
  onSaved: (event: VenueEvent) => void;
  onCancel: () => void;
}) {
  const { zone, clock } = venueTime;
  const form = useZodForm(eventInput, { defaultValues: toFormValues(event, zone, venue) });
  const save = useSaveEvent(locationId);
  const zoneNoteId = useId();
  const { errors, isSubmitting } = form.formState;
  const startDate = useWatch({ control: form.control, name: "start_time_date" });
  const startTime = useWatch({ control: form.control, name: "start_time_time" });

  // The zone's name at the chosen date (EDT in July, EST in December); today's until one is picked.
  const chosen = startDate ? DateTime.fromISO(`${startDate}T${startTime || "12:00"}`, { zone }) : null;
  const zoneNote = `Times are in ${zoneAbbreviation(zone, chosen?.isValid ? chosen : new Date())} (${zone})`;

  // A 422 lands on its fields ("event.start_time_time" → start time); anything else above the buttons.
  const { submit, failure } = useServerSubmit(form, async (values) => onSaved(await save.mutateAsync({ id: event?.id, values })), "event.");

  const pair = (name: "start_time_date" | "end_time_date", required: boolean) =>
    form.register(name, { setValueAs: required ? blankToUndefined : blankToNull, deps: PAIR_FIELDS.filter((other) => other !== name) });
  // A time typed on either side may move the end to the next day (or fill in its date).
  const timeRules = (name: "start_time_time" | "end_time_time") => ({
    deps: PAIR_FIELDS.filter((other) => other !== name),
    onChange: () => {
      const endDate = endDateFor(form.getValues());
      if (endDate) form.setValue("end_time_date", endDate, { shouldValidate: form.formState.isSubmitted });
    },
  });
  const endTime = useWatch({ control: form.control, name: "end_time_time" });
  const endDate = useWatch({ control: form.control, name: "end_time_date" });
  const endsNextDay = !!startDate && !!endDate && endDate === nextDay(startDate);

  const text = (name: "link" | "location_name" | "street" | "city" | "state" | "zip" | "country", label: string, type = "text") => (
    <Field label={label} error={formMessage(errors[name])}>
      {(props) => <input {...props} {...form.register(name)} type={type} className="input" />}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <Field label="Name" error={formMessage(errors.name)}>
        {(props) => <input {...props} {...form.register("name")} className="input" autoComplete="off" />}
      </Field>
      <Field label="Description" error={formMessage(errors.description)}>
        {(props) => <textarea {...props} {...form.register("description")} className="textarea" rows={3} />}
      </Field>

      <fieldset className={styles.fieldset} aria-describedby={zoneNoteId}>
        <legend className={styles.legend}>When</legend>
        <p className={styles.zoneNote} id={zoneNoteId}>
          {zoneNote}
        </p>
        <div className={styles.pairGrid}>
          <Field label="Start date" error={formMessage(errors.start_time_date)}>
            {(props) => <input {...props} {...pair("start_time_date", true)} type="date" className="input" />}
          </Field>
          <Field label="Start time" error={timeError(startTime, formMessage(errors.start_time_time), clock)}>
            {(props) => (
              <FormTimeInput
                {...props}
                control={form.control}
                name="start_time_time"
                rules={timeRules("start_time_time")}
                empty={undefined}
                clock={clock}
                className="input"
              />
            )}
          </Field>
          <Field
            label="End date"
            error={formMessage(errors.end_time_date)}
            hint={endsNextDay ? "Optional · the next day (+1 day)" : "Optional"}
          >
            {(props) => <input {...props} {...pair("end_time_date", false)} type="date" className="input" />}
          </Field>
          <Field label="End time" error={timeError(endTime, formMessage(errors.end_time_time), clock)} hint="Optional">
            {(props) => (
              <FormTimeInput
                {...props}
                control={form.control}
                name="end_time_time"
                rules={timeRules("end_time_time")}
                empty={null}
                clock={clock}
                className="input"
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Where and link (optional)</legend>
        <div className={styles.pairGrid}>
          {text("location_name", "Place")}
          {text("street", "Street")}
          {text("city", "City")}
          {text("state", "State or region")}
          {text("zip", "Postcode")}
          {text("country", "Country")}
        </div>
        {text("link", "Event page link", "url")}
      </fieldset>

      <FormFooter
        failure={failure}
        busy={isSubmitting}
        busyLabel="Saving…"
        submitLabel={event ? "Save changes" : "Add event"}
        onCancel={onCancel}
      />
    </form>
  );
}
