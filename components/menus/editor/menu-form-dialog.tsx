"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { menuQueries, type MenuSummary } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { createMenuBody } from "@/lib/menus/schemas/menus";
import { FormActions, FormError } from "./form-parts";
import { ScheduleField } from "./schedule-fields";

// The API's own schema for a menu's fields (the body's inner object).
const menuSchema = createMenuBody.shape.menu;

/** Creates a menu (a draft, last in the order) or edits one's name, description, footer and schedule. */
export function MenuFormDialog({
  open,
  onClose,
  locationId,
  menu,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  locationId: number;
  menu?: MenuSummary;
  onSaved: (menu: MenuSummary) => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={menu ? `Edit ${menu.name}` : "New menu"}>
      <MenuForm locationId={locationId} menu={menu} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function MenuForm({
  locationId,
  menu,
  onCancel,
  onSaved,
}: {
  locationId: number;
  menu?: MenuSummary;
  onCancel: () => void;
  onSaved: (menu: MenuSummary) => void;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const form = useZodForm(menuSchema, {
    defaultValues: {
      name: menu?.name ?? "",
      description: menu?.description ?? "",
      footer: menu?.footer ?? "",
      schedule: menu?.schedule ?? null,
    },
  });
  const save = useMutation({
    mutationFn: (values: z.output<typeof menuSchema>) =>
      menu
        ? apiFetch<{ menu: MenuSummary }>(`/api/v1/menus/${menu.id}`, { method: "PATCH", body: { menu: values } })
        : apiFetch<{ menu: MenuSummary }>(`/api/v1/locations/${locationId}/menus`, { method: "POST", body: { menu: values } }),
    onSuccess: async ({ menu: saved }) => {
      await queryClient.invalidateQueries({ queryKey: menuQueries.list(locationId).queryKey });
      if (menu) await queryClient.invalidateQueries({ queryKey: menuQueries.tree(menu.id).queryKey });
      notify(menu ? `${saved.name} saved.` : `${saved.name} created as a draft. Add sections and beers, then publish it.`);
      onSaved(saved);
    },
  });
  const venue = useVenueTime(locationId);
  const { errors } = form.formState;
  const { submit, failure: formError } = useServerSubmit(form, (values) => save.mutateAsync(values), "menu.");
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Name" error={errors.name?.message} hint="Guests see it as the menu's title, e.g. “Beer List” or “Brunch”.">
        {(props) => <input {...props} className="input" autoComplete="off" autoFocus {...form.register("name")} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(props) => <textarea {...props} className="textarea" rows={2} {...form.register("description")} />}
      </Field>
      <Field label="Footer" error={errors.footer?.message} hint="Shown under the menu, e.g. “Ask about tasting flights.”">
        {(props) => <textarea {...props} className="textarea" rows={2} {...form.register("footer")} />}
      </Field>
      <ScheduleField control={form.control} name="schedule" clock={venue?.clock ?? "24h"} what="menu" />
      <FormError message={formError} />
      <FormActions onCancel={onCancel} busy={save.isPending} label={menu ? "Save menu" : "Create menu"} />
    </form>
  );
}
