"use client";

import { type ReactNode, useEffect } from "react";
import { useController, useWatch } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { LiveFieldset } from "@/components/ui/live-fieldset";
import type { LocationSummary } from "@/lib/client/queries/locations";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { LABELLING, LABELLING_WORDS } from "@/lib/shared/labels";
import { CountrySelect, CurrencySelect } from "./code-selects";
import { TimeZoneField } from "./time-zone-field";
import { useSaveLocation } from "./use-location-mutations";
import { browserTimeZone, currencyForZone, isKnownZone } from "./zones";
import styles from "./locations.module.css";

const ADDRESS_FIELDS = [
  ["address1", "Address", "address-line1"],
  ["address2", "Address line 2", "address-line2"],
  ["city", "City", "address-level2"],
  ["region", "State or region", "address-level1"],
  ["postcode", "Postcode", "postal-code"],
] as const;

const CONTACT_FIELDS = [
  ["phone", "Phone", "tel", "tel"],
  ["website", "Website", "url", "url"],
  ["contact_email", "Contact email", "email", "email"],
] as const;

const text = (value: string | null | undefined) => value ?? "";

// The API's schema, loaded apart from the page (the welcome page draws this form first: decision 068).
const loadLocationInput = () => import("@/lib/locations/schemas").then((module) => module.locationInput);

/**
 * A location's form, checked with the API's own schema (`locationInput`). New: the name, the zone
 * (the browser's own to start with) and the currency (the zone's country's, until one is picked) —
 * all a location needs to start. `full` adds the address and the contact fields (the edit form):
 * every field is sent, so a cleared one is cleared.
 */
