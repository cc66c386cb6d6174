"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries, type Item } from "@/lib/client/queries/menus";
import { applyServerErrors, useZodForm } from "@/lib/client/use-zod-form";
import { ALLERGEN_WORDS, ALLERGENS, DIETARY, DIETARY_WORDS } from "@/lib/shared/labels";
import { updateItemBody } from "@/lib/menus/schemas/menus";
import { FormActions, FormError } from "./form-parts";
import formStyles from "./form-parts.module.css";
import styles from "./item-form.module.css";

// The API's own update schema (the body's inner object): what the form refuses, the server would too.
const itemSchema = updateItemBody.shape.item;
type Values = z.input<typeof itemSchema>;
type Overridable = "name" | "brewery" | "style" | "description" | "abv" | "ibu" | "calories";

// Empty number boxes mean "not set" (null), which the schema accepts; "" would be "must be a number".
const decimalBox = { setValueAs: (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value) };
const wholeBox = { setValueAs: (value: unknown) => (typeof value === "string" ? (value.trim() === "" ? null : Number(value)) : value) };

const formValue = (item: Item, field: Overridable): Values[Overridable] => {
  const value = item[field];
  if (field === "calories") return value === null ? null : Number(value);
  if (field === "abv" || field === "ibu") return value;
  return value ?? "";
};

/**
 * Edits an item. On a catalogue beer every change is an override: the catalogue's value is shown
 * next to the field and "Reset to catalogue value" clears the override (sends null). A custom item's
 * values are simply edited.
 */
export function ItemFormDialog({ item, menuId, onClose }: { item: Item | null; menuId: number; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item ? `Edit ${item.name}` : "Edit item"} wide>
      {item && <ItemForm item={item} menuId={menuId} onDone={onClose} />}
    </Dialog>
  );
}

