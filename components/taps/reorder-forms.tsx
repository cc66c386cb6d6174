"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useLocationSections } from "@/components/menus/eighty-six/location-sections";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import { type Distributor, type Editing, reorderQueries } from "@/lib/client/queries/reorder";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import styles from "./reorder.module.css";

// The Reorder page's two forms (decision 096), loaded when their dialog first opens: a beer's par level
// and a distributor, validated by the API's own schemas, loaded with them.

const loadParSchema = () => import("@/lib/taps/reorder/schemas").then((module) => module.parLevelInput);
const loadDistributorSchema = () => import("@/lib/taps/reorder/schemas").then((module) => module.distributorInput);

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: reorderQueries.all() });
}

export function ParForm({
  locationId,
  editing,
  distributors,
  onDone,
}: {
  locationId: number;
  editing: Editing;
  distributors: Distributor[];
  onDone: () => void;
}) {
  const notify = useToast();
  const refresh = useRefresh();
  const { sections } = useLocationSections(locationId);
  const [itemId, setItemId] = useState<number | null>(editing.itemId);
  const itemFieldId = useId();
  const form = useZodForm(loadParSchema, {
    defaultValues: {
      par_kegs: editing.line?.par_kegs ?? undefined,
      full_kegs: editing.line?.full_kegs ?? 0,
      distributor_id: editing.distributorId,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useServerSubmit(
    form,
    async (values) => {
      if (itemId === null) throw new Error("Choose a beer first.");
      await apiFetch(`/api/v1/items/${itemId}/par_level`, { method: "PUT", body: { par_level: values } });
      notify("Par level saved.");
      await refresh();
      onDone();
    },
    "par_level.",
  );
  const items = sections.flatMap((section) => section.items.map((item) => ({ id: item.id, name: item.name, place: section.place })));
  return (
    <form onSubmit={submit} noValidate>
      {editing.line === null && (
        <>
          <label htmlFor={itemFieldId} className={styles.fieldLabel}>
            Beer
          </label>
          <select
            id={itemFieldId}
            className="select"
            value={itemId ?? ""}
            onChange={(event) => setItemId(Number(event.target.value) || null)}
          >
            <option value="">Choose a beer…</option>
            {items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name} ({item.place})
              </option>
            ))}
          </select>
        </>
      )}
      <Field label="Par (kegs)" error={errors.par_kegs?.message} hint="The kegs you want on hand when a delivery comes in.">
        {(props) => <input {...props} className="input" inputMode="numeric" {...form.register("par_kegs", { valueAsNumber: true })} />}
      </Field>
      <Field label="Full kegs in the cellar" error={errors.full_kegs?.message} hint="Not counting kegs already on a tap's on-deck list.">
        {(props) => <input {...props} className="input" inputMode="numeric" {...form.register("full_kegs", { valueAsNumber: true })} />}
      </Field>
      <Field label="Distributor" error={errors.distributor_id?.message}>
        {(props) => (
          <select
            {...props}
            className="select"
            {...form.register("distributor_id", { setValueAs: (value) => (value === "" || value === null ? null : Number(value)) })}
          >
            <option value="">None</option>
            {distributors.map((distributor) => (
              <option key={distributor.id} value={distributor.id}>
                {distributor.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <FormFooter failure={failure} busy={isSubmitting} submitLabel="Save par level" busyLabel="Saving…" onCancel={onDone} />
    </form>
  );
}

export function DistributorForm({
  locationId,
  distributor,
  onDone,
}: {
  locationId: number;
  distributor: Distributor | null;
  onDone: () => void;
}) {
  const notify = useToast();
  const refresh = useRefresh();
  const form = useZodForm(loadDistributorSchema, {
    defaultValues: {
      name: distributor?.name ?? "",
      lead_time_days: distributor?.lead_time_days ?? 2,
      email: distributor?.email ?? "",
      phone: distributor?.phone ?? "",
      notes: distributor?.notes ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useServerSubmit(
    form,
    async (values) => {
      if (distributor) await apiFetch(`/api/v1/distributors/${distributor.id}`, { method: "PATCH", body: { distributor: values } });
      else await apiFetch(`/api/v1/locations/${locationId}/distributors`, { method: "POST", body: { distributor: values } });
      notify(distributor ? `${values.name} saved.` : `${values.name} added.`);
      await refresh();
      onDone();
    },
    "distributor.",
  );
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Name" error={errors.name?.message}>
        {(props) => <input {...props} className="input" autoComplete="organization" {...form.register("name")} />}
      </Field>
      <Field label="Lead time (days)" error={errors.lead_time_days?.message} hint="Calendar days from your order to the delivery.">
        {(props) => (
          <input {...props} className="input" inputMode="numeric" {...form.register("lead_time_days", { valueAsNumber: true })} />
        )}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(props) => <input {...props} className="input" type="email" autoComplete="email" {...form.register("email")} />}
      </Field>
      <Field label="Phone" error={errors.phone?.message}>
        {(props) => <input {...props} className="input" type="tel" autoComplete="tel" {...form.register("phone")} />}
      </Field>
      <Field label="Notes" error={errors.notes?.message} hint="Printed on the order sheet (account number, delivery days).">
        {(props) => <textarea {...props} className="input" rows={3} {...form.register("notes")} />}
      </Field>
      <FormFooter
        failure={failure}
        busy={isSubmitting}
        submitLabel={distributor ? "Save distributor" : "Add distributor"}
        busyLabel="Saving…"
        onCancel={onDone}
      />
    </form>
  );
}
