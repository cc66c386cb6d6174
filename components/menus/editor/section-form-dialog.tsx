"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { menuQueries, type Section } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { updateSectionBody } from "@/lib/menus/schemas/menus";
import { FormActions, FormError } from "./form-parts";
import { ScheduleField } from "./schedule-fields";
import { sectionLabel } from "./tree-ops";
import styles from "./form-parts.module.css";

// The API's own schema for a section's fields (the body's inner object; every field optional).
const sectionSchema = updateSectionBody.shape.section;

/** Adds a section at the end of the menu, or edits one. */
export function SectionFormDialog({
  open,
  onClose,
  menuId,
  locationId,
  section,
}: {
  open: boolean;
  onClose: () => void;
  menuId: number;
  locationId: number;
  section?: Section;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={section ? `Edit ${sectionLabel(section)}` : "New section"}>
      <SectionForm menuId={menuId} locationId={locationId} section={section} onDone={onClose} />
    </Dialog>
  );
}

function SectionForm({
  menuId,
  locationId,
  section,
  onDone,
}: {
  menuId: number;
  locationId: number;
  section?: Section;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const form = useZodForm(sectionSchema, {
    defaultValues: {
      name: section?.name ?? "",
      description: section?.description ?? "",
      public: section?.public ?? true,
      schedule: section?.schedule ?? null,
    },
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof sectionSchema>) =>
      section
        ? apiFetch<{ section: Section }>(`/api/v1/sections/${section.id}`, { method: "PATCH", body: { section: values } })
        : apiFetch<{ section: Section }>(`/api/v1/menus/${menuId}/sections`, { method: "POST", body: { section: values } }),
    onSuccess: async ({ section: saved }) => {
      await queryClient.invalidateQueries({ queryKey: menuQueries.tree(menuId).queryKey });
      notify(section ? `${sectionLabel(saved)} saved.` : `${sectionLabel(saved)} added at the end of the menu.`);
      onDone();
    },
  });
  const venue = useVenueTime(locationId);
  const { errors } = form.formState;
  const { submit, failure: formError } = useServerSubmit(form, (values) => save.mutateAsync(values), "section.");
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Name" error={errors.name?.message} hint="For example “On Tap”, “Cans & Bottles” or “Wine”.">
        {(props) => <input {...props} className="input" autoComplete="off" autoFocus {...form.register("name")} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(props) => <textarea {...props} className="textarea" rows={2} {...form.register("description")} />}
      </Field>
      <label className={styles.check}>
        <input type="checkbox" {...form.register("public")} />
        Shown to guests
      </label>
      <ScheduleField control={form.control} name="schedule" clock={venue?.clock ?? "24h"} what="section" />
      <FormError message={formError} />
      <FormActions onCancel={onDone} busy={save.isPending} label={section ? "Save section" : "Add section"} />
    </form>
  );
}
