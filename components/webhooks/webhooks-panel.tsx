"use client";

import dynamic from "next/dynamic";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useId, useMemo, useRef, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type Delivery, type Webhook, webhookQueries } from "@/lib/client/queries/webhooks";
import { formatDateTime, type Clock, type VenueTime } from "@/lib/shared/time-format";
import { CHANGE_TYPES as WEBHOOK_EVENT_TYPES } from "@/lib/shared/change-types";

// The form (zod, react-hook-form) is loaded when its dialog opens: out of the page's first load (decision 068).
const WebhookForm = dynamic(() => import("./webhook-form").then((module) => module.WebhookForm), { ssr: false });
import styles from "./webhooks.module.css";

/** The Webhooks page of a location: the list, add (with the secret shown once), test, re-enable, delete, deliveries. */
/** The venue's zone and clock: deliveries and failures are told on its wall clock, as everywhere in the dashboard. */
const VenueTimeContext = createContext<VenueTime | null>(null);
const useWhen = () => {
  const venue = useContext(VenueTimeContext);
  return (at: string) => formatDateTime(at, venue);
};

export function WebhooksPanel({ location }: { location: { id: number; name: string; time_zone: string; clock: Clock } }) {
  const query = useQuery(webhookQueries.list(location.id));
  const venue = useMemo(() => ({ zone: location.time_zone, clock: location.clock }), [location.time_zone, location.clock]);
  const client = useQueryClient();
  const notify = useToast();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<(Webhook & { secret: string }) | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const refresh = () => client.invalidateQueries({ queryKey: webhookQueries.all() });

  const remove = useMutation({
    mutationFn: (webhook: Webhook) => apiFetch(`/api/v1/webhooks/${webhook.id}`, { method: "DELETE" }),
    onSuccess: () => {
      notify("Webhook deleted.");
      addButton.current?.focus();
    },
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });

  const add = (
    <button ref={addButton} type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
      Add webhook
    </button>
  );

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={2} height="7rem" label="Loading webhooks" />;
    if (query.data.length === 0) {
      return (
        <EmptyState title="No webhooks yet">
          <p>
            A webhook tells your own systems (POS, website, signage) about every menu change as it happens, signed so they can trust it.
          </p>
          <button type="button" className="btn btn--primary" onClick={() => setAdding(true)}>
            Add a webhook
          </button>
        </EmptyState>
      );
    }
    return (
      <ul className={styles.list}>
        {query.data.map((webhook) => (
          <li key={webhook.id}>
            <WebhookCard webhook={webhook} onDelete={() => setDeleting(webhook)} onChanged={refresh} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <VenueTimeContext.Provider value={venue}>
      <PageHeader
        title="Webhooks"
        subtitle={`${location.name} · menu changes sent to your systems · times in ${location.time_zone}`}
        actions={add}
      />
      <section aria-label="Webhooks" aria-busy={!query.data}>
        {content()}
      </section>

      <Dialog open={adding} onClose={() => setAdding(false)} title="Add webhook" wide>
        {adding && (
          <WebhookForm
            locationId={location.id}
            onCancel={() => setAdding(false)}
            onCreated={(webhook) => {
              setAdding(false);
              setCreated(webhook);
            }}
          />
        )}
      </Dialog>

      <Dialog open={created !== null} onClose={() => setCreated(null)} title="Webhook added: copy its secret">
        {created && <SecretNotice secret={created.secret} url={created.url} onDone={() => setCreated(null)} />}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        message={
          <p>
            <span className={styles.url}>{deleting?.url}</span> will get no more changes, and its delivery log is removed. This cannot be
            undone.
          </p>
        }
        confirmLabel="Delete webhook"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </VenueTimeContext.Provider>
  );
}

/** The secret, shown this once, with a copy button. */
function SecretNotice({ secret, url, onDone }: { secret: string; url: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("yes");
    } catch {
      input.current?.select();
      setCopied("no");
    }
  }
  return (
    <div>
      <p>
        Changes now go to <span className={styles.url}>{url}</span>, signed with this secret (Standard Webhooks). Store it in your receiving
        system now: <strong>it is not shown again.</strong>
      </p>
      <label htmlFor={id} className={styles.secretLabel}>
        Signing secret
      </label>
      <div className={styles.secretRow}>
        <input
          ref={input}
          id={id}
          className={`input ${styles.secret}`}
          readOnly
          value={secret}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
        />
        <button type="button" className="btn" onClick={() => void copy()}>
          Copy
        </button>
      </div>
      <p role="status" className={styles.copied}>
        {copied === "yes"
          ? "Copied to the clipboard."
          : copied === "no"
            ? "Could not copy: the secret is selected, copy it with your keyboard."
            : ""}
      </p>
      <div className={styles.formActions}>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          I have stored it
        </button>
      </div>
    </div>
  );
}

function status(webhook: Webhook) {
  if (!webhook.enabled) return { label: "Disabled", tone: "badge--bad" };
  if (webhook.failing_since) return { label: "Failing, retrying", tone: "badge--warn" };
  return { label: "Active", tone: "badge--ok" };
}

function WebhookCard({ webhook, onDelete, onChanged }: { webhook: Webhook; onDelete: () => void; onChanged: () => void }) {
  const when = useWhen();
  const notify = useToast();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = useId();
  const headingId = useId();
  const test = useMutation({
    mutationFn: () => apiFetch<{ delivery: Delivery }>(`/api/v1/webhooks/${webhook.id}/test`, { method: "POST" }).then((r) => r.delivery),
    onSuccess: (delivery) =>
      delivery.status === "succeeded"
        ? notify(`Test event delivered (HTTP ${delivery.response_status}).`)
        : notify(`Test event failed: ${delivery.error ?? "no answer"}.`, { tone: "error" }),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: onChanged,
  });
  const enable = useMutation({
    mutationFn: () => apiFetch(`/api/v1/webhooks/${webhook.id}`, { method: "PATCH", body: { webhook: { enabled: true } } }),
    onSuccess: () => notify("Webhook enabled: it resumes at the change it stopped at."),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: onChanged,
  });
  const { label, tone } = status(webhook);
  const all = webhook.events.length === WEBHOOK_EVENT_TYPES.length;
  return (
    <article className={`card ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.url}>
          {webhook.url}
        </h2>
        <span className={`badge ${tone}`}>{label}</span>
      </div>
      {webhook.description && <p className={styles.description}>{webhook.description}</p>}
      <p className={styles.meta}>
        {all ? "All events" : webhook.events.join(", ")} · added {when(webhook.created_at)}
      </p>
      {!webhook.enabled && webhook.disabled_reason && (
        <p className={styles.reason}>
          {webhook.disabled_reason}
          {webhook.disabled_at ? ` (${when(webhook.disabled_at)})` : ""}
        </p>
      )}
      {webhook.enabled && webhook.failing_since && (
        <p className={styles.reason}>
          Failing since {when(webhook.failing_since)}
          {webhook.next_attempt_at ? `; next try ${when(webhook.next_attempt_at)}` : ""}. After 24 hours of failures it is disabled.
        </p>
      )}
      <div className={styles.actions}>
        <button type="button" className="btn btn--small" onClick={() => test.mutate()} disabled={test.isPending}>
          {test.isPending ? "Sending…" : "Send test event"}
        </button>
        {!webhook.enabled && (
          <button type="button" className="btn btn--small" onClick={() => enable.mutate()} disabled={enable.isPending}>
            Re-enable
          </button>
        )}
        <button
          type="button"
          className="btn btn--small"
          aria-expanded={showDeliveries}
          aria-controls={deliveriesId}
          onClick={() => setShowDeliveries((shown) => !shown)}
        >
          {showDeliveries ? "Hide deliveries" : "Recent deliveries"}
        </button>
        <button type="button" className="btn btn--small btn--danger" onClick={onDelete}>
          Delete
        </button>
      </div>
      <div id={deliveriesId} hidden={!showDeliveries}>
        {showDeliveries && <Deliveries webhookId={webhook.id} />}
      </div>
    </article>
  );
}

function Deliveries({ webhookId }: { webhookId: number }) {
  const when = useWhen();
  const query = useQuery(webhookQueries.deliveries(webhookId));
  if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Skeleton lines={2} height="1.5rem" label="Loading deliveries" />;
  if (query.data.length === 0) return <p className={styles.meta}>Nothing delivered yet. Change a menu or send a test event.</p>;
  return (
    <table className={styles.deliveries}>
      <caption className="visually-hidden">Recent deliveries, newest first</caption>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Event</th>
          <th scope="col">Result</th>
        </tr>
      </thead>
      <tbody>
        {query.data.map((delivery) => (
          <tr key={delivery.id}>
            <td>{when(delivery.at)}</td>
            <td>
              <code className={styles.type}>{delivery.type}</code>
              {delivery.attempt > 1 ? ` · try ${delivery.attempt}` : ""}
            </td>
            <td>
              <span className={delivery.status === "succeeded" ? styles.ok : styles.failed}>
                {delivery.status === "succeeded" ? "Delivered" : "Failed"}
              </span>
              {delivery.response_status !== null ? ` · HTTP ${delivery.response_status}` : ""}
              {delivery.status === "failed" && delivery.error ? <span className={styles.error}> · {delivery.error}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
