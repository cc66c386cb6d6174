import type { MenuTreeResponse, SectionTreeResponse } from "@/lib/menus/schemas/menus";

// What changed between two trees of one menu (GET /menus/:id/versions/:v and full=true), in words: a
// pure function, so the History panel and its tests read the same sentences. Records are matched by id
// (a revert keeps ids); a move is reported only for records that left their section, or whose order
// among the siblings both trees share changed (the longest common subsequence stays put), so deleting
// the first of ten items reports one removal, not nine moves.

export type DiffKind = "added" | "removed" | "moved" | "changed";
export type DiffEntry = { kind: DiffKind; text: string };

type Tree = MenuTreeResponse;
type Section = SectionTreeResponse;
type Item = Section["items"][number];
type Container = Item["containers"][number];

const quote = (value: unknown) => (value === null || value === undefined || value === "" ? "none" : `“${String(value)}”`);

/** The ids of `b` that keep their relative order from `a` (a longest common subsequence). */
function keptInOrder(a: number[], b: number[]): Set<number> {
  const common = new Set(a.filter((id) => b.includes(id)));
  const x = a.filter((id) => common.has(id));
  const y = b.filter((id) => common.has(id));
  const lengths = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--) {
    for (let j = y.length - 1; j >= 0; j--) {
      lengths[i]![j] = x[i] === y[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const kept = new Set<number>();
  for (let i = 0, j = 0; i < x.length && j < y.length; ) {
    if (x[i] === y[j]) {
      kept.add(x[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

const sectionsOf = (tree: Tree) => [...tree.sections, ...(tree.on_deck_section ? [tree.on_deck_section] : [])];
const sizeName = (container: Container) => container.name ?? container.container_size?.name ?? "price";

const ITEM_FIELDS = [
  ["name", "name"],
  ["brewery", "brewery"],
  ["style", "style"],
  ["description", "description"],
  ["abv", "ABV"],
  ["ibu", "IBU"],
  ["calories", "calories"],
  ["tap_number", "tap number"],
  ["label_image", "label"],
] as const;
const ITEM_FLAGS = [
  ["cask", "cask"],
  ["nitro", "nitro"],
  ["in_production", "in production"],
] as const;

/** What changed from `from` (an earlier version) to `to` (e.g. the current menu), in words, menu first, then in tree order. */
export function diffTrees(from: Tree, to: Tree): DiffEntry[] {
  const entries: DiffEntry[] = [];
  const add = (kind: DiffKind, text: string) => entries.push({ kind, text });

  if (from.name !== to.name) add("changed", `Menu renamed from ${quote(from.name)} to ${quote(to.name)}`);
  if (from.description !== to.description)
    add("changed", `Menu description changed from ${quote(from.description)} to ${quote(to.description)}`);
  if (from.footer !== to.footer) add("changed", `Menu footer changed from ${quote(from.footer)} to ${quote(to.footer)}`);
  if (from.unpublished !== to.unpublished)
    add("changed", to.unpublished ? "Menu unpublished (was published)" : "Menu published (was a draft)");

  const oldSections = new Map(sectionsOf(from).map((section) => [section.id, section]));
  const newSections = new Map(sectionsOf(to).map((section) => [section.id, section]));
  const sectionOrder = keptInOrder(
    from.sections.map((s) => s.id),
    to.sections.map((s) => s.id),
  );
  for (const section of from.sections) {
    if (!newSections.has(section.id)) add("removed", `Section ${quote(section.name)} removed, with ${count(section.items.length, "item")}`);
  }
  const oldItems = new Map(sectionsOf(from).flatMap((section) => section.items.map((item) => [item.id, { item, section }] as const)));
  const newItems = new Set(sectionsOf(to).flatMap((section) => section.items.map((item) => item.id)));

  for (const section of sectionsOf(to)) {
    const before = oldSections.get(section.id);
    if (!before) {
      add("added", `Section ${quote(section.name)} added`);
    } else {
      if (before.name !== section.name) add("changed", `Section ${quote(before.name)} renamed to ${quote(section.name)}`);
      if (before.description !== section.description) add("changed", `Description of section ${quote(section.name)} changed`);
      if (before.public !== section.public) add("changed", `Section ${quote(section.name)} ${section.public ? "shown" : "hidden"}`);
      if (section.type === "Section" && !sectionOrder.has(section.id))
        add("moved", `Section ${quote(section.name)} moved in the menu's order`);
    }
    const itemOrder = keptInOrder(
      (before?.items ?? []).map((item) => item.id),
      section.items.map((item) => item.id),
    );
    for (const item of section.items) {
      const was = oldItems.get(item.id);
      if (!was) {
        const prices = item.containers.map((c) => `${sizeName(c)} ${c.price}`).join(", ");
        add("added", `${quote(item.name)} added to ${quote(section.name)}${prices ? ` (${prices})` : ""}`);
        continue;
      }
      if (was.section.id !== section.id)
        add("moved", `${quote(item.name)} moved from ${quote(was.section.name)} to ${quote(section.name)}`);
      else if (!itemOrder.has(item.id)) add("moved", `${quote(item.name)} moved within ${quote(section.name)}`);
      diffItem(was.item, item, add);
    }
    if (before) {
      for (const item of before.items) {
        if (!newItems.has(item.id)) add("removed", `${quote(item.name)} removed from ${quote(section.name)}`);
      }
    }
  }
  return entries;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

function diffItem(before: Item, after: Item, add: (kind: DiffKind, text: string) => void) {
  for (const [field, label] of ITEM_FIELDS) {
    if (before[field] !== after[field])
      add(
        "changed",
        `${label[0]!.toUpperCase()}${label.slice(1)} of ${quote(before.name)}: ${quote(before[field])} → ${quote(after[field])}`,
      );
  }
  for (const [field, label] of ITEM_FLAGS) {
    if (before[field] !== after[field]) add("changed", `${quote(after.name)} ${after[field] ? "is now" : "is no longer"} ${label}`);
  }
  const old = new Map(before.containers.map((container) => [container.id, container]));
  const kept = new Set(after.containers.map((container) => container.id));
  for (const container of after.containers) {
    const was = old.get(container.id);
    if (!was) {
      add("added", `Price ${sizeName(container)} ${container.price} added to ${quote(after.name)}`);
      continue;
    }
    if (was.price !== container.price)
      add("changed", `Price of ${quote(after.name)}, ${sizeName(container)}: ${was.price} → ${container.price}`);
    if (sizeName(was) !== sizeName(container))
      add("changed", `Size of a price of ${quote(after.name)}: ${sizeName(was)} → ${sizeName(container)}`);
    if (was.calories !== container.calories)
      add("changed", `Calories of ${quote(after.name)}, ${sizeName(container)}: ${quote(was.calories)} → ${quote(container.calories)}`);
  }
  for (const container of before.containers) {
    if (!kept.has(container.id)) add("removed", `Price ${sizeName(container)} ${container.price} removed from ${quote(after.name)}`);
  }
}
