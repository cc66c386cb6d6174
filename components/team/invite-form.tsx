"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { ApiProblem, apiFetch } from "@/lib/client/api";
import { type CreatedInvitation, teamQueries } from "@/lib/client/queries/team";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import type { NamedLocation } from "./format";
import { RoleFields } from "./role-fields";
import { inviteForm } from "./team-forms";

/** Invites a person by email (POST /team/invitations); the answer, with its one-time link, goes to `onCreated`. */
export function InviteForm({
  locations,
  onCreated,
  onCancel,
}: {
  locations: NamedLocation[];
  onCreated: (invitation: CreatedInvitation) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const form = useZodForm(inviteForm, {
    defaultValues: { email: "", role: "staff", location_ids: locations.length === 1 ? [locations[0]!.id] : [] },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const role = form.watch("role");
  const locationIds = form.watch("location_ids");

  const { submit, failure } = useServerSubmit(form, async (values) => {
    try {
      const { invitation } = await apiFetch<{ invitation: CreatedInvitation }>("/api/v1/team/invitations", {
        method: "POST",
        body: { email: values.email, role: values.role, location_ids: values.locationIds },
      });
      void client.invalidateQueries({ queryKey: teamQueries.all() });
      onCreated(invitation);
    } catch (error) {
      // The address is the field to fix: say so beside it.
      if (error instanceof ApiProblem && error.code === "email_taken") {
        throw new ApiProblem(error.status, error.code, error.message, [{ path: "email", message: "This person is already on your team." }]);
      }
      throw error;
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <Field label="Email" error={errors.email?.message} hint="The link to join is for this address.">
        {(props) => <input {...props} {...form.register("email")} type="email" className="input" autoComplete="off" spellCheck={false} />}
      </Field>
      <RoleFields
        role={role}
        onRole={(next) => form.setValue("role", next, { shouldValidate: isSubmitted })}
        locationIds={locationIds}
        onLocations={(ids) => form.setValue("location_ids", ids, { shouldValidate: isSubmitted })}
        locations={locations}
        locationsError={errors.location_ids?.message}
      />
      <FormFooter
        failure={failure}
        busy={isSubmitting}
        busyLabel="Creating the link…"
        submitLabel="Create invitation"
        onCancel={onCancel}
      />
    </form>
  );
}
