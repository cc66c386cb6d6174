"use client";

import { useEffect, useRef, useState } from "react";
import { boardVersionEvent } from "@/lib/schemas/preview";

// Follows the board's stream (GET /preview/menus/:id/stream). EventSource reconnects by itself after a
// network drop (the server asks for 2 s); when the browser gives up (an answer that is not a stream:
// a 404 while the menu is unpublished, a 503 while the server starts) this starts it again, waiting
// longer each time up to a minute.

export type StreamState = "connecting" | "live" | "offline";
/** `asOf`: the last instant the board knew it was current (epoch ms); what "as of HH:MM" tells. */
export type BoardStream = { state: StreamState; asOf: number | null };

const MAX_WAIT_MS = 60_000;

export function useBoardStream(url: string, handlers: { onVersion: (version: number) => void; onGone: () => void }): BoardStream {
  const [status, setStatus] = useState<BoardStream>({ state: "connecting", asOf: null });
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
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
    function connect() {
      const opened = new EventSource(url);
      source = opened;
      opened.addEventListener("open", () => {
        failures = 0;
        current();
      });
      opened.addEventListener("version", (event) => {
        current();
        const parsed = boardVersionEvent.safeParse(JSON.parse((event as MessageEvent<string>).data));
        if (parsed.success) latest.current.onVersion(parsed.data.version);
      });
      opened.addEventListener("gone", () => {
        opened.close();
        latest.current.onGone();
        again();
      });
      opened.addEventListener("error", () => {
        // Up to this moment the board was live: that is the time it is current as of.
        setStatus((previous) => ({ state: "offline", asOf: previous.state === "live" ? Date.now() : previous.asOf }));
        if (opened.readyState === EventSource.CLOSED) again();
      });
    }
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [url]);

  return status;
}
