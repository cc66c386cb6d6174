import { type FieldError, invalid } from "@/lib/server/errors";
import type { SourceSnapshot } from "./source";

// A source names each record once: an import keys what it writes by the source's ids (`source_id`), so a
// menu, section, item, container or event named twice would be written twice over (a 500 from the
// unique source_id, or two records the next run cannot tell apart). Checked before anything is written.

/** At most this many duplicates are listed: enough to find them, bounded for any source. */
const MAX_ERRORS = 20;

/** 422 naming each record the snapshot names twice (its path in the source's answers), or nothing. */
export function refuseDuplicates(snapshot: SourceSnapshot): void {
  const errors: FieldError[] = [];
  const first = new Map<string, string>();
  const see = (kind: string, legacy: boolean, id: number, path: string) => {
    if (errors.length >= MAX_ERRORS) return;
    // Legacy (custom) menus' records are numbered apart from the menus' (decision 052).
    const key = `${legacy ? "custom_" : ""}${kind}:${id}`;
    const earlier = first.get(key);
    if (earlier === undefined) first.set(key, path);
    else errors.push({ path: `${path}.id`, message: `${kind} ${id} appears twice in the source (first at ${earlier})` });
  };
  snapshot.menus.forEach((menu, m) => {
    const at = `source.menus.${m}`;
    see("menu", menu.legacy, menu.id, at);
    const sections = [
      ...menu.sections.map((section, s) => ({ section, at: `${at}.sections.${s}` })),
      ...(menu.on_deck_section ? [{ section: menu.on_deck_section, at: `${at}.on_deck_section` }] : []),
    ];
    for (const { section, at: sectionAt } of sections) {
      see("section", menu.legacy, section.id, sectionAt);
      section.items.forEach((item, i) => {
        see("item", menu.legacy, item.id, `${sectionAt}.items.${i}`);
        item.containers.forEach((container, c) => {
          see("container", menu.legacy, container.id, `${sectionAt}.items.${i}.containers.${c}`);
        });
      });
    }
  });
  snapshot.events.forEach((event, e) => {
    see("event", false, event.id, `source.events.${e}`);
  });
  if (errors.length > 0) throw invalid(errors, "The source names a record twice: nothing was imported.");
}
