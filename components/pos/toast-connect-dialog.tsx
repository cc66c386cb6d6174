"use client";

import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { FormActions, FormError } from "@/components/menus/editor/form-parts";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import type { PosConnection } from "@/lib/client/queries/pos";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { toastKeysFields } from "@/lib/pos/schemas";

// Connecting Toast (pos.md §2, decision 101): Toast has no consent page, so the person types the API
// client's id and secret (from Toast's integrations team) and the restaurant's GUID; the connection is
// made, and its first sync run, before the answer comes. Refused keys land on their fields.

export function ToastConnectDialog({
  open,
  onClose,
  locationId,
  onConnected,
}: {
  open: boolean;
  onClose: () => void;
  locationId: number;
  onConnected: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Connect Toast">
      <ToastConnectForm locationId={locationId} onDone={onClose} onConnected={onConnected} />
    </Dialog>
  );
}

function ToastConnectForm({ locationId, onDone, onConnected }: { locationId: number; onDone: () => void; onConnected: () => void }) {
  const notify = useToast();
  const form = useZodForm(toastKeysFields, { defaultValues: { client_id: "", client_secret: "", restaurant_guid: "" } });
  const connect = useMutation({
    mutationFn: (values: z.output<typeof toastKeysFields>) =>
      apiFetch<{ pos_connection: PosConnection }>(`/api/v1/locations/${locationId}/pos_connections`, {
        method: "POST",
        body: { pos_connection: { provider: "toast", ...values } },
      }),
    onSuccess: () => {
      notify("Connected to Toast. The first sync has run: confirm the suggested matches next.");
      onConnected();
      onDone();
    },
  });
  const { errors } = form.formState;
  const { submit, failure } = useServerSubmit(form, (values) => connect.mutateAsync(values), "pos_connection.");
  return (
    <form onSubmit={submit} noValidate>
      <Field label="Client ID" error={errors.client_id?.message} hint="From Toast's integrations team, with the secret.">
        {(props) => <input {...props} className="input" autoComplete="off" spellCheck={false} autoFocus {...form.register("client_id")} />}
      </Field>
      <Field label="Client secret" error={errors.client_secret?.message} hint="Kept encrypted; never shown again.">
        {(props) => <input {...props} className="input" type="password" autoComplete="off" {...form.register("client_secret")} />}
      </Field>
      <Field
        label="Restaurant GUID"
        error={errors.restaurant_guid?.message}
        hint="Toast Web → the restaurant's info; its currency must be this location's."
      >
        {(props) => <input {...props} className="input" autoComplete="off" spellCheck={false} {...form.register("restaurant_guid")} />}
      </Field>
      <FormError message={failure} />
      <FormActions onCancel={onDone} busy={connect.isPending} label="Connect" busyLabel="Connecting…" />
    </form>
  );
}
