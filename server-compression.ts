// The production server's compression (server.ts; decisions 003 and 050): br, then gzip, by the
// request's Accept-Encoding, through the `compression` package, with the coding named in a compressed
// answer's strong ETag, and each compressed answer kept by its strong tag so that an answer already
// compressed once is not compressed again. Every request is still answered by Next.js: the app decides
// the status, the tag and the body; what is kept is only the compression of those same bytes.
//
// Why keeping it is exact, on any number of instances: a strong ETag promises the same bytes (RFC 9110
// §8.8.1), and the app's tags are derived from stored data only (lib/http/conditional.ts). The key is
// the tag with everything that could make the same tag mean another answer to someone else (method, URL,
// credentials, coding), so a kept answer is the compression of exactly the bytes the app just gave.
// Requests that arrive while the first compression of a tag is under way wait for it (32 boards reading a
// menu that just changed compress it once). Imports only packages and lib/server/memory-budget.ts.
import type http from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import compression from "compression";
import Negotiator from "negotiator";
import onHeaders from "on-headers";
import { defaultCacheMb } from "./lib/server/memory-budget.js";

/** Compressed per request at most once per tag, so still the fast settings: gzip level 1, brotli quality 1. */
const GZIP = { level: constants.Z_BEST_SPEED };
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } };
/** The codings offered, in the server's order of preference (as the `compression` package negotiates). */
const SUPPORTED = ["br", "gzip", "deflate", "identity"];
const PREFERRED = ["br", "gzip"];

type Settled = Buffer | null;

/**
 * Compressed answers kept by key, least recently used first; at most `maxBytes` in all (by default
 * lib/server/memory-budget.ts's share). One per slot (`slotOf`: the server's is the key without its
 * tag, so the same URL, credentials and coding): a newer tag in a slot drops the older answer, which the
 * app no longer gives (were the data to go back, it is compressed again). Without that, every version of
 * an answer was kept until the size ran out (decision 069).
 */
export class CompressedAnswers {
  private readonly kept = new Map<string, Buffer>();
  private readonly pending = new Map<string, Promise<Settled>>();
  /** The key kept in each slot. */
  private readonly bySlot = new Map<string, string>();
  private bytes = 0;
  readonly stats = { compressed: 0, reused: 0, waited: 0 };

  constructor(
    readonly maxBytes = defaultCacheMb() * 1024 * 1024,
    readonly maxEntryBytes = 8 * 1024 * 1024,
    readonly slotOf: (key: string) => string = (key) => key,
  ) {}

  get(key: string): Buffer | undefined {
    const body = this.kept.get(key);
    if (body) {
      // Most recently used last.
      this.kept.delete(key);
      this.kept.set(key, body);
    }
    return body;
  }

  waitFor(key: string): Promise<Settled> | undefined {
    return this.pending.get(key);
  }

  /** Marks `key` as being compressed now; the returned function settles it (the bytes, or null: not kept). */
  start(key: string): (body: Settled) => void {
    let settle: (body: Settled) => void = () => {};
    this.pending.set(
      key,
      new Promise<Settled>((resolve) => {
        settle = resolve;
      }),
    );
    let settled = false;
    return (body) => {
      if (settled) return;
      settled = true;
      this.pending.delete(key);
      if (body && body.length <= this.maxEntryBytes) this.put(key, body);
      settle(body);
    };
  }

  private put(key: string, body: Buffer) {
    const slot = this.slotOf(key);
    const before = this.bySlot.get(slot);
    if (before !== undefined) this.drop(before);
    this.kept.set(key, body);
    this.bySlot.set(slot, key);
    this.bytes += body.length;
    for (const oldest of this.kept.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string) {
    const body = this.kept.get(key);
    if (!body) return;
    this.kept.delete(key);
    this.bytes -= body.length;
    const slot = this.slotOf(key);
    if (this.bySlot.get(slot) === key) this.bySlot.delete(slot);
  }
}

/** The strong tag of an answer, or null (weak, several, or none). */
function strongTag(res: http.ServerResponse): string | null {
  const tag = res.getHeader("etag");
  return typeof tag === "string" && /^"[^"]*"$/.test(tag) ? tag : null;
}

/** The coding `compression` will choose for `req` (identity or none when it would not compress). */
function codingFor(req: http.IncomingMessage): string | undefined {
  // negotiator 0.6 takes the server's preference as a second argument; its published types predate it.
  const negotiator = new Negotiator(req) as unknown as { encoding(available: string[], preferred: string[]): string | undefined };
  return negotiator.encoding(SUPPORTED, PREFERRED);
}

const isEventStream = (res: http.ServerResponse) => String(res.getHeader("content-type") ?? "").startsWith("text/event-stream");

/**
 * The key a compressed answer is kept under, or null when it is not kept: only a 200 to a GET with a
 * strong tag, in br or gzip, that may be transformed.
 */
function keyOf(req: http.IncomingMessage, res: http.ServerResponse, coding: string | undefined): string | null {
  if (req.method !== "GET" || res.statusCode !== 200 || (coding !== "br" && coding !== "gzip")) return null;
  const tag = strongTag(res);
  if (!tag || /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("cache-control") ?? ""))) return null;
  // Credentials as they came (a key is compared, never shown or logged; hashing them cost more than the lookup).
  // The tag first, then the slot (slotOf): the same URL, credentials and coding.
  return `${tag}${SLOT}${coding} ${req.url}\u0000${req.headers.authorization ?? ""}\u0000${req.headers.cookie ?? ""}`;
}

