"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { DisplayLook, PreviewResponse } from "@/lib/menus/schemas/preview";
import { MenuPreview } from "./menu-preview";
import { type DisplayStream, useDisplayStream } from "./use-display-stream";
import { useFit } from "./use-fit";
import styles from "./menu-preview.module.css";
import { clockTimeAt, dayTimeAt } from "@/lib/shared/clock";

// The menu display (live-menus §5): the server-rendered menu, fitted to the screen, redrawn in place
// when the stream tells a new version (GET …/data, no reload), and honest when it is cut off: the last
// menu stays up with "as of HH:MM" in the venue's time until the stream is back. A board opened while
// the menu is not visible (a draft, a wrong link: `initial` null) or whose menu is taken down waits in
// its theme and shows the menu as soon as the stream tells it is published.

const PAGE_MS = 12_000;

type Props = {
  menuId: number;
  initial: PreviewResponse | null;
  options: DisplayLook;
  /** What guests see at this instant (the dashboard's "what guests see at…"): edits still show, time stands still. */
  at?: string | null;
  /**
   * A paired board's TV (app/board): its device stream tells the versions (`told`, a new object per
   * event) and the connection's state, so the board opens no stream of its own.
   */
  told?: { stream: DisplayStream; event: { version: number } | { gone: true } | null };
  /** The board's language (decision 097); null: the location's default. */
  lang?: string | null;
  /** Called after each redraw with the version drawn (the board device reports it: POST …/shown). */
  onDrawn?: (version: number) => void;
};

