"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { LiveDisplay } from "@/components/menus/preview/live-display";
import { type DisplayStream, useDisplayStream } from "@/components/menus/preview/use-display-stream";
import previewStyles from "@/components/menus/preview/menu-preview.module.css";
import type { BoardEventData } from "@/lib/boards/schemas";
import type { DisplayLook, PreviewResponse } from "@/lib/menus/schemas/preview";
import styles from "./board-device.module.css";

// The TV's page for the board fleet (venue-operations §10, decision 067). It asks for a pairing code
// (POST /api/v1/boards/pairings, which also gives this browser its device cookie), shows it big, asks
// again when it expires, and follows its device stream: `board` switches to the menu (LiveDisplay, in the
// board's theme, told the versions by this stream), `identify` flashes the board's name, `reload`
// reloads, `unpaired` goes back to a code. Offline first: the board it is and the instant it was last
// current are kept in localStorage, the page and the menu's data by the service worker
// (public/board-sw.js), so a TV restarted without a network shows its last menu "As of HH:MM".

const STREAM = "/api/v1/boards/device/stream";
const SAVED = "taproom.board";
const IDENTIFY_MS = 6_000;

type Saved = { board: BoardEventData; asOf: number | null };

// The stream's and the pairing answer's shapes (lib/boards/schemas.ts) checked by hand: no schema
// library in a TV's first load (its budget is 150 kB).
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const isId = (value: unknown): value is number => typeof value === "number" && Number.isInteger(value) && value > 0;
// lib/boards/schemas.ts's PAIRING_CODE_SHAPE, written out: that module brings zod.
const isCode = (value: unknown): value is string => typeof value === "string" && /^[2-9A-HJKMNP-Z]{8}$/.test(value);
const isInstant = (value: unknown): value is string => typeof value === "string" && !Number.isNaN(Date.parse(value));

function boardOf(value: unknown): BoardEventData | null {
  if (!isRecord(value) || !isId(value.id) || typeof value.name !== "string" || !isId(value.location_id)) return null;
  if (!(value.menu_id === null || isId(value.menu_id)) || (value.theme !== "light" && value.theme !== "dark")) return null;
  return { id: value.id, name: value.name, menu_id: value.menu_id, theme: value.theme, location_id: value.location_id };
}

/** A code in force (`{code, expires_at}`), or null: none (the stream's `pairing` with nulls, or anything malformed). */
function codeOf(value: unknown): Code | null {
  if (!isRecord(value) || !isCode(value.code) || !isInstant(value.expires_at)) return null;
  return { code: value.code, expires_at: value.expires_at };
}

/** How a paired TV shows its menu: the full layout, every field (decision 054's defaults), in the board's theme. */
const lookOf = (theme: "light" | "dark"): DisplayLook => ({
  theme,
  layout: "full",
  fields: { brewery_place: true, description: true, labels: true, almost_gone: false },
});
type Code = { code: string; expires_at: string };
type Told = { version: number } | { gone: true } | null;

function readSaved(): Saved | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(SAVED) ?? "null") as Saved | null;
    return parsed && boardOf(parsed.board) ? parsed : null;
  } catch {
    return null;
  }
}

function writeSaved(saved: Saved | null) {
  try {
    if (saved) localStorage.setItem(SAVED, JSON.stringify(saved));
    else localStorage.removeItem(SAVED);
  } catch {}
}

/** Hands the service worker what this page loaded (scripts, styles, chunks loaded later, the menu's data) to keep. */
function keepForOffline() {
  if (!("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      const urls = performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => {
          const url = new URL(name);
          return (
            url.origin === location.origin &&
            (url.pathname.startsWith("/_next/static/") || /^\/preview\/menus\/\d+\/data$/.test(url.pathname))
          );
        });
      registration.active?.postMessage({ keep: urls });
    })
    .catch(() => {});
}

/** Installs the service worker (scope /board), then hands it what the page loaded before it was in control. */
function installWorker() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .register("/board-sw.js", { scope: "/board" })
    .then(keepForOffline)
    .catch(() => {});
}

/** Mounted in the browser only: what it shows depends on this TV's storage. */
export function BoardDevice() {
  const [saved, setSaved] = useState<Saved | null | undefined>(undefined);
  useEffect(() => {
    setSaved(readSaved());
    installWorker();
  }, []);
  if (saved === undefined) return <div className={styles.pairing} />;
  return <Device saved={saved} />;
}

