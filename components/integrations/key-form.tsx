"use client";

import { useQueryClient } from "@tanstack/react-query";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { apiFetch } from "@/lib/client/api";
import { type CreatedApiKey, integrationQueries } from "@/lib/client/queries/integrations";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { SCOPE_WORDS, SCOPES, type Scope } from "@/lib/auth/scopes";
import { apiKeyInput } from "@/lib/integrations/schemas";
import type { NamedLocation } from "@/components/team/format";
import styles from "./integrations.module.css";

export { BOARD_KEY } from "./presets";

/**
 * A new integration key (POST /api_keys): a name, its scopes and its locations. An owner may leave the
 * locations to "every location"; a manager picks among theirs. The answer, with its secret, goes to `onCreated`.
 */
export function KeyForm({
  locations,
  everyLocation,
  preset,
  onCreated,
  onCancel,
}: {
  locations: NamedLocation[];
  everyLocation: boolean;
  preset: { name: string; scopes: Scope[] };
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const form = useZodForm(apiKeyInput, {
    defaultValues: {
      name: preset.name,
      scopes: preset.scopes,
      location_ids: everyLocation ? null : locations.length === 1 ? [locations[0]!.id] : [],
    },
  });
  const { errors, isSubmitting, isSubmitted } = form.formState;
  const scopes = form.watch("scopes") as Scope[];
  const locationIds = form.watch("location_ids") as number[] | null | undefined;
  const { submit, failure } = useServerSubmit(
    form,
    async (values) => {
      const { api_key } = await apiFetch<{ api_key: CreatedApiKey }>("/api/v1/api_keys", { method: "POST", body: { api_key: values } });
      void client.invalidateQueries({ queryKey: integrationQueries.all() });
      onCreated(api_key);
    },
    "api_key.",
  );
  const toggleScope = (scope: Scope, on: boolean) =>
    form.setValue("scopes", on ? [...scopes, scope] : scopes.filter((s) => s !== scope), { shouldValidate: isSubmitted });
  const toggleLocation = (id: number, on: boolean) => {
    const current = locationIds ?? [];
    form.setValue("location_ids", on ? [...current, id] : current.filter((l) => l !== id), { shouldValidate: isSubmitted });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <Field label="Name" error={errors.name?.message} hint="Where the key is used, so you know which one to revoke.">
        {(props) => <input {...props} {...form.register("name")} className="input" autoComplete="off" />}
      </Field>
      <fieldset className={styles.choices} aria-describedby={errors.scopes ? "scopes-error" : undefined}>
        <legend className={styles.legend}>What it may do</legend>
        {SCOPES.map((scope) => (
          <label key={scope} className={styles.choice}>
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(event) => toggleScope(scope, event.target.checked)} />
            <span>
              <code>{scope}</code> <span className={styles.choiceWords}>{SCOPE_WORDS[scope]}</span>
            </span>
          </label>
        ))}
        {errors.scopes && (
          <p id="scopes-error" className={styles.fieldError}>
            Scopes {errors.scopes.message}
          </p>
        )}
      </fieldset>
      <fieldset className={styles.choices} aria-describedby={errors.location_ids ? "locations-error" : undefined}>
        <legend className={styles.legend}>Where</legend>
        {everyLocation && (
          <label className={styles.choice}>
            <input
              type="checkbox"
              checked={locationIds === null}
              onChange={(event) => form.setValue("location_ids", event.target.checked ? null : [], { shouldValidate: isSubmitted })}
            />
            <span>Every location, including ones added later</span>
          </label>
        )}
        {locationIds !== null &&
          locations.map((location) => (
            <label key={location.id} className={styles.choice}>
              <input
                type="checkbox"
                checked={(locationIds ?? []).includes(location.id)}
                onChange={(event) => toggleLocation(location.id, event.target.checked)}
              />
              <span>{location.name}</span>
            </label>
          ))}
        {errors.location_ids && (
          <p id="locations-error" className={styles.fieldError}>
            Locations {errors.location_ids.message}
          </p>
        )}
      </fieldset>
      <FormFooter failure={failure} busy={isSubmitting} busyLabel="Creating the key…" submitLabel="Create key" onCancel={onCancel} />
    </form>
  );
}
