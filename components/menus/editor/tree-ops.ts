import type { Item, MenuTree, Section } from "@/lib/client/queries/menus";

// Pure edits of a cached menu tree: the optimistic half of every reorder and move.

/** A positions batch for a whole list of siblings: every id once, positions 0..n-1. */
export const positionsBatch = (ids: number[]) => ids.map((id, position) => ({ id, position }));

/** The regular sections, then the on-deck section: everything that can hold items. */
export function allSections(tree: MenuTree): Section[] {
  return tree.on_deck_section ? [...tree.sections, tree.on_deck_section] : tree.sections;
}

export function findItem(tree: MenuTree, itemId: number): { item: Item; section: Section } | null {
  for (const section of allSections(tree)) {
    const item = section.items.find((candidate) => candidate.id === itemId);
    if (item) return { item, section };
  }
  return null;
}

export function findSection(tree: MenuTree, sectionId: number): Section | null {
  return allSections(tree).find((section) => section.id === sectionId) ?? null;
}

export const sectionLabel = (section: Pick<Section, "name" | "type">) =>
  section.type === "OnDeckSection" ? "On deck" : section.name.trim() || "Untitled section";

function inOrder<T extends { id: number; position: number }>(records: T[], ids: number[]): T[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  return ids.flatMap((id, position) => {
    const record = byId.get(id);
    return record ? [{ ...record, position }] : [];
  });
}

function mapSections(tree: MenuTree, change: (section: Section) => Section): MenuTree {
  return {
    ...tree,
    sections: tree.sections.map(change),
    on_deck_section: tree.on_deck_section ? change(tree.on_deck_section) : null,
  };
}

export function withSectionOrder(tree: MenuTree, ids: number[]): MenuTree {
  return { ...tree, sections: inOrder(tree.sections, ids) };
}

export function withItemOrder(tree: MenuTree, sectionId: number, ids: number[]): MenuTree {
  return mapSections(tree, (section) => (section.id === sectionId ? { ...section, items: inOrder(section.items, ids) } : section));
}

/** The item leaves its section (the rest close up) and the target section takes `targetIds`' order. */
export function withItemMoved(tree: MenuTree, itemId: number, toSectionId: number, targetIds: number[]): MenuTree {
  const found = findItem(tree, itemId);
  if (!found) return tree;
  const moved: Item = { ...found.item, section_id: toSectionId };
  return mapSections(tree, (section) => {
    if (section.id === toSectionId) {
      const pool = [...section.items.filter((item) => item.id !== itemId), moved];
      return { ...section, items: inOrder(pool, targetIds) };
    }
    if (section.id === found.section.id) {
      const rest = section.items.filter((item) => item.id !== itemId);
      return { ...section, items: rest.map((item, position) => ({ ...item, position })) };
    }
    return section;
  });
}

export function countItems(tree: MenuTree): number {
  return allSections(tree).reduce((sum, section) => sum + section.items.length, 0);
}

/**
 * Tap numbers stay with their beers when the list is reordered (the line a beer pours from does not
 * move). When the numbers no longer follow the order, one click numbers them again, in one version.
 */
export function tapsOutOfOrder(items: { tap_number: string | null }[]): boolean {
  const numbers = items.map((item) => item.tap_number);
  if (!numbers.some(Boolean)) return false;
  const first = Number(numbers[0]);
  return !numbers.every((number, index) => Number.isInteger(first) && first >= 1 && number === String(first + index));
}
