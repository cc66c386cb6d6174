"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { z } from "zod";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { importQueries } from "@/lib/client/queries/imports";
import { menuQueries } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { DEFAULT_SOURCE_BASE_URL, type ImportResponse, KINDS, type PlanResponse, sourceLocationsBody } from "@/lib/imports/schemas";
import { groupBy } from "@/lib/shared/group-by";
import styles from "./imports.module.css";

// The Menus page's "Import" (venue-operations §6): connect to the service the venue moves from with
// its read-only token, pick the location there, read the plan of a dry run (what would be created,
// changed and removed, and what does not fit), then import. Reading the source can take a while:
// the import's progress (GET …/imports, written by whichever instance runs it) is shown meanwhile.

type SourceLocation = { id: number; name: string; city: string | null; currency: string | null };
type Access = z.output<typeof sourceLocationsBody>;

const KIND_LABELS: Record<(typeof KINDS)[number], string> = {
  menus: "Menus",
  sections: "Sections",
  items: "Items",
  containers: "Prices",
  events: "Events",
  hours: "Weekly hours",
};

/** The wizard inside the Import dialog (components/imports/import-button.tsx loads it when the dialog opens). */
export function ImportWizard({ locationId, locationName, onDone }: { locationId: number; locationName: string; onDone: () => void }) {
  const [access, setAccess] = useState<Access | null>(null);
  const [sources, setSources] = useState<SourceLocation[]>([]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [plan, setPlan] = useState<PlanResponse | null>(null);
  if (!access) {
    return (
      <ConnectStep
        locationId={locationId}
        onConnected={(values, found) => {
          setAccess(values);
          setSources(found);
          setChosen(found.length === 1 ? found[0]!.id : null);
        }}
        onCancel={onDone}
      />
    );
  }
  return (
    <PlanStep
      locationId={locationId}
      locationName={locationName}
      access={access}
      sources={sources}
      chosen={chosen}
      onChoose={(id) => {
        setChosen(id);
        setPlan(null);
      }}
      plan={plan}
      onPlan={setPlan}
      onBack={() => {
        setAccess(null);
        setPlan(null);
      }}
      onDone={onDone}
    />
  );
}

function ConnectStep({
  locationId,
  onConnected,
  onCancel,
}: {
  locationId: number;
  onConnected: (access: Access, locations: SourceLocation[]) => void;
  onCancel: () => void;
}) {
  const form = useZodForm(sourceLocationsBody, {
    defaultValues: { source: "utfb", base_url: DEFAULT_SOURCE_BASE_URL, email: "", token: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useServerSubmit(form, async (values) => {
    const { locations } = await apiFetch<{ locations: SourceLocation[] }>(`/api/v1/locations/${locationId}/imports/source_locations`, {
      method: "POST",
      body: values,
    });
    if (locations.length === 0) throw new Error("That account has no locations to import.");
    onConnected(values, locations);
  });
  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <p className={styles.intro}>
        Taproom reads your menus, prices, events and hours through the service's API with a read-only token, and changes nothing there. Run
        it again later to bring over what changed since.
      </p>
      <Field label="Service address" error={errors.base_url?.message} hint="The address of the service's API.">
        {(props) => <input {...props} {...form.register("base_url")} type="url" className="input" autoComplete="off" />}
      </Field>
      <Field label="Email" error={errors.email?.message} hint="The email you sign in to that service with.">
        {(props) => <input {...props} {...form.register("email")} type="email" className="input" autoComplete="off" />}
      </Field>
      <Field
        label="Read-only API token"
        error={errors.token?.message}
        hint="From the service's account settings. Used for this import only, never stored."
      >
        {(props) => (
          <input {...props} {...form.register("token")} type="password" className="input" autoComplete="off" spellCheck={false} />
        )}
      </Field>
      <FormFooter failure={failure} busy={isSubmitting} busyLabel="Connecting…" submitLabel="Find locations" onCancel={onCancel} />
    </form>
  );
}

function PlanStep({
  locationId,
  locationName,
  access,
  sources,
  chosen,
  onChoose,
  plan,
  onPlan,
  onBack,
  onDone,
}: {
  locationId: number;
  locationName: string;
  access: Access;
  sources: SourceLocation[];
  chosen: number | null;
  onChoose: (id: number) => void;
  plan: PlanResponse | null;
  onPlan: (plan: PlanResponse) => void;
  onBack: () => void;
  onDone: () => void;
}) {
  const client = useQueryClient();
  const notify = useToast();
  const run = useMutation({
    mutationFn: (dryRun: boolean) =>
      apiFetch<{ plan?: PlanResponse; import?: ImportResponse & PlanResponse }>(`/api/v1/locations/${locationId}/imports`, {
        method: "POST",
        body: { ...access, source_location_id: chosen, dry_run: dryRun },
      }),
    onSuccess: (answer, dryRun) => {
      if (dryRun && answer.plan) return onPlan(answer.plan);
      if (answer.import) {
        notify(`Imported into ${locationName}: ${summary(answer.import)}.`);
        void client.invalidateQueries({ queryKey: menuQueries.all() });
        onDone();
      }
    },
    onSettled: () => client.invalidateQueries({ queryKey: importQueries.all() }),
  });
  // While the source is read, the running import's progress (its row is written as each answer comes).
  const progress = useQuery({ ...importQueries.list(locationId), enabled: run.isPending, refetchInterval: 500 });
  const running = run.isPending ? progress.data?.find((entry) => entry.status === "running") : undefined;

  return (
    <div aria-busy={run.isPending}>
      <fieldset className={styles.choices} disabled={run.isPending}>
        <legend className={styles.intro}>Import which location into {locationName}?</legend>
        {sources.map((source) => (
          <label key={source.id} className={styles.choice}>
            <input type="radio" name="source-location" checked={chosen === source.id} onChange={() => onChoose(source.id)} />
            <span>
              {source.name}
              <span className={styles.choiceMeta}>
                {[source.city, source.currency && `prices in ${source.currency}`].filter(Boolean).map((part) => ` · ${part}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      {run.isPending && (
        <div className={styles.progress} role="status">
          <span>
            {run.variables ? "Reading the plan…" : "Importing…"}{" "}
            {running && running.progress.total > 0 ? `${running.progress.done} of ${running.progress.total} reads done` : ""}
          </span>
          <progress max={running?.progress.total || 1} value={running?.progress.done ?? 0} />
        </div>
      )}
      {run.isError && (
        <p role="alert" className={styles.failure}>
          {problemMessage(run.error)}
        </p>
      )}
      {plan && !run.isPending && <PlanView plan={plan} />}

      <div className={styles.actions}>
        <button type="button" className="btn" onClick={onBack} disabled={run.isPending}>
          Back
        </button>
        {plan ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={run.isPending || chosen === null || nothingToDo(plan)}
            onClick={() => run.mutate(false)}
          >
            {nothingToDo(plan) ? "Nothing to change" : "Import"}
          </button>
        ) : (
          <button type="button" className="btn btn--primary" disabled={run.isPending || chosen === null} onClick={() => run.mutate(true)}>
            Show the plan
          </button>
        )}
      </div>
    </div>
  );
}

const sum = (plan: Pick<PlanResponse, "counts">, key: "create" | "update" | "remove") =>
  Object.values(plan.counts).reduce((total, tally) => total + tally[key], 0);
const nothingToDo = (plan: PlanResponse) => sum(plan, "create") + sum(plan, "update") + sum(plan, "remove") === 0;
const summary = (plan: Pick<PlanResponse, "counts">) =>
  `${sum(plan, "create")} added, ${sum(plan, "update")} changed, ${sum(plan, "remove")} removed`;

const SHOWN_REMOVALS = 12;

function PlanView({ plan }: { plan: PlanResponse }) {
  // Two records of one name (a beer on two menus) are one line.
  const removed = [...groupBy(plan.removals, (removal) => `${removal.type}: ${removal.name}`)].map(
    ([label, entries]) => [label, entries.length] as const,
  );
  return (
    <section aria-label="Import plan">
      <h3>The plan</h3>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">New</th>
              <th scope="col">Changed</th>
              <th scope="col">Removed</th>
              <th scope="col" className={styles.same}>
                Unchanged
              </th>
            </tr>
          </thead>
          <tbody>
            {KINDS.map((kind) => {
              const tally = plan.counts[kind];
              return (
                <tr key={kind}>
                  <th scope="row">{KIND_LABELS[kind]}</th>
                  <td>{tally.create}</td>
                  <td>{tally.update}</td>
                  <td className={tally.remove > 0 ? styles.removed : undefined}>{tally.remove}</td>
                  <td className={styles.same}>{tally.unchanged}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {plan.conflicts.length > 0 && (
        <div className={styles.notes}>
          <h3>Worth knowing</h3>
          <ul>
            {plan.conflicts.map((conflict) => (
              <li key={conflict.message}>{conflict.message}</li>
            ))}
          </ul>
        </div>
      )}
      {plan.removals.length > 0 && (
        <div className={styles.notes}>
          <h3>Removed, because the source no longer has them</h3>
          <ul>
            {removed.slice(0, SHOWN_REMOVALS).map(([label, times]) => (
              <li key={label}>
                {label}
                {times > 1 ? ` (×${times})` : ""}
              </li>
            ))}
            {removed.length > SHOWN_REMOVALS && <li>and {removed.length - SHOWN_REMOVALS} more</li>}
          </ul>
        </div>
      )}
      {nothingToDo(plan) && <p className={styles.intro}>This location already matches the source.</p>}
    </section>
  );
}
