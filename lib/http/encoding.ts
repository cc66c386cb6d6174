import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";
import { env } from "@/lib/server/env";
import { defaultCacheMb } from "@/lib/server/memory-budget";

// Content codings of the tagged answers (live-menus §2: the full menu honours `Accept-Encoding: gzip,
// br`), decided here rather than by the server in front, so the 200 and the 304 of one request name the
// same tag (RFC 9110 §15.4.5) and each (tag, coding) is compressed once for every caller: a strong tag
// already promises the same bytes whoever reads it (the tags come from stored data or from the body
// itself, lib/http/conditional.ts), so credentials never key what is kept. Decision 071.

export type Coding = "br" | "gzip" | "identity";

/** In the server's order of preference when the caller weighs several alike. */
const OFFERED: Coding[] = ["br", "gzip", "identity"];
const PREFERRED = ["br", "gzip"];

type Encodings = { encoding(available: string[], preferred: string[]): string | undefined };

/**
 * The coding of the answer to `request`: br, then gzip, by its Accept-Encoding; identity when the caller
 * takes neither, and always when no server that restores Content-Encoding is in front (TAPROOM_SERVER,
 * lib/server/content-encoding.ts).
 */
export function codingFor(request: Request): Coding {
  if (!env().TAPROOM_SERVER) return "identity";
  const accept = request.headers.get("accept-encoding");
  if (!accept) return "identity";
  const known = chosenCodings.get(accept);
  if (known) return known;
  // negotiator 0.6 takes the server's preference as a second argument; its published types predate it.
  const negotiator = new Negotiator({ headers: { "accept-encoding": accept } }) as unknown as Encodings;
  const chosen = negotiator.encoding(OFFERED, PREFERRED);
  const coding: Coding = chosen === "br" || chosen === "gzip" ? chosen : "identity";
  // Clients send a handful of spellings all day: each is negotiated once (at most CODINGS_KEPT kept).
  if (chosenCodings.size >= CODINGS_KEPT) chosenCodings.delete(chosenCodings.keys().next().value!);
  chosenCodings.set(accept, coding);
  return coding;
}

const CODINGS_KEPT = 200;
const chosenCodings = new Map<string, Coding>();

/** One representation, one strong tag (RFC 9110 §8.8.3): `"T"` in identity, `"T-br"`, `"T-gzip"`. */
export function codedTag(tag: string, coding: Coding): string {
  return coding === "identity" ? tag : `${tag.slice(0, -1)}-${coding}"`;
}

/**
 * The opaque part of a tag without any coding's suffix: what If-None-Match is compared on (deflate too:
 * the tags a server before decision 071 gave).
 */
export function uncodedOpaque(tag: string): string {
  return tag.slice(1, -1).replace(/-(?:gzip|br|deflate)$/, "");
}

// Compressed once per (tag, coding) and then only copied, yet the first reader after a change waits for
// it: the fast settings keep that wait short for the 400 kB menu a fleet of boards reads at once.
const compressors: Record<Exclude<Coding, "identity">, (body: Uint8Array) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }),
  gzip: (body) => promisify(gzip)(body, { level: constants.Z_BEST_SPEED }),
};

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * Encoded bodies by (strong tag, coding), least recently used first, at most `maxBytes` in all (by
 * default lib/server/memory-budget.ts's share); none larger than `maxEntryBytes` kept. Readers that
 * come while a body is being compressed wait for that compression.
 */
export class EncodedBodies {
  private readonly kept = new Map<string, Bytes>();
  private readonly pending = new Map<string, Promise<Bytes>>();
  private bytes = 0;
  readonly stats = { encoded: 0, reused: 0, waited: 0 };

  constructor(
    readonly maxBytes = defaultCacheMb() * 1024 * 1024,
    readonly maxEntryBytes = 8 * 1024 * 1024,
  ) {}

  /** The kept body of (tag, coding), if any (marked as just used): a kept answer's read awaits nothing. */
  keptNow(tag: string, coding: Exclude<Coding, "identity">): Bytes | undefined {
    const key = `${coding} ${tag}`;
    const kept = this.kept.get(key);
    if (!kept) return undefined;
    this.kept.delete(key);
    this.kept.set(key, kept);
    this.stats.reused++;
    return kept;
  }

  /** `body()` in `coding`, compressed at most once per (tag, coding) while it stays kept. */
  async encode(tag: string, coding: Exclude<Coding, "identity">, body: () => Promise<Bytes>): Promise<Bytes> {
    const key = `${coding} ${tag}`;
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      this.stats.reused++;
      return kept;
    }
    const under = this.pending.get(key);
    if (under) {
      this.stats.waited++;
      return under;
    }
    const work = (async () => {
      const compressed = await compressors[coding](await body());
      this.stats.encoded++;
      // A Buffer may be a view of Node's shared pool: keep bytes of their own.
      const own = new Uint8Array(compressed.byteLength);
      own.set(compressed);
      return own;
    })();
    this.pending.set(key, work);
    try {
      const encoded = await work;
      this.keep(key, encoded);
      return encoded;
    } finally {
      this.pending.delete(key);
    }
  }

  private keep(key: string, body: Bytes) {
    if (body.byteLength > this.maxEntryBytes) return;
    const before = this.kept.get(key);
    if (before) this.bytes -= before.byteLength;
    this.kept.delete(key);
    this.kept.set(key, body);
    this.bytes += body.byteLength;
    for (const [oldest, bytes] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.bytes -= bytes.byteLength;
    }
  }

  get size() {
    return { entries: this.kept.size, bytes: this.bytes };
  }
}

// On globalThis, as the database client is: one for the process, whichever route bundle loads this module.
const SHARED = Symbol.for("taproom.encodedBodies");
type Holder = { [SHARED]?: EncodedBodies };

/** This process's encoded bodies, shared by every caller and every route. */
export function encodedBodies(): EncodedBodies {
  const holder = globalThis as Holder;
  holder[SHARED] ??= new EncodedBodies();
  return holder[SHARED];
}