const SLOT = "\u0001";
/** A kept answer's slot: its key without the tag (keyOf). */
export const slotOfKey = (key: string) => key.slice(key.indexOf(SLOT) + 1);

const compressNow = (coding: string, body: Buffer) => (coding === "br" ? brotliCompressSync(body, BROTLI) : gzipSync(body, GZIP));

type Chunk = string | Uint8Array;
/** A written chunk as bytes (a view of the same memory for bytes: copied where it is kept). */
const toBuffer = (chunk: Chunk, encoding?: BufferEncoding) =>
  typeof chunk === "string" ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * One representation, one strong tag (RFC 9110 §8.8.3): a compressed answer's ETag names its coding
 * (`"…-gzip"`, `"…-br"`). The app's If-None-Match check takes any coding's tag of the current answer.
 */
function tagTheCoding(res: http.ServerResponse) {
  const coding = res.getHeader("content-encoding");
  const tag = strongTag(res);
  if (typeof coding === "string" && coding !== "identity" && tag) res.setHeader("etag", `${tag.slice(0, -1)}-${coding}"`);
}

type Mode =
  | { kind: "pass" }
  | { kind: "record"; key: string; chunks: Buffer[] }
  | { kind: "replay"; coding: string; body: Buffer | Promise<Settled> };

/** The compression layer: `(req, res, next)`, `next` handing the request to Next.js. */
export function compressAnswers(memo = new CompressedAnswers(undefined, undefined, slotOfKey)) {
  const replays = new WeakMap<http.ServerResponse, { coding: string; body: Buffer | Promise<Settled> }>();
  const compress = compression({
    // Event streams must reach the board at once, not when a buffer fills. An answer already kept (or
    // being compressed by another request) is not compressed again: it is replayed below.
    filter: (req, res) => {
      if (isEventStream(res) || !compression.filter(req, res)) return false;
      const coding = codingFor(req);
      const key = keyOf(req, res, coding);
      const body = key ? (memo.get(key) ?? memo.waitFor(key)) : undefined;
      if (!body || !coding) return true;
      replays.set(res, { coding, body });
      return false;
    },
    level: GZIP.level,
    brotli: BROTLI,
  });

  return (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    let mode: Mode = { kind: "pass" };
    // Registered before compression's own hook, so it runs after it, once Content-Encoding is decided.
    onHeaders(res, () => {
      const replay = replays.get(res);
      if (replay) {
        mode = { kind: "replay", ...replay };
        res.setHeader("content-encoding", replay.coding);
        const vary = String(res.getHeader("vary") ?? "");
        if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
          res.setHeader("vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
        res.removeHeader("content-length");
        if (Buffer.isBuffer(replay.body)) res.setHeader("content-length", replay.body.length);
      } else if (res.getHeader("content-encoding")) {
        const key = keyOf(req, res, String(res.getHeader("content-encoding")));
        if (key && !memo.waitFor(key)) mode = { kind: "record", key, chunks: [] };
      }
      tagTheCoding(res);
      if (mode.kind === "record") {
        const settle = memo.start(mode.key);
        const chunks = mode.chunks;
        // Kept once the whole answer went out; an answer cut short is not kept.
        res.once("finish", () => {
          memo.stats.compressed++;
          settle(Buffer.concat(chunks));
        });
        res.once("close", () => settle(null));
      }
    });

    // Beneath compression: what reaches these is the compressed answer (kept), or, for a replay, the
    // app's own bytes, which are set aside for the kept compression of the same bytes.
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
    const plain: Buffer[] = [];
    /** A write's or end's (chunk, encoding, callback), whichever of them were given. */
    const parts = (args: unknown[]) => {
      const callback = typeof args.at(-1) === "function" ? (args.pop() as () => void) : undefined;
      const [chunk, encoding] = args as [Chunk | undefined, BufferEncoding | undefined];
      return { chunk: chunk === undefined || chunk === null ? undefined : toBuffer(chunk, encoding), callback };
    };
    res.write = ((...args: unknown[]) => {
      if (mode.kind === "pass") return write(...args);
      const { chunk, callback } = parts([...args]);
      if (mode.kind === "record") {
        if (chunk) mode.chunks.push(Buffer.from(chunk));
        return write(...args);
      }
      if (chunk && !Buffer.isBuffer(mode.body)) plain.push(Buffer.from(chunk));
      if (callback) process.nextTick(callback);
      return true;
    }) as typeof res.write;
    res.end = ((...args: unknown[]) => {
      if (mode.kind === "pass") return end(...args);
      const { chunk, callback } = parts([...args]);
      if (mode.kind === "record") {
        if (chunk) mode.chunks.push(Buffer.from(chunk));
        return end(...args);
      }
      const { body, coding } = mode;
      if (chunk && !Buffer.isBuffer(body)) plain.push(Buffer.from(chunk));
      if (Buffer.isBuffer(body)) {
        memo.stats.reused++;
        return end(body, callback);
      }
      memo.stats.waited++;
      // The first request's compression of the same bytes; if it did not finish, these bytes compressed here.
      void body.then((kept) => end(kept ?? compressNow(coding, Buffer.concat(plain)), callback));
      return res;
    }) as typeof res.end;

    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], next);
  };
}
