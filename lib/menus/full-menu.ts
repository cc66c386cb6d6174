import type { Db } from "@/lib/db/client";
import { changedSections, menuTreeJson, type TreeParts } from "@/lib/menus/tree";
import type { Scope } from "@/lib/server/scope";
import { readCache } from "@/lib/live/read-cache";
import { etag } from "@/lib/http/conditional";
import { epochOf } from "./in-force";
import { containerSizesAnswer, type MenuHead, menuHead } from "./reads";

// GET /menus/:id?full=true through the read model. Its tag is derived without the tree: the menu's id
// and version (raised by the database with every change to the tree), the location's currency (the
// containers' prices carry it), the container sizes' tag (sizes are embedded), and the 86 epoch: the
// last instant, among the ends of the menu's 86s, that has passed (at each one the answer changes by
// time alone). The tree is built once per (menu, version, epoch) and kept serialised, on every
// instance alike (the server compresses it per request, server.ts). Each build also keeps its parts (each section's items, serialised)
// apart from the answers, under the menu's id alone: a change drops the answer, not the parts, and the
// next version's build reads again only the sections the history says changed since (a polled menu
// changed by one edit rebuilds one section, not 500 items).

/** Raised when the shape of the full answer changes, so a new release does not answer 304 for old bodies. */
const SHAPE = "full-1";

type KeptTree = { body: Uint8Array<ArrayBuffer> };
/** A build's parts and what they were built at: reused only for the same currency, sizes and 86 epoch. */
type KeptParts = { version: number; currency: string; sizes: string; epoch: number; parts: TreeParts };

export type FullMenu = {
  head: MenuHead;
  tag: string;
  /** The answer's JSON text as UTF-8 bytes, built at most once per version. */
  body: () => Promise<Uint8Array<ArrayBuffer>>;
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
