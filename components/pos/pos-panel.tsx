"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type PosConnection, posQueries, type SyncReport } from "@/lib/client/queries/pos";
import { formatDateTime, type Clock } from "@/lib/shared/time-format";
import { directionChoices } from "./directions";
import styles from "./pos.module.css";

// The Toast keys form (react-hook-form and zod) loads when the person opens it: the page stays in its budget.
const ToastConnectDialog = dynamic(() => import("./toast-connect-dialog").then((module) => module.ToastConnectDialog), { ssr: false });

// The Point of sale page of a location (pos.md §2–4): connect Square (its consent page, then back here)
// or Toast (its API client's keys, connected at once),
// the connection's status and last error, which side leads, a drift check (dry run) and a sync now,
// the way to Matching, and disconnect.

type PageLocation = { id: number; name: string; time_zone: string; clock: Clock };

const PROVIDER_NAMES: Record<PosConnection["provider"], string> = { square: "Square", toast: "Toast" };

/** What the OAuth callback said, from `?pos=` on the way back. */
const ARRIVALS: Record<string, { text: string; tone: "ok" | "bad" }> = {
  connected: { text: "Connected. The first sync has run: confirm the suggested matches next.", tone: "ok" },
  error: { text: "The connection did not finish: its status below says why.", tone: "bad" },
};

