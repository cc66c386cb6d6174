import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Db } from "@/lib/db/client";
import { changedSections, menuTreeJson, type TreeParts } from "@/lib/menus/tree";
import type { Scope } from "@/lib/scope";
import { readCache } from "./cache";
import { type Coding, etag } from "./conditional";
import { containerSizesAnswer, type MenuHead, menuHead } from "./reads";

// GET /menus/:id?full=true through the read model. Its tag is derived without the tree: the menu's id
// and version (raised by the database with every change to the tree), the location's currency (the
// containers' prices carry it), the container sizes' tag (sizes are embedded), and the 86 epoch: the
// last instant, among the ends of the menu's 86s, that has passed (at each one the answer changes by
// time alone). The tree is built once per (menu, version, epoch) and kept serialised as UTF-8 bytes
// (an answer without compression is not encoded again on every poll), and compressed once per content
// coding, on every instance alike. Each build also keeps its parts (each section's items, serialised)
// apart from the answers, under the menu's id alone: a change drops the answer, not the parts, and the
// next version's build reads again only the sections the history says changed since (a polled menu
// changed by one edit rebuilds one section, not 500 items).

/** Raised when the shape of the full answer changes, so a new release does not answer 304 for old bodies. */
const SHAPE = "full-1";

/** The last end of an 86 in `expiries` (sorted) that is not after `now`, or 0. */
export function epochOf(expiries: number[], now: number): number {
  let epoch = 0;
  for (const end of expiries) {
    if (end > now) break;
    epoch = end;
  }
  return epoch;
}

type KeptTree = { body: Buffer; coded: Map<Coding, Promise<Buffer>> };
/** A build's parts and what they were built at: reused only for the same currency, sizes and 86 epoch. */
type KeptParts = { version: number; currency: string; sizes: string; epoch: number; parts: TreeParts };

const compressors: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
  // Quality 5: within a few per cent of 11's size at a fraction of its time.
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
};

export type FullMenu = {
  head: MenuHead;
  tag: string;
  /** The answer's bytes in `coding` (null: identity), built and compressed at most once per version. */
  body: (coding: Coding | null) => Promise<Buffer>;
};

/** The caller's full menu: its tag at once, its body on demand. 404 when not the caller's. */
export async function fullMenu(db: Db, scope: Scope, now: () => number = Date.now): Promise<FullMenu> {
  const cache = await readCache();
  const since = cache.generation;
  const head = await menuHead(db, scope, cache, since);
  const sizes = await containerSizesAnswer(db, cache);
  const epoch = epochOf(head.expiries, now());
  const { menu, currency } = head;
  // The tag is a hash: derived once per (sizes, epoch) for this kept head, not on every poll.
  const from = `${sizes.tag}:${epoch}`;
  if (head.fullTag?.from !== from) head.fullTag = { from, tag: etag(SHAPE, menu.id, menu.version, currency, sizes.tag, epoch) };
  const tag = head.fullTag.tag;
  const key = `tree:${menu.id}:${menu.version}:${epoch}`;
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
        const built = await menuTreeJson(
          db,
          { menu, currency, now: new Date(now()) },
          changed ? { parts: base!.parts, changed } : undefined,
        );
        const body = Buffer.from(built.json);
        // An 86 that ended while the tree was read: the body may be of either side; answer it, keep nothing.
        const transient = epochOf(head.expiries, now()) !== epoch;
        if (!transient) {
          const parts: KeptParts = { version: menu.version, currency, sizes: sizes.tag, epoch, parts: built.parts };
          const bytes = [...built.parts.items.values()].reduce((sum, text) => sum + text.length, 0) + 16 * built.parts.itemSection.size;
          cache.keep(partsKey, { value: parts, bytes, tags: ["container_sizes"] }, since);
        }
        return {
          value: { body, coded: new Map() },
          bytes: body.length,
          tags: [`menu:${menu.id}`, `location:${menu.locationId}`, "container_sizes"],
          transient,
        };
      },
      since,
    );
  const body = async (coding: Coding | null) => {
    const kept = await tree();
    if (!coding) return kept.body;
    let coded = kept.coded.get(coding);
    if (!coded) {
      coded = compressors[coding](kept.body);
      kept.coded.set(coding, coded);
      coded.then((bytes) => cache.grew(key, bytes.length)).catch(() => kept.coded.delete(coding));
    }
    return coded;
  };
  return { head, tag, body };
}
