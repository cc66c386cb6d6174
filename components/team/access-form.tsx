"use client";

import { FormFooter } from "@/components/ui/form-footer";
import { useQueryClient } from "@tanstack/react-query";
import { ApiProblem, apiFetch } from "@/lib/client/api";
import { type TeamMember, teamQueries } from "@/lib/client/queries/team";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import type { NamedLocation } from "./format";
import { RoleFields } from "./role-fields";
import { accessForm } from "./team-forms";
import styles from "./team.module.css";

/** Changes a member's role and locations (PATCH /team/:id); they lose what they lost at once. */
export function AccessForm({
  member,
  locations,
  onSaved,
  onCancel,
}: {
  member: TeamMember;
  locations: NamedLocation[];
  onSaved: (member: TeamMember) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const form = useZodForm(accessForm, { defaultValues: { role: member.role, location_ids: member.location_ids ?? [] } });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const role = form.watch("role");
  const locationIds = form.watch("location_ids");
  const name = member.name || member.email;

  const { submit, failure } = useServerSubmit(form, async (values) => {
    try {
      const { member: saved } = await apiFetch<{ member: TeamMember }>(`/api/v1/team/${member.id}`, {
        method: "PATCH",
        body: { role: values.role, location_ids: values.locationIds },
      });
      void client.invalidateQueries({ queryKey: teamQueries.all() });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiProblem && error.code === "last_owner") {
        throw new ApiProblem(
          error.status,
          error.code,
          `${name} is the business's last owner and must stay an owner: make another member an owner first.`,
        );
      }
      throw error;
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <RoleFields
        role={role}
        onRole={(next) => form.setValue("role", next, { shouldValidate: isSubmitted })}
        locationIds={locationIds}
        onLocations={(ids) => form.setValue("location_ids", ids, { shouldValidate: isSubmitted })}
        locations={locations}
        locationsError={errors.location_ids?.message ?? errors.role?.message}
      />
      <p className={styles.note}>A change applies at once: {name} loses anything the new role or locations do not allow, everywhere.</p>
      <FormFooter failure={failure} busy={isSubmitting} busyLabel="Saving…" submitLabel="Save access" onCancel={onCancel} />
    </form>
  );
}
