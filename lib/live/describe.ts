import type { ChangeType } from "@/lib/live/schemas";

// A change in words: its type and one short sentence, read from the rows it touched (menu_edits, whole
// rows before and after as to_jsonb gives them). Pure: the feed, the stream, the webhooks and the
// history all describe a change with this one function.

type Row = Record<string, unknown>;
export type Edit = { table: string; row_id: number; op: string; old: Row | null; new: Row | null };
/** Names of records a change refers to but did not touch itself (the item of a price, a size, a section). */
export type Names = {
  item: (id: number) => string | undefined;
  section: (id: number) => string | undefined;
  size: (id: number) => string | undefined;
};

const BOOKKEEPING = new Set(["updated_at", "created_at", "version", "version_tx", "schedule_epoch"]);
const EIGHTY_SIX = new Set(["eighty_sixed_at", "eighty_sixed_until", "eighty_sixed_reason"]);
const MAX_SENTENCES = 3;

/** The columns an edit changed, without bookkeeping. */
export function changedColumns(edit: Edit): string[] {
  if (!edit.old || !edit.new) return [];
  const before = edit.old;
  const after = edit.new;
  return Object.keys(after).filter((key) => !BOOKKEEPING.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

const only = (edit: Edit, allowed: Set<string>) => edit.op === "U" && changedColumns(edit).every((column) => allowed.has(column));
const rowOf = (edit: Edit): Row => edit.new ?? edit.old ?? {};
const str = (value: unknown) => (value === null || value === undefined ? "" : String(value));
const num = (value: unknown) => (typeof value === "number" ? value : Number(value));

/** The type of a change: the one its transaction named, or the one its edits show. */
export function changeType(named: string | null, edits: Edit[]): ChangeType {
  if (named) return named as ChangeType;
  const updates = edits.filter((edit) => changedColumns(edit).length > 0 || edit.op !== "U");
  if (updates.length === 0) return "menu.updated";
  if (updates.every((edit) => edit.table === "items" && only(edit, EIGHTY_SIX))) {
    return updates.some((edit) => edit.new?.eighty_sixed_at != null) ? "item.86d" : "item.restored";
  }
  if (updates.every((edit) => edit.table === "menus" && only(edit, new Set(["unpublished"])))) {
    return updates[0]!.new?.unpublished ? "menu.unpublished" : "menu.published";
  }
  if (updates.every((edit) => edit.table === "menus" && only(edit, new Set(["position"])))) return "menu.reordered";
  return "menu.updated";
}

const itemName = (row: Row) => str(row.custom_name ?? row.original_name) || "an item";
const price = (value: unknown) => (value === null || value === undefined ? "no price" : num(value).toFixed(2));

function quoted(value: unknown) {
  return `“${str(value)}”`;
}

/** What one edit did, in words; null for an edit that only follows from another (a sibling's new position). */
function sentence(edit: Edit, names: Names, itemsHere: Map<number, Row>): string | null {
  const row = rowOf(edit);
  const columns = changedColumns(edit);
  if (edit.op === "U" && columns.length === 0) return null;
  if (edit.op === "U" && columns.every((column) => column === "position")) return null;
  switch (edit.table) {
    case "menus":
      if (edit.op === "I") return `Created menu ${quoted(row.name)}`;
      if (edit.op === "D") return `Deleted menu ${quoted(row.name)}`;
      if (columns.includes("unpublished")) return `${row.unpublished ? "Unpublished" : "Published"} menu ${quoted(row.name)}`;
      if (columns.includes("name")) return `Renamed menu ${quoted(edit.old?.name)} to ${quoted(row.name)}`;
      return `Changed the ${columns.filter((column) => column !== "position").join(" and ")} of menu ${quoted(row.name)}`;
    case "sections":
      if (edit.op === "I") return `Added section ${quoted(row.name)}`;
      if (edit.op === "D") return `Removed section ${quoted(row.name)}`;
      if (columns.includes("name")) return `Renamed section ${quoted(edit.old?.name)} to ${quoted(row.name)}`;
      if (columns.includes("public")) return `${row.public ? "Showed" : "Hid"} section ${quoted(row.name)}`;
      return `Changed the description of section ${quoted(row.name)}`;
    case "items": {
      const name = itemName(row);
      const section = names.section(num(row.section_id)) ?? "its section";
      if (edit.op === "I") return `Added ${name} to ${section}`;
      if (edit.op === "D") return `Removed ${name} from ${names.section(num(row.section_id)) ?? "the menu"}`;
      if (columns.some((column) => EIGHTY_SIX.has(column))) return row.eighty_sixed_at ? `86'd ${name}` : `${name} is back on`;
      if (columns.includes("section_id")) return `Moved ${name} to ${section}`;
      const fields = columns.filter((column) => column !== "position").map((column) => column.replace(/^custom_/, ""));
      if (fields.length === 1 && edit.old) {
        const field = columns.find((column) => column !== "position")!;
        const before = edit.old[field] ?? edit.old[field.replace(/^custom_/, "original_")];
        const after = row[field] ?? row[field.replace(/^custom_/, "original_")];
        return `${fields[0]!.replace(/_/g, " ")} of ${itemName(edit.old)}: ${str(before) || "none"} → ${str(after) || "none"}`;
      }
      return `Changed ${fields.join(", ").replace(/_/g, " ")} of ${name}`;
    }
    case "containers": {
      const item = itemsHere.get(num(row.item_id));
      const name = item ? itemName(item) : (names.item(num(row.item_id)) ?? "an item");
      const label = str(row.name) || names.size(num(row.container_size_id)) || "a serving";
      if (edit.op === "I") return `Added ${label} of ${name} at ${price(row.price)}`;
      if (edit.op === "D") return `Removed ${label} of ${name}`;
      if (columns.includes("price")) return `Price of ${name}, ${label}: ${price(edit.old?.price)} → ${price(row.price)}`;
      return `Changed ${label} of ${name}`;
    }
    default:
      return null;
  }
}

/** One short sentence for a whole change ("Price of Harbor Haze, Pint: 7.00 → 7.50"). */
export function changeSummary(type: ChangeType, edits: Edit[], names: Names, menuName: string | null): string {
  const itemsHere = new Map(edits.filter((edit) => edit.table === "items").map((edit) => [edit.row_id, rowOf(edit)]));
  if (type === "menu.reverted") return `Restored menu ${quoted(menuName)} to an earlier version`;
  if (type === "menu.schedule_changed") return `What guests see of menu ${quoted(menuName)} changed with its schedule`;
  // The boards' changes carry their words (lib/boards/watch.ts); these are for one that lost them.
  if (type === "board.offline") return `A board showing menu ${quoted(menuName)} went dark`;
  if (type === "board.online") return `A board showing menu ${quoted(menuName)} is back on`;
  // A menu created or deleted is told as that, not as the rows that came or went with it.
  const whole = edits.find((edit) => edit.table === "menus" && edit.op !== "U");
  if (whole) return `${whole.op === "I" ? "Created" : "Deleted"} menu ${quoted(rowOf(whole).name)}`;
  if (type === "menu.reordered") return `Reordered the menus`;
  // What went with its parent (the containers of a removed item, the items of a removed section) is not told apart.
  const gone = new Set(edits.filter((edit) => edit.op === "D").map((edit) => `${edit.table}:${edit.row_id}`));
  const withParent = (edit: Edit) =>
    edit.op === "D" &&
    ((edit.table === "containers" && gone.has(`items:${num(edit.old?.item_id)}`)) ||
      (edit.table === "items" && gone.has(`sections:${num(edit.old?.section_id)}`)));
  const sentences = edits
    .filter((edit) => !withParent(edit))
    .map((edit) => sentence(edit, names, itemsHere))
    .filter((text): text is string => text !== null);
  if (sentences.length === 0) {
    const moved = edits.find((edit) => edit.op === "U");
    if (!moved) return `Changed menu ${quoted(menuName)}`;
    const where = moved.table === "items" ? ` in ${names.section(num(rowOf(moved).section_id)) ?? "a section"}` : "";
    return `Reordered ${moved.table}${where}`;
  }
  const unique = [...new Set(sentences)];
  const shown = unique.slice(0, MAX_SENTENCES).join("; ");
  const more = unique.length - MAX_SENTENCES;
  return more > 0 ? `${shown}; and ${more} more ${more === 1 ? "change" : "changes"}` : shown;
}
