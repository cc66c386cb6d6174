"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog } from "@/components/ui/dialog";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { useToast } from "@/components/ui/toast";
import type { BoardStatus } from "@/lib/boards/status";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type Board, boardQueries } from "@/lib/client/queries/boards";
import { useNow } from "@/lib/client/use-now";
import { languageName } from "@/lib/shared/language";
import { type Clock, formatDayTime, type VenueTime } from "@/lib/shared/time-format";
import styles from "./boards.module.css";
import { EditBoardDialog, PairBoardDialog } from "./lazy-dialogs";

// The Boards page (venue-operations §10): every TV of the location with its status (online, offline,
// offline as expected while the venue is closed), when it was last heard, the menu version it shows
// against the menu's own, and its controls. The list is read again every 10 s (a status moves with time
// alone); the dialogs load when opened.

type Venue = { id: number; name: string; time_zone: string; clock: Clock; languages: string[] };

/** "Deutsch (de)", or the location's default when the board has none (decision 097). */
export function boardLanguage(language: string | null, languages: string[]): string {
  if (language) return `${languageName(language)} (${language})`;
  const fallback = languages[0] ?? "en";
  return `The location's default: ${languageName(fallback)} (${fallback})`;
}

const STATUS: Record<BoardStatus, { label: string; tone: string; hint: string }> = {
  online: { label: "Online", tone: "badge--ok", hint: "Heard from in the last 90 seconds" },
  offline: { label: "Offline", tone: "badge--bad", hint: "No heartbeat for over 90 seconds while the venue is open" },
  offline_expected: { label: "Offline as expected", tone: "", hint: "No heartbeat, but the venue is closed now" },
};

/** "just now", "45 s ago", "3 min ago", "2 h ago", "4 days ago". */
export function ago(at: string, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(at).getTime()) / 1000));
  if (seconds < 15) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  return `${days} day${days === 1 ? "" : "s"} ago`;
}

/** "Showing v12 of 12", "Behind: v10 of 12", "Nothing drawn yet". */
export function versionLine(board: Pick<Board, "version_shown" | "menu_version">): { text: string; behind: boolean } {
  if (board.menu_version === null) return { text: "No menu chosen", behind: true };
  if (board.version_shown === null) return { text: `Not drawn yet (menu at v${board.menu_version})`, behind: true };
  if (board.version_shown >= board.menu_version) return { text: `Showing v${board.version_shown} of ${board.menu_version}`, behind: false };
  return { text: `Behind: v${board.version_shown} of ${board.menu_version}`, behind: true };
}