function ItemForm({ item, menuId, onDone }: { item: Item; menuId: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const catalogue = item.untappd_id !== null;
  const form = useZodForm(itemSchema, {
    defaultValues: {
      name: item.name,
      brewery: formValue(item, "brewery") as string,
      style: formValue(item, "style") as string,
      description: formValue(item, "description") as string,
      abv: item.abv,
      ibu: item.ibu,
      calories: formValue(item, "calories") as number | null,
      tap_number: item.tap_number ?? "",
      nitro: item.nitro,
      cask: item.cask,
      allergens: item.allergens,
      dietary: item.dietary,
    },
  });
  // Items of the same menu that already say something: their lists copy over in one choice.
  const tree = useQuery(menuQueries.tree(menuId)).data;
  const similar = (tree ? [...tree.sections, ...(tree.on_deck_section ? [tree.on_deck_section] : [])] : [])
    .flatMap((section) => section.items)
    .filter((other) => other.id !== item.id && other.allergens.length + other.dietary.length > 0);
  const copyFrom = (id: string) => {
    const other = similar.find((candidate) => String(candidate.id) === id);
    if (!other) return;
    form.setValue("allergens", other.allergens, { shouldDirty: true });
    form.setValue("dietary", other.dietary, { shouldDirty: true });
  };
  const patch = useMutation({
    mutationFn: (fields: Partial<z.output<typeof itemSchema>>) =>
      apiFetch<{ item: Item }>(`/api/v1/items/${item.id}`, { method: "PATCH", body: { item: fields } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuQueries.tree(menuId).queryKey }),
  });

  // Read while rendering: react-hook-form tracks only the form state a render subscribes to, so
  // `dirtyFields` first read inside the submit handler was always empty and every edit was dropped.
  const { errors, dirtyFields } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    const dirty = dirtyFields as Partial<Record<keyof typeof values, boolean>>;
    const fields: Record<string, unknown> = {};
    for (const key of Object.keys(values) as (keyof typeof values)[]) {
      if (!dirty[key]) continue;
      const value = values[key];
      // Typing the catalogue's own value back is no override: clear it instead.
      const original = catalogue && key in ORIGINALS ? item[ORIGINALS[key as Overridable]] : undefined;
      fields[key] = original !== undefined && value !== null && String(value) === original ? null : value;
    }
    if (Object.keys(fields).length === 0) return onDone();
    try {
      const { item: saved } = await patch.mutateAsync(fields);
      notify(`${saved.name} saved.`);
      onDone();
    } catch (error) {
      setFormError(applyServerErrors(form, error, "item."));
    }
  });

  async function reset(field: Overridable, label: string) {
    setFormError(null);
    try {
      const { item: saved } = await patch.mutateAsync({ [field]: null });
      form.resetField(field, { defaultValue: formValue(saved, field) });
      notify(`${label} shows the catalogue value again.`);
    } catch (error) {
      setFormError(problemMessage(error));
    }
  }

  const override = (
    field: Overridable,
    label: string,
    control: (props: Parameters<Parameters<typeof Field>[0]["children"]>[0]) => ReactNode,
  ) => {
    const overridden = catalogue && item[`custom_${field}`] !== null;
    const hint = !catalogue ? undefined : overridden ? `Catalogue value: ${item[ORIGINALS[field]] ?? "none"}` : "From the catalogue";
    return (
      <div className={styles.overrideField}>
        <Field label={label} error={errors[field]?.message} hint={hint}>
          {control}
        </Field>
        {overridden && (
          <div className={styles.overrideTools}>
            <span className="badge">Your value</span>
            <button type="button" className="btn btn--small" onClick={() => reset(field, label)} disabled={patch.isPending}>
              Reset<span className="visually-hidden"> {label}</span> to catalogue value
            </button>
          </div>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      {catalogue && (
        <p className={styles.note}>
          This beer comes from the catalogue. What you change here overrides the catalogue's value on your menus only; leave a field empty
          to show the catalogue value.
        </p>
      )}
      {override("name", "Name", (props) => (
        <input {...props} className="input" autoComplete="off" {...form.register("name")} />
      ))}
      <div className={formStyles.row}>
        {override("brewery", "Brewery", (props) => (
          <input {...props} className="input" autoComplete="off" {...form.register("brewery")} />
        ))}
        {override("style", "Style", (props) => (
          <input {...props} className="input" autoComplete="off" {...form.register("style")} />
        ))}
      </div>
      <div className={formStyles.row}>
        {override("abv", "ABV (%)", (props) => (
          <input {...props} className="input" inputMode="decimal" {...form.register("abv", decimalBox)} />
        ))}
        {override("ibu", "IBU", (props) => (
          <input {...props} className="input" inputMode="decimal" {...form.register("ibu", decimalBox)} />
        ))}
        {override("calories", "Calories", (props) => (
          <input {...props} className="input" inputMode="numeric" {...form.register("calories", wholeBox)} />
        ))}
      </div>
      {override("description", "Description", (props) => (
        <textarea {...props} className="textarea" rows={3} {...form.register("description")} />
      ))}
      <div className={formStyles.row}>
        <Field label="Tap number" error={errors.tap_number?.message}>
          {(props) => <input {...props} className="input" autoComplete="off" {...form.register("tap_number")} />}
        </Field>
        <div className={styles.flags}>
          <label className={formStyles.check}>
            <input type="checkbox" {...form.register("nitro")} /> Nitro
          </label>
          <label className={formStyles.check}>
            <input type="checkbox" {...form.register("cask")} /> Cask
          </label>
        </div>
      </div>
      <fieldset className={styles.labels}>
        <legend>Allergens</legend>
        {similar.length > 0 && (
          <label className={styles.copy}>
            Copy from{" "}
            <select className="select" defaultValue="" onChange={(event) => copyFrom(event.target.value)}>
              <option value="" disabled>
                a similar item…
              </option>
              {similar.map((other) => (
                <option key={other.id} value={other.id}>
                  {other.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className={styles.checks}>
          {ALLERGENS.map((allergen) => (
            <label key={allergen} className={formStyles.check}>
              <input type="checkbox" value={allergen} {...form.register("allergens")} /> {ALLERGEN_WORDS[allergen]}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.labels}>
        <legend>Dietary</legend>
        <div className={styles.checks}>
          {DIETARY.map((tag) => (
            <label key={tag} className={formStyles.check}>
              <input type="checkbox" value={tag} {...form.register("dietary")} /> {DIETARY_WORDS[tag]}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={patch.isPending} label="Save item" />
    </form>
  );
}

const ORIGINALS = {
  name: "original_name",
  brewery: "original_brewery",
  style: "original_style",
  description: "original_description",
  abv: "original_abv",
  ibu: "original_ibu",
  calories: "original_calories",
} as const satisfies Record<Overridable, keyof Item>;
