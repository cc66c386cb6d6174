import type { Db } from "@/lib/db/client";
import { changedSections, menuTreeJson, type TreeParts } from "@/lib/menus/tree";
import type { Scope } from "@/lib/server/scope";
import { type ReadCache, withReadCache } from "@/lib/live/read-cache";
import { etag, type Tagged } from "@/lib/http/conditional";
import { epochOf } from "./in-force";
import { type TimedState, timedStateAt } from "@/lib/schedules/evaluate";
import { containerSizesAnswer, type MenuHead, menuHead } from "./reads";

// GET /menus/:id?full=true through the read model. Its tag is derived without the tree: the menu's id
// and version (raised by the database with every change to the tree), the location's currency (the
// containers' prices carry it), the container sizes' tag (sizes are embedded), and the 86 epoch: the
// last instant, among the ends of the menu's 86s, that has passed (at each one the answer changes by
// time alone). The tree is built once per (menu, version, epoch) and kept serialised, on every
// instance alike (and each coding of it once, lib/http/encoding.ts). Each build also keeps its parts (each section's items, serialised)
// apart from the answers, under the menu's id alone: a change drops the answer, not the parts, and the
// next version's build reads again only the sections the history says changed since (a polled menu
// changed by one edit rebuilds one section, not 500 items).

/** Raised when the shape of the full answer changes, so a new release does not answer 304 for old bodies. */
const SHAPE = "full-2";

/**
 * The schedules' state at `at` (venue-operations §7): kept on the head while it holds, so a poll inside
 * one set of windows works nothing out again. Every instance derives the same key from the same rows.
 */
function timedState(head: MenuHead, at: number, keep: boolean): TimedState {
  const kept = head.timedState;
  if (kept && kept.from <= at && (kept.until === null || at < kept.until)) return kept;
  const state = timedStateAt(head.timed, at, head.zone);
  // Only the clock's own instants move the kept state forward: an `?at=` in the future would leave
  // every poll before it working the state out again.
  if (keep && at >= (kept?.from ?? 0)) head.timedState = state;
  return state;
}

/** What a caller asks of the whole menu: the instant (now, or `?at=`), and whether editors see all. */
export type FullMenuAsk = { at?: number; includeUnavailable?: boolean };

type KeptTree = { body: Uint8Array<ArrayBuffer> };
/** A build's parts and what they were built at: reused only for the same currency, sizes and 86 epoch. */
type KeptParts = { version: number; currency: string; sizes: string; epoch: string; parts: TreeParts };

export type FullMenu = {
  head: MenuHead;
  tag: string;
  /** The answer's JSON text as UTF-8 bytes, built at most once per version. */
  body: () => Promise<Uint8Array<ArrayBuffer>>;
};

/** The caller's full menu: its tag at once, its body on demand. 404 when not the caller's. */
export function fullMenu(db: Db, scope: Scope, ask: FullMenuAsk = {}, clock: () => number = Date.now): FullMenu | Promise<FullMenu> {
  // The head and the sizes kept (as a polled menu's are), its tag is decided without a promise: a 304,
  // or a 200 whose encoding is kept, awaits nothing (issue 55).
  return withReadCache((cache) => {
    const since = cache.generation;
    const head = menuHead(db, scope, cache, since);
    const sizes = containerSizesAnswer(db, cache);
    if (head instanceof Promise || sizes instanceof Promise) {
      return Promise.all([head, sizes]).then(([h, z]) => fullMenuOf(db, ask, clock, cache, since, h, z));
    }
    return fullMenuOf(db, ask, clock, cache, since, head, sizes);
  });
}

function fullMenuOf(
  db: Db,
  ask: FullMenuAsk,
  clock: () => number,
  cache: ReadCache,
  since: number,
  head: MenuHead,
  sizes: Tagged,
): FullMenu {
  const now = () => ask.at ?? clock();
  const at = now();
  // Everything the answer changes with by time alone: the 86s ended by then, the schedules' state then.
  const epochAt = (instant: number) => `${epochOf(head.expiries, instant)}:${timedState(head, instant, ask.at === undefined).key}`;
  const epoch = epochAt(at);
  const view = ask.includeUnavailable ? "all" : "on";
  const { menu, currency } = head;
  // The tag is a hash: derived once per (sizes, epoch, view) for this kept head, not on every poll.
  const from = `${sizes.tag}:${epoch}:${view}`;
  if (head.fullTag?.from !== from) head.fullTag = { from, tag: etag(SHAPE, menu.id, menu.version, currency, sizes.tag, epoch, view) };
  const tag = head.fullTag.tag;
  const key = `tree:${menu.id}:${menu.version}:${epoch}:${view}`;
  const tree = () =>
    cache.remember<KeptTree>(
      key,
      async () => {
        const partsKey = `tree-parts:${menu.id}`;
        const base = cache.get<KeptParts>(partsKey);
        const same = base && base.currency === currency && base.sizes === sizes.tag && base.epoch === epoch;
        const changed =
          same && base.version <= menu.version
            ? await changedSections(db, { menuId: menu.id, from: base.version, to: menu.version }, base.parts.itemSection)
            : null;
        const instant = new Date(at);
        const built = await menuTreeJson(
          db,
          { menu, currency, now: instant, live: { at: instant, zone: head.zone, includeUnavailable: view === "all" } },
          changed ? { parts: base!.parts, changed } : undefined,
        );
        const body = Buffer.from(built.json);
        // An 86 that ended or a window that turned while the tree was read: the body may be of either
        // side; answer it, keep nothing. An answer for another instant (`?at=`) is built for it alone.
        const transient = ask.at !== undefined || epochAt(now()) !== epoch;
        if (!transient) {
          const parts: KeptParts = { version: menu.version, currency, sizes: sizes.tag, epoch, parts: built.parts };
          const bytes = [...built.parts.items.values()].reduce((sum, text) => sum + text.length, 0) + 16 * built.parts.itemSection.size;
          cache.keep(partsKey, { value: parts, bytes, tags: ["container_sizes"] }, since);
        }
        return {
          value: { body },
          bytes: body.byteLength,
          tags: [`menu:${menu.id}`, `location:${menu.locationId}`, "container_sizes"],
          transient,
        };
      },
      since,
    );
  const body = async () => (await tree()).body;
  return { head, tag, body };
}