export function BoardsPanel({ location, canEdit, canNudge }: { location: Venue; canEdit: boolean; canNudge: boolean }) {
  const query = useQuery(boardQueries.list(location.id));
  const venue: VenueTime = { zone: location.time_zone, clock: location.clock };
  const [pairing, setPairing] = useState(false);
  const [editing, setEditing] = useState<Board | null>(null);
  const [unpairing, setUnpairing] = useState<Board | null>(null);
  const now = useNow();
  const notify = useToast();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: boardQueries.all() });
  const unpair = useMutation({
    mutationFn: (board: Board) => apiFetch(`/api/v1/boards/${board.id}`, { method: "DELETE" }),
    onSuccess: (_, board) => {
      notify(`${board.name} is unpaired: its screen shows a new code.`);
      setUnpairing(null);
    },
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
    onSettled: refresh,
  });

  const actions = canEdit ? (
    <button type="button" className="btn btn--primary" onClick={() => setPairing(true)}>
      Pair a board
    </button>
  ) : null;

  function content() {
    if (query.isError && !query.data) return <ErrorState message={problemMessage(query.error)} onRetry={() => void query.refetch()} />;
    if (!query.data) return <Skeleton lines={2} height="7rem" label="Loading boards" />;
    if (query.data.length === 0) {
      return (
        <EmptyState title="No boards yet">
          <p>
            Open <strong>{typeof window === "undefined" ? "/board" : `${window.location.origin}/board`}</strong> on the TV: it shows an
            8-character code. {canEdit ? "Choose “Pair a board” and type that code." : "A manager pairs it by that code."}
          </p>
        </EmptyState>
      );
    }
    return (
      <ul className={styles.list}>
        {query.data.map((board) => (
          <li key={board.id}>
            <BoardCard
              board={board}
              venue={venue}
              languages={location.languages}
              now={now}
              canEdit={canEdit}
              canNudge={canNudge}
              onEdit={() => setEditing(board)}
              onUnpair={() => setUnpairing(board)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Boards"
        subtitle={`${location.name} · the TVs showing your menus · times in ${location.time_zone}`}
        actions={actions}
      />
      <section aria-label="Boards" aria-busy={!query.data}>
        {content()}
      </section>
      {pairing && <PairBoardDialog locationId={location.id} onClose={() => setPairing(false)} />}
      {editing && <EditBoardDialog locationId={location.id} board={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={unpairing !== null}
        title={`Unpair ${unpairing?.name ?? "this board"}?`}
        message={<p>Its screen stops showing the menu and shows a new code. To bring it back, pair it again with that code.</p>}
        confirmLabel="Unpair"
        busy={unpair.isPending}
        onConfirm={() => unpairing && unpair.mutate(unpairing)}
        onClose={() => setUnpairing(null)}
      />
    </>
  );
}

function BoardCard({
  board,
  venue,
  languages,
  now,
  canEdit,
  canNudge,
  onEdit,
  onUnpair,
}: {
  board: Board;
  venue: VenueTime;
  languages: string[];
  now: Date | null;
  canEdit: boolean;
  canNudge: boolean;
  onEdit: () => void;
  onUnpair: () => void;
}) {
  const notify = useToast();
  const status = STATUS[board.status];
  const version = versionLine(board);
  const command = useMutation({
    mutationFn: (what: "reload" | "identify") => apiFetch(`/api/v1/boards/${board.id}/${what}`, { method: "POST" }),
    onSuccess: (_, what) =>
      notify(what === "reload" ? `${board.name} is reloading.` : `${board.name} shows its name on screen for a few seconds.`),
    onError: (error) => notify(problemMessage(error), { tone: "error" }),
  });
  return (
    <article className={`card ${styles.board}`} aria-labelledby={`board-${board.id}`}>
      <div className={styles.head}>
        <h2 id={`board-${board.id}`} className={styles.name}>
          {board.name}
        </h2>
        <span className={`badge ${status.tone}`} title={status.hint}>
          {status.label}
        </span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Menu</dt>
          <dd>{board.menu_name ?? "None (its menu was deleted)"}</dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd className={version.behind ? styles.behind : undefined}>{version.text}</dd>
        </div>
        <div>
          <dt>Last seen</dt>
          <dd>
            {board.last_seen_at ? (
              <time dateTime={board.last_seen_at} title={board.last_seen_at}>
                {now ? `${ago(board.last_seen_at, now)} · ` : ""}
                {formatDayTime(board.last_seen_at, venue, now)}
              </time>
            ) : (
              "Not yet"
            )}
          </dd>
        </div>
        <div>
          <dt>Theme</dt>
          <dd>{board.theme === "dark" ? "Dark" : "Light"}</dd>
        </div>
        <div>
          <dt>Language</dt>
          <dd>{boardLanguage(board.language, languages)}</dd>
        </div>
      </dl>
      {(canEdit || canNudge) && (
        <div className={styles.actions}>
          {canNudge && (
            <>
              <button type="button" className="btn btn--small" onClick={() => command.mutate("identify")} disabled={command.isPending}>
                Identify<span className="visually-hidden"> {board.name}</span>
              </button>
              <button type="button" className="btn btn--small" onClick={() => command.mutate("reload")} disabled={command.isPending}>
                Reload<span className="visually-hidden"> {board.name}</span>
              </button>
            </>
          )}
          {canEdit && (
            <>
              <button type="button" className="btn btn--small" onClick={onEdit}>
                Change<span className="visually-hidden"> {board.name}</span>
              </button>
              <button type="button" className={`btn btn--small btn--danger ${styles.unpair}`} onClick={onUnpair}>
                Unpair<span className="visually-hidden"> {board.name}</span>
              </button>
            </>
          )}
        </div>
      )}
    </article>
  );
}
