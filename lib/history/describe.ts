import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { menuEdits, type menuChanges } from "@/lib/db/schema";
import { iso } from "@/lib/iso";
import type { ChangeResponse } from "@/lib/schemas/history";

// The words and the type of a menu's changes, for its versions list. A stand-in until the change feed's
// own describer (lib/live/describe.ts) lands: `describeChanges` is the only function the history calls.

type ChangeRow = typeof menuChanges.$inferSelect;
type Edit = typeof menuEdits.$inferSelect;
type Counts = { table: Edit["table"]; op: Edit["op"]; n: number }[];
const total = (tally: Counts) => tally.reduce((sum, row) => sum + row.n, 0);

const NOUNS = { menus: ["menu", "menus"], sections: ["section", "sections"], items: ["item", "items"], containers: ["price", "prices"] };
const count = (n: number, [one, many]: string[]) => `${n} ${n === 1 ? one : many}`;
const money = (value: unknown) => Number(value).toFixed(2);
const nameOf = (row: Record<string, unknown> | null) => String(row?.custom_name ?? row?.original_name ?? row?.name ?? "");

function typeOf(change: ChangeRow, edits: Edit[], tally: Counts): ChangeResponse["type"] {
  if (change.type) return change.type as ChangeResponse["type"];
  const menuEdit = edits.find((edit) => edit.table === "menus");
  if (menuEdit && total(tally) === 1 && menuEdit.old && menuEdit.new) {
    if (menuEdit.old.unpublished && !menuEdit.new.unpublished) return "menu.published";
    if (!menuEdit.old.unpublished && menuEdit.new.unpublished) return "menu.unpublished";
    if (menuEdit.old.position !== menuEdit.new.position) return "menu.reordered";
  }
  const item = edits.find((edit) => edit.table === "items" && edit.op === "U");
  if (item && total(tally) === 1 && !item.old?.eighty_sixed_at && item.new?.eighty_sixed_at) return "item.86d";
  if (item && total(tally) === 1 && item.old?.eighty_sixed_at && !item.new?.eighty_sixed_at) return "item.restored";
  return "menu.updated";
}

function summaryOf(type: ChangeResponse["type"], edits: Edit[], tally: Counts): string {
  if (type === "menu.created") return "Created the menu";
  if (type === "menu.published") return "Published the menu";
  if (type === "menu.unpublished") return "Unpublished the menu";
  if (type === "menu.reordered") return "Moved the menu in the location's order";
  const prices = edits.filter((edit) => edit.table === "containers" && edit.op === "U" && edit.old?.price !== edit.new?.price);
  if (prices.length === 1 && total(tally) === 1) return `Price ${money(prices[0]!.old?.price)} → ${money(prices[0]!.new?.price)}`;
  const parts: string[] = [];
  for (const [op, verb] of [
    ["I", "added"],
    ["D", "removed"],
    ["U", "changed"],
  ] as const) {
    const byTable = (["sections", "items", "containers", "menus"] as const)
      .map((table) => [table, edits.filter((edit) => edit.table === table && edit.op === op)] as const)
      .filter(([, list]) => list.length > 0);
    if (byTable.length === 0) continue;
    const what = byTable.map(([table, list]) =>
      table === "menus"
        ? "the menu"
        : list.length === 1 && table !== "containers"
          ? nameOf(list[0]!.new ?? list[0]!.old) || count(1, NOUNS[table])
          : count(list.length, NOUNS[table]),
    );
    parts.push(`${verb} ${what.join(", ")}`);
  }
  const sentence = parts.join("; ") || "No change";
  const lead = type === "menu.reverted" ? "Restored an earlier version: " : "";
  return `${lead}${lead ? sentence : sentence[0]!.toUpperCase() + sentence.slice(1)}`;
}

/**
 * The Change JSON (live-menus §3) of each change, with its type and one sentence in words. Two
 * queries whatever the changes' sizes: the count of edits per table and operation, and the edits that
 * are alone of their kind in their change (the ones a sentence names); a revert's hundreds of rows are
 * counted, not read.
 */
export async function describeChanges(db: Db, changes: ChangeRow[]): Promise<Map<number, ChangeResponse>> {
  const ids = changes.map((change) => change.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({ changeId: menuEdits.changeId, table: menuEdits.table, op: menuEdits.op, n: sql<number>`count(*)::int` })
          .from(menuEdits)
          .where(inArray(menuEdits.changeId, ids))
          .groupBy(menuEdits.changeId, menuEdits.table, menuEdits.op);
  const single = new Set(counts.filter((row) => row.n === 1).map((row) => `${row.changeId}:${row.table}:${row.op}`));
  const loneChanges = [...new Set(counts.filter((row) => row.n === 1).map((row) => row.changeId))];
  const lone =
    loneChanges.length === 0
      ? []
      : (await db.select().from(menuEdits).where(inArray(menuEdits.changeId, loneChanges)).orderBy(menuEdits.id)).filter((edit) =>
          single.has(`${edit.changeId}:${edit.table}:${edit.op}`),
        );
  const byChange = new Map<number, Edit[]>();
  for (const edit of lone) {
    const list = byChange.get(edit.changeId);
    if (list) list.push(edit);
    else byChange.set(edit.changeId, [edit]);
  }
  const countsByChange = new Map<number, Counts>();
  for (const row of counts) {
    const entry = countsByChange.get(row.changeId) ?? [];
    entry.push({ table: row.table, op: row.op, n: row.n });
    countsByChange.set(row.changeId, entry);
  }
  return new Map(
    changes.map((change) => {
      const edits = byChange.get(change.id) ?? [];
      const tally = countsByChange.get(change.id) ?? [];
      const type = typeOf(change, edits, tally);
      return [
        change.id,
        {
          id: String(change.id),
          cursor: String(change.id),
          type,
          location_id: change.locationId,
          menu_id: change.menuId,
          version: change.version,
          at: iso(change.at),
          actor: change.actor,
          summary: summaryOf(type, edits, tally),
        },
      ];
    }),
  );
}