function Device({ saved }: { saved: Saved | null }) {
  const [board, setBoard] = useState<BoardEventData | null>(saved?.board ?? null);
  const current = useRef<BoardEventData | null>(saved?.board ?? null);
  const [code, setCode] = useState<Code | null>(null);
  const [told, setTold] = useState<Told>(null);
  const [flash, setFlash] = useState(0);
  // A TV that knows it is a board opens its stream at once; a new one asks for a code first (the cookie).
  const [streaming, setStreaming] = useState(saved !== null);
  const asking = useRef(false);

  const ask = useCallback(async () => {
    if (asking.current) return;
    asking.current = true;
    try {
      const response = await fetch("/api/v1/boards/pairings", { method: "POST", credentials: "same-origin" });
      if (response.status === 201) {
        const answered = codeOf(await response.json());
        if (answered) setCode(answered);
      }
      // 409: this browser is paired already; its stream tells the board.
    } catch {
      // Offline: the stream's reconnection tells the state again, and a code is asked for then.
    } finally {
      asking.current = false;
      setStreaming(true);
    }
  }, []);

  useEffect(() => {
    if (saved === null) void ask();
  }, [saved, ask]);

  const stream: DisplayStream = useDisplayStream(
    streaming ? STREAM : null,
    {
      onVersion: (version) => setTold({ version }),
      onGone: () => setTold({ gone: true }),
      on: {
        pairing: (data) => {
          if (!isRecord(data)) return;
          current.current = null;
          setBoard(null);
          writeSaved(null);
          const shown = codeOf(data);
          if (shown && Date.parse(shown.expires_at) > Date.now()) setCode(shown);
          else void ask();
        },
        board: (data) => {
          const next = boardOf(data);
          if (!next) return;
          setCode(null);
          // Versions told before belong to the menu it showed: a new menu starts from its own.
          if (current.current?.menu_id !== next.menu_id) setTold(null);
          current.current = next;
          setBoard(next);
          writeSaved({ board: next, asOf: Date.now() });
        },
        unpaired: () => {
          current.current = null;
          setBoard(null);
          setTold(null);
          writeSaved(null);
        },
        reload: () => location.reload(),
        identify: () => setFlash((count) => count + 1),
      },
      // Not a stream (401: this browser's device is unknown, e.g. its cookie was cleared): a new code.
      onRefused: () => {
        void fetch(STREAM, { method: "HEAD", credentials: "same-origin" })
          .then((response) => {
            if (response.status === 401) {
              current.current = null;
              setBoard(null);
              writeSaved(null);
              return ask();
            }
          })
          .catch(() => {});
      },
    },
    saved?.asOf ?? null,
  );

  // The instant the board was last current, kept for a restart without a network.
  useEffect(() => {
    if (stream.state !== "live" || !board) return;
    writeSaved({ board, asOf: stream.asOf ?? Date.now() });
  }, [stream, board]);

  // A code lasts ten minutes: a new one when it ends.
  useEffect(() => {
    if (!code) return;
    const timer = setTimeout(() => void ask(), Math.max(Date.parse(code.expires_at) - Date.now(), 0) + 500);
    return () => clearTimeout(timer);
  }, [code, ask]);

  const [shownName, setShownName] = useState<string | null>(null);
  useEffect(() => {
    if (flash === 0 || !board) return;
    setShownName(board.name);
    const timer = setTimeout(() => setShownName(null), IDENTIFY_MS);
    return () => clearTimeout(timer);
  }, [flash, board]);

  if (!board) return <PairingScreen code={code} />;
  return (
    <>
      {board.menu_id === null ? (
        <div
          className={board.theme === "dark" ? `${previewStyles.page} ${previewStyles.dark}` : previewStyles.page}
          data-theme={board.theme}
        >
          <main className={`${previewStyles.main} ${previewStyles.notFound}`}>
            <h1 className={previewStyles.title}>{board.name}</h1>
            <p className={previewStyles.description}>No menu is chosen for this board yet: choose one in Taproom&apos;s Boards.</p>
          </main>
        </div>
      ) : (
        <PairedMenu
          key={`${board.menu_id}:${board.language ?? ""}`}
          menuId={board.menu_id}
          theme={board.theme}
          lang={board.language ?? null}
          stream={stream}
          told={told}
        />
      )}
      {shownName && (
        <div className={styles.identify} role="alert">
          {shownName}
        </div>
      )}
    </>
  );
}

/** The menu of a paired board: its data first (from the network, or the service worker's copy offline), then LiveDisplay. */
function PairedMenu({
  menuId,
  theme,
  lang,
  stream,
  told,
}: {
  menuId: number;
  theme: "light" | "dark";
  lang: string | null;
  stream: DisplayStream;
  told: Told;
}) {
  const [initial, setInitial] = useState<PreviewResponse | null | undefined>(undefined);
  const dataUrl = `/preview/menus/${menuId}/data${lang ? `?lang=${encodeURIComponent(lang)}` : ""}`;
  useEffect(() => {
    let stale = false;
    // `opened=1`: this first read is the TV opening its menu, counted as a view (its reads after a change are not).
    fetch(`${dataUrl}${dataUrl.includes("?") ? "&" : "?"}opened=1`, { cache: "no-store", credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<PreviewResponse>) : null))
      .catch(() => null)
      .then((data) => {
        if (!stale) setInitial(data);
      });
    return () => {
      stale = true;
    };
  }, [dataUrl]);

  const onDrawn = useCallback((version: number) => {
    keepForOffline();
    void fetch("/api/v1/boards/device/shown", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ version }),
    }).catch(() => {});
  }, []);

  const options = lookOf(theme);
  if (initial === undefined)
    return <div className={theme === "dark" ? `${previewStyles.page} ${previewStyles.dark}` : previewStyles.page} />;
  return <LiveDisplay menuId={menuId} initial={initial} options={options} lang={lang} told={{ stream, event: told }} onDrawn={onDrawn} />;
}

function PairingScreen({ code }: { code: Code | null }) {
  return (
    <main className={styles.pairing}>
      <p className={styles.brand}>Taproom board</p>
      <p className={styles.lead}>
        Enter this code in <strong>Taproom: Boards</strong>
      </p>
      <p className={styles.code} data-testid="pairing-code">
        {code ? code.code : "········"}
      </p>
      <p className={styles.address}>
        on <span>{typeof location === "undefined" ? "" : location.host}</span>
      </p>
      <p className={styles.hint}>
        {code ? "The code changes every ten minutes. This screen shows the menu by itself once it is paired." : "Getting a code…"}
      </p>
    </main>
  );
}
