"use client";

import { Field } from "@/components/ui/field";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { createItemBody } from "@/lib/menus/schemas/menus";
import { useAddItem, type AddedItem } from "./use-add-item";
import styles from "./add-item.module.css";

// The API's own item schema (the body's inner object): the form refuses exactly what the server would.
const customItemSchema = createItemBody.shape.item;

const blank = { name: "", brewery: "", style: "", abv: null, ibu: null, description: "" };
// Empty number boxes mean "not set" (null), which the schema accepts; "" would be "must be a number".
const decimalBox = { setValueAs: (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value) };

/** Wine, cocktails, food or a beer the catalogue lacks: the venue's own values. Stays open for the next one. */
export function CustomItemForm({
  sectionId,
  currencySymbol,
  initialName,
  autoFocus,
  onAdded,
}: {
  sectionId: number;
  currencySymbol: string;
  initialName: string;
  autoFocus: boolean;
  onAdded: (item: AddedItem) => void;
}) {
  const form = useZodForm(customItemSchema, { defaultValues: { ...blank, name: initialName } });
  const add = useAddItem(sectionId, (item) => {
    form.reset(blank);
    form.setFocus("name");
    onAdded(item);
  });
  const { errors } = form.formState;

  const { submit, failure: formError } = useServerSubmit(form, (values) => add.mutateAsync(values), "item.");

  return (
    <form className={styles.customForm} onSubmit={submit} noValidate>
      <Field label="Name" error={errors.name?.message} hint="Required. For example “House red” or “Espresso martini”.">
        {(props) => <input {...props} className="input" autoComplete="off" autoFocus={autoFocus} {...form.register("name")} />}
      </Field>
      <div className={styles.pair}>
        <Field label="Brewery or producer" error={errors.brewery?.message}>
          {(props) => <input {...props} className="input" autoComplete="off" {...form.register("brewery")} />}
        </Field>
        <Field label="Style or type" error={errors.style?.message} hint="Red wine, cocktail, snack…">
          {(props) => <input {...props} className="input" autoComplete="off" {...form.register("style")} />}
        </Field>
      </div>
      <div className={styles.numbers}>
        <Field label="ABV (%)" error={errors.abv?.message}>
          {(props) => <input {...props} className="input" inputMode="decimal" autoComplete="off" {...form.register("abv", decimalBox)} />}
        </Field>
        <Field label="IBU" error={errors.ibu?.message}>
          {(props) => <input {...props} className="input" inputMode="decimal" autoComplete="off" {...form.register("ibu", decimalBox)} />}
        </Field>
      </div>
      <Field label="Description" error={errors.description?.message}>
        {(props) => <textarea {...props} className="textarea" rows={3} {...form.register("description")} />}
      </Field>
      <p className={styles.formNote}>Prices and sizes ({currencySymbol}) are added on the item once it is on the menu.</p>
      {formError && (
        <p className={styles.rowError} role="alert">
          {formError}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={add.isPending}>
          {add.isPending ? "Adding…" : "Add item"}
        </button>
      </div>
    </form>
  );
}
