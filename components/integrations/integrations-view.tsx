"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CopyBlock } from "@/components/account/copy-block";
import { useCopy } from "@/components/account/use-copy";
import { PageHeader } from "@/components/shell/page-header";
import { locationNames, type NamedLocation, relativeTime } from "@/components/team/format";
import { ConfirmDialog, Dialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type ApiKey, type CreatedApiKey, integrationQueries } from "@/lib/client/queries/integrations";
import { useNow } from "@/lib/client/use-now";
import type { Scope } from "@/lib/auth/scopes";
import { BOARD_KEY } from "./presets";

// The form (zod, react-hook-form) is loaded when its dialog opens: out of the page's first load (decision 068).
const KeyForm = dynamic(() => import("./key-form").then((module) => module.KeyForm), { ssr: false });
import styles from "./integrations.module.css";

/**
 * The Integrations page (venue-operations §12): the business's integration keys with their scopes,
 * places and last use; a new key (its secret shown once), and revoking one (refused at once everywhere).
 * A TV board or a website is steered to a key that can only read menus.
 */
export function IntegrationsView({ locations, everyLocation }: { locations: NamedLocation[]; everyLocation: boolean }) {
  const query = useQuery(integrationQueries.list());
  const client = useQueryClient();
  const notify = useToast();
  const now = useNow();
  const copier = useCopy();
  const [creating, setCreating] = useState<{ name: string; scopes: Scope[] } | null>(null);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => apiFetch(`/api/v1/api_keys/${key.id}`, { method: "DELETE" }),
    onSuccess: (_, key) => notify(`“${key.name}” was revoked: integrations using it are refused from now on.`),
    onError: (error, key) => notify(`“${key.name}” was not revoked: ${problemMessage(error)}`, { tone: "error" }),
    onSettled: () => {
      setRevoking(null);
      void client.invalidateQueries({ queryKey: integrationQueries.all() });
    },
  });

  const closeCreate = () => {
    setCreating(null);
    setCreated(null);
  };

  return (
    <>
      <PageHeader
        title="Integrations"
        subtitle="Keys for the systems that read or change your menus: each with a name, only what it needs, and revocable on its own."
        actions={
          <button type="button" className="btn btn--primary" onClick={() => setCreating({ name: "", scopes: [] })}>
            New key
          </button>
        }
      />
      <section className={`card ${styles.suggestion}`} aria-labelledby="board-key-title">
        <h2 id="board-key-title" className={styles.suggestionTitle}>
          A TV board or your website
        </h2>
        <p>
          Give it a key that can only read menus (<code>menus:read</code>): it shows prices and the 86 list, and cannot change anything or
          read your insights. Revoking it touches no other integration.
        </p>
        <button type="button" className="btn" onClick={() => setCreating(BOARD_KEY)}>
          Create a menus:read key
        </button>
      </section>

      <section className={`card ${styles.suggestion}`} aria-labelledby="pos-title">
        <h2 id="pos-title" className={styles.suggestionTitle}>
          Your point of sale
        </h2>
        <p>
          Connect a location's till (Square): sold out at the till is 86'd on every board, prices come across, and pints rung up are counted
          on their kegs.
        </p>
        <ul className={styles.posLinks}>
          {locations.map((location) => (
            <li key={location.id}>
              <Link href={`/locations/${location.id}/pos`}>{`Point of sale · ${location.name}`}</Link>
            </li>
          ))}
        </ul>
      </section>

      {query.isPending ? (
        <Skeleton lines={3} label="Loading the integration keys" />
      ) : query.isError ? (
        <ErrorState message={`The keys could not be loaded: ${problemMessage(query.error)}`} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title="No integration keys yet">
          <p>Integrations can also use your personal tokens (Account), but a key per integration can be limited and revoked on its own.</p>
        </EmptyState>
      ) : (
        <ul className={styles.keys} aria-label="Integration keys">
          {query.data.map((key) => (
            <li key={key.id} className={`card ${styles.key}`}>
              <div className={styles.keyHead}>
                <h2 className={styles.keyName}>{key.name}</h2>
                <p className={styles.prefix}>
                  Starts <code>{key.prefix}</code>
                </p>
              </div>
              <ul className={styles.scopes} aria-label="Scopes">
                {key.scopes.map((scope) => (
                  <li key={scope} className={styles.scope}>
                    {scope}
                  </li>
                ))}
              </ul>
              <p className={styles.meta}>
                {locationNames(key.location_ids, locations)} · made by {key.created_by.name} {relativeTime(key.created_at, now)} ·{" "}
                {key.last_used_at ? `last used ${relativeTime(key.last_used_at, now)}` : "never used"}
              </p>
              <button type="button" className="btn btn--danger" onClick={() => setRevoking(key)}>
                Revoke<span className="visually-hidden"> {key.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}

      <Dialog open={creating !== null} onClose={closeCreate} title={created ? "Copy the key now" : "New integration key"} wide>
        {created ? (
          <div>
            <p className={styles.notice}>
              This is the only time the key is shown. Paste it into the integration as <code>Authorization: Bearer {created.prefix}…</code>.
            </p>
            <CopyBlock id="new-key" label="key" text={created.secret} copier={copier} />
            <div className={styles.formActions}>
              <button type="button" className="btn btn--primary" onClick={closeCreate}>
                Done
              </button>
            </div>
          </div>
        ) : creating ? (
          <KeyForm locations={locations} everyLocation={everyLocation} preset={creating} onCreated={setCreated} onCancel={closeCreate} />
        ) : null}
      </Dialog>

      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        message={<p>Every integration using this key is refused at once. Other keys and your tokens keep working.</p>}
        confirmLabel="Revoke key"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}
