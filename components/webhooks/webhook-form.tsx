"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { apiFetch } from "@/lib/client/api";
import { webhookQueries, type Webhook } from "@/lib/client/queries/webhooks";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { WEBHOOK_EVENT_TYPES, webhookInput } from "@/lib/webhooks/schemas";
import styles from "./webhooks.module.css";

const EVENT_LABELS: Record<(typeof WEBHOOK_EVENT_TYPES)[number], string> = {
  "menu.created": "Menu created",
  "menu.updated": "Menu changed",
  "menu.deleted": "Menu deleted",
  "menu.published": "Menu published",
  "menu.unpublished": "Menu unpublished",
  "menu.reordered": "Menus reordered",
  "item.86d": "Item 86'd",
  "item.restored": "Item back in stock",
  "menu.reverted": "Menu restored to an earlier version",
  "menu.schedule_changed": "A schedule or happy hour began or ended",
  "tap.keg_low": "A keg ran low",
  "tap.kicked": "A keg was kicked (its beer 86'd)",
  "tap.swapped": "The next beer went on a tap",
  "board.offline": "A board went dark in opening hours",
  "board.online": "A dark board is back on",
  "pos.synced": "Prices or items synced from the POS",
  "tap.too_warm": "A line stayed too warm for 10 minutes",
  "tap.line_cleaning_due": "A line is due for cleaning",
  "tap.after_hours_pour": "A pour while closed",
};

/** Adds a webhook with the schema the API validates with; the answer (with its secret) goes to `onCreated`. */
export function WebhookForm({
  locationId,
  onCreated,
  onCancel,
}: {
  locationId: number;
  onCreated: (webhook: Webhook & { secret: string }) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const form = useZodForm(webhookInput, { defaultValues: { url: "", description: "", events: [...WEBHOOK_EVENT_TYPES] } });
  const create = useMutation({
    mutationFn: (webhook: unknown) =>
      apiFetch<{ webhook: Webhook & { secret: string } }>(`/api/v1/locations/${locationId}/webhooks`, {
        method: "POST",
        body: { webhook },
      }).then((r) => r.webhook),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookQueries.list(locationId).queryKey }),
  });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useServerSubmit(form, async (values) => onCreated(await create.mutateAsync(values)), "webhook.");
  const eventsError = errors.events?.message ?? errors.events?.root?.message;

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <Field label="URL" error={errors.url?.message} hint="Where Taproom sends each change: an https address of your system.">
        {(props) => (
          <input
            {...props}
            {...form.register("url")}
            type="url"
            className="input"
            placeholder="https://example.com/hooks/taproom"
            autoComplete="off"
          />
        )}
      </Field>
      <Field label="Description" error={errors.description?.message} hint="Optional: what this webhook feeds, for your team.">
        {(props) => <input {...props} {...form.register("description")} className="input" autoComplete="off" />}
      </Field>
      <fieldset
        className={styles.fieldset}
        aria-invalid={Boolean(eventsError)}
        aria-describedby={eventsError ? "webhook-events-error" : undefined}
      >
        <legend className={styles.legend}>Events</legend>
        <div className={styles.checks}>
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className={styles.check}>
              <input type="checkbox" value={type} {...form.register("events")} />
              <span>
                {EVENT_LABELS[type]} <code className={styles.type}>{type}</code>
              </span>
            </label>
          ))}
        </div>
        {eventsError && (
          <p id="webhook-events-error" className={styles.failure}>
            Events {eventsError.replace(/^must name at least one event type.*/, "— choose at least one")}
          </p>
        )}
      </fieldset>
      <FormFooter failure={failure} busy={isSubmitting} busyLabel="Adding…" submitLabel="Add webhook" onCancel={onCancel} />
    </form>
  );
}