export function PosPanel({ location, arrived }: { location: PageLocation; arrived: string | null }) {
  const query = useQuery(posQueries.connections(location.id));
  const client = useQueryClient();
  const notify = useToast();
  const venue = useMemo(() => ({ zone: location.time_zone, clock: location.clock }), [location.time_zone, location.clock]);
  const refresh = () => client.invalidateQueries({ queryKey: posQueries.all() });
  const [connectingToast, setConnectingToast] = useState(false);

  const connect = useMutation({
    mutationFn: () =>
      apiFetch<{ pos_connection: PosConnection }>(`/api/v1/locations/${location.id}/pos_connections`, {
        method: "POST",
        body: { pos_connection: { provider: "square" } },
      }).then((r) => r.pos_connection),
    onSuccess: (connection) => {
      // Square's consent page, then its callback brings the browser back here.
      if (connection.authorize_url) window.location.assign(connection.authorize_url);
    },
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={1} height="9rem" label="Loading the connection" />;
    if (query.data.length === 0) {
      return (
        <EmptyState title="No point of sale connected">
          <p>
            Connect your till and the board follows it: a beer sold out at the till is 86'd on every TV within seconds, prices come across,
            and each pint rung up is counted on its keg.
          </p>
          {connectButtons("btn--primary")}
        </EmptyState>
      );
    }
    const connected = new Set(query.data.map((connection) => connection.provider));
    return (
      <>
        <ul className={styles.list}>
          {query.data.map((connection) => (
            <li key={connection.id}>
              <ConnectionCard
                connection={connection}
                locationId={location.id}
                when={(at) => formatDateTime(at, venue)}
                onChanged={refresh}
                onReconnect={() => (connection.provider === "toast" ? setConnectingToast(true) : connect.mutate())}
              />
            </li>
          ))}
        </ul>
        {connected.size < 2 && connectButtons("btn--small", connected)}
      </>
    );
  }

  /** A button for each provider the location is not connected to (one connection per provider). */
  function connectButtons(tone: string, connected = new Set<string>()) {
    return (
      <div className={styles.actions}>
        {!connected.has("square") && (
          <button type="button" className={`btn ${tone}`} onClick={() => connect.mutate()} disabled={connect.isPending}>
            {connect.isPending ? "Opening Square…" : "Connect Square"}
          </button>
        )}
        {!connected.has("toast") && (
          <button type="button" className={`btn ${tone}`} onClick={() => setConnectingToast(true)}>
            Connect Toast
          </button>
        )}
      </div>
    );
  }

  const arrival = arrived ? ARRIVALS[arrived] : undefined;
  return (
    <>
      <PageHeader title="Point of sale" subtitle={`${location.name} · the till and the board agree · times in ${location.time_zone}`} />
      {arrival && (
        <p role="status" className={arrival.tone === "ok" ? styles.arrivedOk : styles.arrivedBad}>
          {arrival.text}
        </p>
      )}
      <section aria-label="Point of sale connections" aria-busy={!query.data}>
        {content()}
      </section>
      <ToastConnectDialog open={connectingToast} onClose={() => setConnectingToast(false)} locationId={location.id} onConnected={refresh} />
    </>
  );
}

const STATUS: Record<PosConnection["status"], { label: string; tone: string }> = {
  connected: { label: "Connected", tone: "badge--ok" },
  pending: { label: "Waiting for consent", tone: "badge--warn" },
  error: { label: "Needs attention", tone: "badge--bad" },
  disconnected: { label: "Disconnected", tone: "badge--bad" },
};

function ConnectionCard({
  connection,
  locationId,
  when,
  onChanged,
  onReconnect,
}: {
  connection: PosConnection;
  locationId: number;
  when: (at: string) => string;
  onChanged: () => void;
  onReconnect: () => void;
}) {
  const notify = useToast();
  const headingId = useId();
  const directionId = useId();
  const [report, setReport] = useState<SyncReport | null>(null);
  const [disconnecting, setDisconnecting] = useState(false);
  const name = PROVIDER_NAMES[connection.provider];

  const direction = useMutation({
    mutationFn: (value: PosConnection["direction"]) =>
      apiFetch(`/api/v1/pos_connections/${connection.id}`, { method: "PATCH", body: { pos_connection: { direction: value } } }),
    onSuccess: () => notify("Saved: which side leads."),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: onChanged,
  });
  const sync = useMutation({
    mutationFn: (dryRun: boolean) =>
      apiFetch<{ sync: SyncReport }>(`/api/v1/pos_connections/${connection.id}/sync${dryRun ? "?dry_run=true" : ""}`, {
        method: "POST",
      }).then((r) => r.sync),
    onSuccess: (result) => setReport(result),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: onChanged,
  });
  const remove = useMutation({
    mutationFn: () => apiFetch(`/api/v1/pos_connections/${connection.id}`, { method: "DELETE" }),
    onSuccess: () => notify(`${name} disconnected: nothing more is sent either way. Your menus stay as they are.`),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: onChanged,
  });
  const restart = useMutation({
    mutationFn: () => apiFetch(`/api/v1/pos_connections/${connection.id}`, { method: "DELETE" }),
    onSuccess: onReconnect,
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
  });

  const { label, tone } = STATUS[connection.status];
  const connected = connection.status === "connected";
  const choices = directionChoices(connection);
  const chosen = choices.find((each) => each.value === connection.direction);
  return (
    <article className={`card ${styles.card}`} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId} className={styles.name}>
          {name}
          {connection.external_location_id && <span className={styles.external}> · location {connection.external_location_id}</span>}
        </h2>
        <span className={`badge ${tone}`}>{label}</span>
      </div>
      <p className={styles.meta}>
        {connection.last_sync_at ? `Last synced ${when(connection.last_sync_at)}` : "Not synced yet"} · connected since{" "}
        {when(connection.created_at)}
      </p>
      {connection.last_error && (
        <p className={styles.reason} role="note">
          <strong>Last error:</strong> {connection.last_error}
        </p>
      )}
      {connection.status === "pending" && (
        <p className={styles.meta}>The consent page at {name} was not finished. Start again to open it once more.</p>
      )}

      {connected && (
        <div className={styles.direction}>
          <label htmlFor={directionId}>Which side leads</label>
          <select
            id={directionId}
            className="input"
            value={connection.direction}
            disabled={direction.isPending}
            onChange={(event) => direction.mutate(event.target.value as PosConnection["direction"])}
          >
            {choices.map((each) => (
              <option key={each.value} value={each.value}>
                {each.label}
              </option>
            ))}
          </select>
          {chosen && <p className={styles.help}>{chosen.help}</p>}
        </div>
      )}

      <div className={styles.actions}>
        {connected && (
          <>
            <Link className="btn btn--small btn--primary" href={`/locations/${locationId}/pos/matching?connection=${connection.id}`}>
              Matching
            </Link>
            <button type="button" className="btn btn--small" onClick={() => sync.mutate(true)} disabled={sync.isPending}>
              Check for drift
            </button>
            <button type="button" className="btn btn--small" onClick={() => sync.mutate(false)} disabled={sync.isPending}>
              {sync.isPending ? "Syncing…" : "Sync now"}
            </button>
          </>
        )}
        {connection.status !== "connected" && (
          <button type="button" className="btn btn--small btn--primary" onClick={() => restart.mutate()} disabled={restart.isPending}>
            Start again
          </button>
        )}
        <button type="button" className="btn btn--small btn--danger" onClick={() => setDisconnecting(true)}>
          Disconnect
        </button>
      </div>

      {report && <SyncSummary report={report} />}

      <ConfirmDialog
        open={disconnecting}
        title={`Disconnect ${name}?`}
        message={
          <p>Nothing more is sent either way, at once, and the matches are forgotten. Your menus, prices and 86es stay as they are now.</p>
        }
        confirmLabel="Disconnect"
        onClose={() => setDisconnecting(false)}
        onConfirm={() => {
          setDisconnecting(false);
          remove.mutate();
        }}
      />
    </article>
  );
}

/** A sync's report: counts, then what could not be applied and why. */
function SyncSummary({ report }: { report: SyncReport }) {
  const counts: [string, number][] = [
    ["new from the till", report.created],
    ["prices changed", report.updated],
    ["gone from the till", report.removed],
    ["86'd", report.eighty_sixed],
    ["back on", report.restored],
  ];
  const nothing = counts.every(([, count]) => count === 0) && report.errors.length === 0;
  return (
    <section className={styles.report} aria-label={report.dry_run ? "Drift found" : "Sync result"} role="status">
      <h3 className={styles.reportTitle}>{report.dry_run ? "Drift (nothing changed yet)" : "Synced"}</h3>
      {nothing ? (
        <p className={styles.meta}>{report.dry_run ? "No drift: the till and Taproom agree." : "Nothing needed changing."}</p>
      ) : (
        <ul className={styles.counts}>
          {counts
            .filter(([, count]) => count > 0)
            .map(([what, count]) => (
              <li key={what}>
                <strong>{count}</strong> {what}
              </li>
            ))}
        </ul>
      )}
      {report.errors.length > 0 && (
        <ul className={styles.errors}>
          {report.errors.map((error) => (
            <li key={error.pos_variation_id}>
              {error.pos_variation_id}: {error.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
