"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { historyQueries, type MenuVersion } from "@/lib/client/queries/history";
import { menuQueries, type MenuTree } from "@/lib/client/queries/menus";
import { formatDateTime, type VenueTime } from "@/lib/shared/time-format";
import { diffTrees, type DiffKind } from "./tree-diff";
import styles from "./history.module.css";

const VIA = { token: "with an API token", session: "in the dashboard", system: "automatically" } as const;
const LABEL: Record<DiffKind, { word: string; sign: string }> = {
  added: { word: "Added", sign: "+" },
  removed: { word: "Removed", sign: "−" },
  moved: { word: "Moved", sign: "↕" },
  changed: { word: "Changed", sign: "~" },
};

const who = (version: MenuVersion) => version.actor.name ?? (version.actor.via === "system" ? "Taproom" : "Someone");

/**
 * The menu's history: its versions (who, when, what), any version compared with the current one, and
 * restore with undo (for those who may edit the menu; others only look).
 */
export function HistoryDialog({
  open,
  onClose,
  menuId,
  menuName,
  canRestore,
  venue = null,
}: {
  open: boolean;
  onClose: () => void;
  menuId: number;
  menuName: string;
  canRestore: boolean;
  /** The venue's zone and clock: every time is on its wall clock. */
  venue?: VenueTime | null;
}) {
  // Here, not in the comparison: the toast's Undo runs after the dialog has closed.
  const restore = useRestore(menuId);
  return (
    <Dialog open={open} onClose={onClose} title={`History of ${menuName}`} wide>
      {open && <HistoryBody menuId={menuId} venue={venue} restore={canRestore ? restore : null} onRestored={onClose} />}
    </Dialog>
  );
}

type RestoreMutation = ReturnType<typeof useRestore>;

function HistoryBody({
  menuId,
  venue,
  restore,
  onRestored,
}: {
  menuId: number;
  venue: VenueTime | null;
  restore: RestoreMutation | null;
  onRestored: () => void;
}) {
  const versions = useInfiniteQuery(historyQueries.versions(menuId));
  const current = useQuery(menuQueries.tree(menuId));
  const [selected, setSelected] = useState<number | null>(null);
  const list = useMemo(() => versions.data?.pages.flat() ?? [], [versions.data]);
  const latest = current.data?.version ?? list[0]?.version;

  if (versions.isError)
    return <ErrorState message={`The history could not be loaded: ${problemMessage(versions.error)}`} onRetry={() => versions.refetch()} />;
  if (versions.isPending || !current.data) return <p className={styles.muted}>Loading the history…</p>;

  return (
    <div className={styles.layout}>
      <section aria-labelledby="history-versions" className={styles.versions}>
        <h3 id="history-versions" className={styles.heading}>
          Versions
        </h3>
        <p className={styles.muted}>
          {restore
            ? "Newest first. Choose one to see what has changed since and to restore it."
            : "Newest first. Choose one to see what has changed since."}
          {venue && ` Times are in ${venue.zone}.`}
        </p>
        <ol className={styles.list}>
          {list.map((version) => (
            <li key={version.version}>
              <button
                type="button"
                className={styles.version}
                aria-pressed={selected === version.version}
                disabled={version.version === latest}
                onClick={() => setSelected(version.version)}
              >
                <span className={styles.versionLine}>
                  <strong>Version {version.version}</strong>
                  {version.version === latest && <span className="badge badge--ok">Current</span>}
                </span>
                <span className={styles.summary}>{version.summary}</span>
                <span className={styles.meta}>
                  {who(version)} {VIA[version.actor.via]}, <time dateTime={version.at}>{formatDateTime(version.at, venue)}</time>
                </span>
              </button>
            </li>
          ))}
        </ol>
        {versions.hasNextPage && (
          <button type="button" className="btn btn--small" disabled={versions.isFetchingNextPage} onClick={() => versions.fetchNextPage()}>
            {versions.isFetchingNextPage ? "Loading…" : "Show older versions"}
          </button>
        )}
      </section>
      <section aria-labelledby="history-compare" className={styles.compare}>
        {selected === null ? (
          <>
            <h3 id="history-compare" className={styles.heading}>
              Compare
            </h3>
            <p className={styles.muted}>Choose an earlier version to compare it with the current menu (version {latest}).</p>
          </>
        ) : (
          <Comparison key={selected} menuId={menuId} version={selected} current={current.data} restore={restore} onRestored={onRestored} />
        )}
      </section>
    </div>
  );
}