export function LiveDisplay({ menuId, initial, options, at = null, lang = null, told, onDrawn }: Props) {
  const { theme } = options;
  const [preview, setPreview] = useState(initial);
  const [gone, setGone] = useState(initial === null);
  const shown = useRef(initial?.menu.version ?? 0);
  const wanted = useRef(initial?.menu.version ?? 0);
  const loading = useRef(false);
  const query = new URLSearchParams([...(at ? [["at", at]] : []), ...(lang ? [["lang", lang]] : [])]).toString();
  const dataUrl = `/preview/menus/${menuId}/data${query ? `?${query}` : ""}`;

  // Fetches the menu until it is at least the newest version told; one request at a time.
  const load = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      while (wanted.current > shown.current) {
        const target = wanted.current;
        const response = await fetch(dataUrl, { cache: "no-store", credentials: "same-origin" });
        if (response.status === 404) {
          shown.current = target;
          setGone(true);
          break;
        }
        if (!response.ok) break; // the stream's next version (or its reconnection) asks again
        const next = (await response.json()) as PreviewResponse;
        shown.current = Math.max(next.menu.version, target);
        setPreview(next);
        setGone(false);
      }
    } catch {
      // Offline: the stream reconnects and tells the version again.
    } finally {
      loading.current = false;
    }
  }, [dataUrl]);

  const handlers = {
    onVersion: (version: number) => {
      if (version > wanted.current) wanted.current = version;
      // A menu that was gone is told again: its version is fetched even when it is the one last shown.
      else if (gone && version === wanted.current) shown.current = version - 1;
      void load();
    },
    onGone: () => setGone(true),
  };
  const own = useDisplayStream(told ? null : `/preview/menus/${menuId}/stream`, handlers);
  const stream = told?.stream ?? own;
  const latestHandlers = useRef(handlers);
  useEffect(() => {
    latestHandlers.current = handlers;
  });
  const toldEvent = told?.event ?? null;
  useEffect(() => {
    if (!toldEvent) return;
    if ("gone" in toldEvent) latestHandlers.current.onGone();
    else latestHandlers.current.onVersion(toldEvent.version);
  }, [toldEvent]);

  const drawn = gone ? null : (preview?.menu.version ?? null);
  const latestDrawn = useRef(onDrawn);
  useEffect(() => {
    latestDrawn.current = onDrawn;
  });
  useEffect(() => {
    if (drawn !== null) latestDrawn.current?.(drawn);
  }, [drawn]);

  // A window or happy hour turning changes what guests see with no edit, so no version is told: the
  // board fetches again at the instant the data names (venue-operations §7). The server decides what is
  // in force; a board whose clock runs ahead asks again a second later until the answer has turned.
  const changesAt = gone || at ? null : (preview?.changes_at ?? null);
  const [retry, setRetry] = useState(0);
  useEffect(() => {
    // Offline for half a minute: the stream's reconnection tells the version again, and that load turns it.
    if (changesAt === null || retry > 30) return;
    const wait = Math.min(Math.max(Date.parse(changesAt) - Date.now(), 0) + (retry === 0 ? 100 : 1000), 2 ** 31 - 1);
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(dataUrl, { cache: "no-store", credentials: "same-origin" });
        if (!response.ok) return setRetry((count) => count + 1);
        const next = (await response.json()) as PreviewResponse;
        if (next.menu.version < shown.current) return setRetry((count) => count + 1);
        shown.current = next.menu.version;
        setPreview(next);
        setRetry(next.changes_at === changesAt ? (count) => count + 1 : 0);
      } catch {
        setRetry((count) => count + 1);
      }
    }, wait);
    return () => clearTimeout(timer);
  }, [changesAt, retry, dataUrl]);

  const pageRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const flowRef = useRef<HTMLDivElement>(null);
  const { fit, current } = useFit({ page: pageRef, frame: frameRef, flow: flowRef }, gone ? null : preview);
  const pages = fit.mode === "paged" ? fit.pages.length : 1;

  const [turn, setTurn] = useState(0);
  useEffect(() => {
    if (pages < 2) return;
    const timer = setInterval(() => setTurn((value) => value + 1), PAGE_MS);
    return () => clearInterval(timer);
  }, [pages]);
  const page = pages > 1 ? turn % pages : 0;

  // Venue time in the venue's clock; before the menu is known, the TV's own zone.
  const asOf = stream.asOf === null ? null : clockTimeAt(new Date(stream.asOf), preview?.time_zone ?? "local", preview?.clock ?? "24h");
  const status = (
    <p className={styles.status} data-state={at ? "at" : stream.state} role="status">
      {at ? (
        `What guests see ${preview ? dayTimeAt(new Date(at), { zone: preview.time_zone, clock: preview.clock }, new Date()) : at} · not live`
      ) : stream.state === "live" ? (
        <>
          <span className={styles.statusDot} aria-hidden="true" />
          Live
        </>
      ) : stream.state === "offline" ? (
        <>
          <span className={styles.statusDot} aria-hidden="true" />
          {asOf ? `As of ${asOf} · reconnecting…` : "Reconnecting…"}
        </>
      ) : (
        "Connecting…"
      )}
      {pages > 1 && <span className={styles.pageNumber}>{`Page ${page + 1} of ${pages}`}</span>}
    </p>
  );

  if (gone || !preview) {
    return (
      <div className={theme === "dark" ? `${styles.page} ${styles.dark}` : styles.page} data-theme={theme} ref={pageRef}>
        <main className={`${styles.main} ${styles.notFound}`}>
          {preview ? (
            <>
              <h1 className={styles.title}>This menu isn&apos;t available right now</h1>
              <p className={styles.description}>It was taken down. This screen shows it again as soon as it is published.</p>
            </>
          ) : (
            <>
              <h1 className={styles.title}>This menu isn&apos;t available</h1>
              <p className={styles.description}>
                The link may be wrong, or the menu is not published yet. This screen shows it as soon as it is published.
              </p>
            </>
          )}
        </main>
        <footer className={styles.footer}>{status}</footer>
      </div>
    );
  }

  return <MenuPreview {...preview} options={options} board={{ pageRef, frameRef, flowRef, fit, current, page, status }} />;
}
