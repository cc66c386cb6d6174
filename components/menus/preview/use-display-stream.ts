"use client";

import { useEffect, useRef, useState } from "react";

// Follows the display's stream (GET /preview/menus/:id/stream, or a paired board's device stream). EventSource reconnects by itself after a
// network drop or when the server ends the stream (it asks for 2 s); when the browser gives up (an
// answer that is not a stream: a 503 while the server starts) this starts it again, waiting longer each
// time up to a minute. It also drops the connection itself when the browser goes offline
// (and reconnects when it is back online), and when the server's pings stop (a connection that died
// without an error, as when a router or the server's host goes away).

export type StreamState = "connecting" | "live" | "offline";
/** `asOf`: the last instant the board knew it was current (epoch ms); what "as of HH:MM" tells. */
export type DisplayStream = { state: StreamState; asOf: number | null };

const MAX_WAIT_MS = 60_000;

/**
 * The version an `event: version` tells (`{"version": n}`, displayVersionEvent of lib/menus/schemas/preview.ts),
 * or null for anything else. Checked by hand: zod is not in the board's first load (decision 068).
 */
export function versionOf(data: string): number | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed) || Object.keys(parsed).length !== 1) return null;
  const { version } = parsed as { version?: unknown };
  return typeof version === "number" && Number.isInteger(version) && version > 0 ? version : null;
}
const SILENCE_MS = 50_000;

/**
 * What a stream's owner hears: its menu's new version, that the menu is gone; and for a board device's
 * stream (app/board), its other events by name (`on`) and `onRefused` when the server answered
 * something else than a stream (a device no longer known: 401) and the browser gave up.
 */
export type StreamHandlers = {
  onVersion: (version: number) => void;
  onGone: () => void;
  on?: Record<string, (data: unknown) => void>;
  onRefused?: () => void;
};

/** `url` null: no stream (its owner is told by another one). `asOf`: the instant a board restarted from its cache was current. */
export function useDisplayStream(url: string | null, handlers: StreamHandlers, asOf: number | null = null): DisplayStream {
  const [status, setStatus] = useState<DisplayStream>({ state: "connecting", asOf });
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  // The names of the extra events, read once per URL (the handlers themselves may change each render).
  const extra = Object.keys(handlers.on ?? {}).join(",");
  useEffect(() => {
    if (url === null) return;
    const streamUrl = url;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    // Mounted from a fresh server render: current until told otherwise.
    setStatus((previous) => ({ ...previous, asOf: previous.asOf ?? Date.now() }));
    const current = () => setStatus({ state: "live", asOf: Date.now() });
    const again = () => {
      clearTimeout(timer);
      const wait = Math.min(MAX_WAIT_MS, 2_000 * 2 ** failures++);
      timer = setTimeout(() => {
        if (!stopped) connect();
      }, wait);
    };
    let heard = Date.now();
    const drop = () => {
      source?.close();
      source = null;
      setStatus((previous) => ({ state: "offline", asOf: previous.state === "live" ? heard : previous.asOf }));
    };
    function connect() {
      clearTimeout(timer);
      source?.close();
      heard = Date.now();
      const opened = new EventSource(streamUrl);
      source = opened;
      opened.addEventListener("open", () => {
        failures = 0;
        heard = Date.now();
        current();
      });
      opened.addEventListener("ping", () => {
        heard = Date.now();
        current();
      });
      opened.addEventListener("version", (event) => {
        heard = Date.now();
        current();
        const version = versionOf((event as MessageEvent<string>).data);
        if (version !== null) latest.current.onVersion(version);
      });
      for (const name of extra ? extra.split(",") : []) {
        opened.addEventListener(name, (event) => {
          heard = Date.now();
          current();
          let data: unknown = null;
          try {
            data = JSON.parse((event as MessageEvent<string>).data);
          } catch {}
          latest.current.on?.[name]?.(data);
        });
      }
      // The menu was taken down: the stream stays open and tells its version when it is back.
      opened.addEventListener("gone", () => {
        heard = Date.now();
        latest.current.onGone();
      });
      opened.addEventListener("error", () => {
        // Up to this moment the board was live: that is the time it is current as of.
        setStatus((previous) => ({ state: "offline", asOf: previous.state === "live" ? Date.now() : previous.asOf }));
        if (opened.readyState === EventSource.CLOSED) {
          latest.current.onRefused?.();
          again();
        }
      });
    }
    // The browser knows the network is gone before any timeout does; back online, connect at once.
    const offline = () => {
      drop();
      again(); // in case "online" never comes: try again anyway, later each time
    };
    const online = () => {
      failures = 0;
      if (!stopped) connect();
    };
    // The server pings every 20 s: nothing for longer than SILENCE_MS means a connection that died silently.
    const watchdog = setInterval(() => {
      if (source && source.readyState === EventSource.OPEN && Date.now() - heard > SILENCE_MS) {
        drop();
        connect();
      }
    }, SILENCE_MS / 5);
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(watchdog);
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
      source?.close();
    };
  }, [url, extra]);

  return status;
}