function Comparison({
  menuId,
  version,
  current,
  restore,
  onRestored,
}: {
  menuId: number;
  version: number;
  current: MenuTree;
  restore: RestoreMutation | null;
  onRestored: () => void;
}) {
  const then = useQuery(historyQueries.version(menuId, version));
  const [confirming, setConfirming] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const descriptionId = useId();
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const entries = useMemo(() => (then.data ? diffTrees(then.data, current) : []), [then.data, current]);

  return (
    <>
      <h3 id="history-compare" className={styles.heading} ref={headingRef} tabIndex={-1}>
        Version {version} compared with the current menu
      </h3>
      {then.isError ? (
        <p className={styles.error} role="alert">
          This version could not be loaded: {problemMessage(then.error)}
        </p>
      ) : !then.data ? (
        <p className={styles.muted}>Loading version {version}…</p>
      ) : (
        <>
          <p className={styles.muted} id={descriptionId}>
            {entries.length === 0
              ? "No differences: this version looks like the current menu."
              : `Changed since version ${version} (${entries.length} ${entries.length === 1 ? "difference" : "differences"})${restore ? "; restoring it undoes them" : ""}:`}
          </p>
          {entries.length > 0 && (
            <ul className={styles.diff} aria-describedby={descriptionId}>
              {entries.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt whole from two trees; entries have no identity of their own
                <li key={index} className={`${styles.entry} ${styles[entry.kind]}`}>
                  <span className={styles.tag}>
                    <span aria-hidden>{LABEL[entry.kind].sign}</span> {LABEL[entry.kind].word}
                  </span>
                  <span>{entry.text}</span>
                </li>
              ))}
            </ul>
          )}
          {!restore ? null : !confirming ? (
            <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)}>
              Restore this version
            </button>
          ) : (
            <fieldset className={styles.confirm} aria-labelledby={`${descriptionId}-confirm`}>
              <p id={`${descriptionId}-confirm`}>
                Restore version {version}? The menu is put back as it was then, as a new version; you can undo it. What is 86’d stays as it
                is now.
              </p>
              <div className={styles.actions}>
                <button
                  ref={confirmRef}
                  type="button"
                  className="btn btn--primary"
                  disabled={restore.isPending}
                  onClick={() => restore.mutate({ version, previous: current.version }, { onSuccess: onRestored })}
                >
                  {restore.isPending ? "Restoring…" : `Restore version ${version}`}
                </button>
                <button type="button" className="btn" disabled={restore.isPending} onClick={() => setConfirming(false)}>
                  Cancel
                </button>
              </div>
            </fieldset>
          )}
        </>
      )}
    </>
  );
}

type Restore = { version: number; previous: number; undo?: boolean };

/** POST …/revert; the toast's Undo reverts the revert (back to the version it replaced). */
function useRestore(menuId: number) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const restore = useMutation({
    mutationFn: ({ version }: Restore) =>
      apiFetch<{ menu: MenuTree }>(`/api/v1/menus/${menuId}/versions/${version}/revert`, { method: "POST" }),
    onSuccess: ({ menu }, vars) => {
      queryClient.setQueryData(menuQueries.tree(menuId).queryKey, menu);
      if (vars.undo) return notify(`Undone: the menu is back to version ${vars.version}.`);
      if (menu.version === vars.previous) return notify(`Version ${vars.version} is already what the menu shows; nothing changed.`);
      notify(`Restored version ${vars.version} (now version ${menu.version}).`, {
        action: { label: "Undo", run: () => restore.mutate({ version: vars.previous, previous: menu.version, undo: true }) },
      });
    },
    onError: (error, vars) => notify(`Version ${vars.version} was not restored: ${problemMessage(error)}`, { tone: "error" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuQueries.all() }),
  });
  return restore;
}
