"use client";

import type { z } from "zod";
import { Field } from "@/components/ui/field";
import type { ContainerSize } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { createContainerBody } from "@/lib/menus/schemas/menus";
import { sizesForCountry } from "@/lib/shared/size-defaults";
import { FormError } from "./form-parts";
import { SizeOptions } from "./size-options";
import styles from "./containers.module.css";

// The API's own schema for a new container (size and price required); edits send the same two fields.
const containerSchema = createContainerBody.shape.container;
export type ContainerValues = z.output<typeof containerSchema>;

/** Size and price on one line: adds a container, or edits one in place. */
export function ContainerForm({
  sizes,
  country,
  currencySymbol,
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  sizes: ContainerSize[];
  /** The location's country: its own sizes come first, and a new price starts on its largest. */
  country: string | null;
  currencySymbol: string;
  initial?: { container_size_id: number | null; price: string };
  submitLabel: string;
  busyLabel: string;
  onSubmit: (values: ContainerValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const form = useZodForm(containerSchema, {
    defaultValues: {
      container_size_id: initial?.container_size_id ?? sizesForCountry(sizes, country).preferred?.id,
      price: initial?.price ?? "",
    },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure: formError } = useServerSubmit(
    form,
    async (values) => {
      await onSubmit(values);
      if (!initial) form.reset({ container_size_id: values.container_size_id, price: "" });
    },
    "container.",
  );
  return (
    <form onSubmit={submit} noValidate className={styles.form}>
      <div className={styles.formFields}>
        <Field label="Size" error={errors.container_size_id?.message}>
          {(props) => (
            <select {...props} className="select" {...form.register("container_size_id")}>
              <SizeOptions sizes={sizes} country={country} />
            </select>
          )}
        </Field>
        <Field label={`Price (${currencySymbol})`} error={errors.price?.message} hint="For example 6.50">
          {(props) => (
            <input {...props} className="input" inputMode="decimal" autoComplete="off" placeholder="0.00" {...form.register("price")} />
          )}
        </Field>
      </div>
      <FormError message={formError} />
      <div className={styles.formActions}>
        {onCancel && (
          <button type="button" className="btn btn--small" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn btn--primary btn--small" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