export function LocationForm({
  location,
  full = false,
  submitLabel,
  busyLabel = "Saving…",
  secondary,
  autoFocus = false,
  onSaved,
}: {
  location: LocationSummary | null;
  full?: boolean;
  submitLabel: string;
  busyLabel?: string;
  /** A button before the submit one: Cancel in a dialog, "Skip for now" in the first run. */
  secondary?: ReactNode;
  autoFocus?: boolean;
  onSaved: (location: LocationSummary) => void;
}) {
  const save = useSaveLocation();
  const form = useZodForm(loadLocationInput, {
    // Checked on submit, then as they change: the name has focus first, and a "can't be blank" shown as
    // it loses focus would push "Skip for now" or "Cancel" down under the pointer on its way there.
    mode: "onSubmit",
    defaultValues: {
      name: text(location?.name),
      time_zone: location?.time_zone ?? "",
      currency: location?.currency ?? "USD",
      ...(full
        ? {
            address1: text(location?.address1),
            address2: text(location?.address2),
            city: text(location?.city),
            region: text(location?.region),
            postcode: text(location?.postcode),
            country: text(location?.country),
            phone: text(location?.phone),
            website: text(location?.website),
            contact_email: text(location?.contact_email),
            embed_origins: location?.embed_origins ?? [],
            labelling: location?.labelling ?? "none",
            languages: location?.languages ?? ["en"],
          }
        : {}),
    },
  });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const zone = useController({ control: form.control, name: "time_zone" });
  const currency = useController({ control: form.control, name: "currency" });
  const country = useController({ control: form.control, name: "country" });
  const origins = useController({ control: form.control, name: "embed_origins" });
  const languages = useController({ control: form.control, name: "languages" });
  const chosenZone = useWatch({ control: form.control, name: "time_zone" });

  // The fields are enabled once the form can keep what is typed (LiveFieldset); the first one has focus then.
  const live = useInBrowser();
  useEffect(() => {
    if (live && autoFocus) form.setFocus("name");
  }, [live, autoFocus, form]);

  // A new location starts in the browser's zone (known only in the browser, hence after hydration).
  useEffect(() => {
    if (location || form.getValues("time_zone")) return;
    const own = browserTimeZone();
    form.setValue("time_zone", isKnownZone(own) ? own : "UTC");
  }, [location, form]);

  // …and prices in that zone's country's currency, until the person picks one themselves.
  useEffect(() => {
    if (location || dirtyFields.currency || !chosenZone || !isKnownZone(chosenZone)) return;
    form.setValue("currency", currencyForZone(chosenZone));
  }, [location, chosenZone, dirtyFields.currency, form]);

  // A 422 lands on its field ("location.time_zone" → the zone); anything else above the buttons.
  const { submit, failure } = useServerSubmit(
    form,
    async (values) => onSaved(await save.mutateAsync({ id: location?.id, values })),
    "location.",
  );

  const busy = isSubmitting;
  return (
    <form onSubmit={submit} noValidate aria-busy={busy} className={styles.form}>
      <LiveFieldset>
        <Field label="Location name" error={errors.name?.message} hint={full ? undefined : "As guests know it: “Harbor Taproom”."}>
          {(props) => <input {...props} {...form.register("name")} autoComplete="off" className="input" />}
        </Field>
        <div className={styles.pair}>
          <TimeZoneField
            value={zone.field.value ?? ""}
            onChange={zone.field.onChange}
            onBlur={zone.field.onBlur}
            inputRef={zone.field.ref}
            error={errors.time_zone?.message}
            hint="Hours, events and schedules run on this clock. Type a city to search."
          />
          <Field label="Currency" error={errors.currency?.message}>
            {(props) => (
              <CurrencySelect
                {...props}
                ref={currency.field.ref}
                name={currency.field.name}
                value={currency.field.value ?? ""}
                onChange={(event) => currency.field.onChange(event.target.value)}
                onBlur={currency.field.onBlur}
              />
            )}
          </Field>
        </div>
        {full && (
          <>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Address</legend>
              {ADDRESS_FIELDS.map(([name, label, autoComplete]) => (
                <Field key={name} label={label} error={errors[name]?.message}>
                  {(props) => <input {...props} {...form.register(name)} autoComplete={autoComplete} className="input" />}
                </Field>
              ))}
              <Field label="Country" error={errors.country?.message}>
                {(props) => (
                  <CountrySelect
                    {...props}
                    ref={country.field.ref}
                    name={country.field.name}
                    value={country.field.value ?? ""}
                    onChange={(event) => country.field.onChange(event.target.value)}
                    onBlur={country.field.onBlur}
                    autoComplete="country"
                  />
                )}
              </Field>
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Contact</legend>
              {CONTACT_FIELDS.map(([name, label, type, autoComplete]) => (
                <Field key={name} label={label} error={errors[name]?.message}>
                  {(props) => <input {...props} {...form.register(name)} type={type} autoComplete={autoComplete} className="input" />}
                </Field>
              ))}
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Food labelling</legend>
              <Field
                label="Labelling rule"
                error={errors.labelling?.message}
                hint="What every guest menu (phone, embed, print, TV) must show: allergens as words, calories beside prices."
              >
                {(props) => (
                  <select {...props} {...form.register("labelling")} className="select">
                    {LABELLING.map((rule) => (
                      <option key={rule} value={rule}>
                        {LABELLING_WORDS[rule]}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Languages</legend>
              <Field
                label="Menu languages"
                error={errors.languages?.message ?? errors.languages?.find?.((error) => error?.message)?.message}
                hint="Language codes, the menus' own language first, e.g. “en, de, fr”: guests choose among them; translate each menu from its “More actions” (decision 097)."
              >
                {(props) => (
                  <input
                    {...props}
                    className="input"
                    autoComplete="off"
                    spellCheck={false}
                    name={languages.field.name}
                    ref={languages.field.ref}
                    onBlur={languages.field.onBlur}
                    defaultValue={(languages.field.value ?? ["en"]).join(", ")}
                    onChange={(event) =>
                      languages.field.onChange(
                        event.target.value
                          .split(/[\s,]+/)
                          .map((tag) => tag.trim())
                          .filter(Boolean),
                      )
                    }
                  />
                )}
              </Field>
            </fieldset>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>Embedded menus</legend>
              <Field
                label="Sites that may show your menus"
                error={errors.embed_origins?.message ?? errors.embed_origins?.find?.((error) => error?.message)?.message}
                hint="One per line, as https://yourpub.example: only these pages may frame the menus you embed (Share on the Menus page)."
              >
                {(props) => (
                  <textarea
                    {...props}
                    className="input"
                    rows={3}
                    spellCheck={false}
                    name={origins.field.name}
                    ref={origins.field.ref}
                    onBlur={origins.field.onBlur}
                    defaultValue={(origins.field.value ?? []).join("\n")}
                    onChange={(event) =>
                      origins.field.onChange(
                        event.target.value
                          .split(/\s+/)
                          .map((line) => line.trim())
                          .filter(Boolean),
                      )
                    }
                  />
                )}
              </Field>
            </fieldset>
          </>
        )}
        {failure && (
          <p role="alert" className={styles.formError}>
            {failure}
          </p>
        )}
        <div className={styles.formActions}>
          {secondary}
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </LiveFieldset>
    </form>
  );
}
