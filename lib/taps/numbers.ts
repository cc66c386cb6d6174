import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";

// One tap number (decision 080): an item on a tap carries the tap's number in `items.tap_number`, which
// is what the board, the phone menu, the TV and the API read. Every write that puts an item on a tap,
// takes it off, or renumbers the tap calls this in its transaction, so the item's row changes with it
// (the triggers raise the menu's version and the boards redraw). An item on two taps says the lower
// number; an item that left its last tap says none. Items never on a tap are not touched.

/** Makes `itemIds`' tap numbers the number of the tap each is on (none if on no tap). */
export async function followTaps(tx: Db, itemIds: (number | null | undefined)[]) {
  const ids = [...new Set(itemIds.filter((id): id is number => typeof id === "number"))];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update items set tap_number = t.number, updated_at = now()
    from (
      select i.id, (select min(number)::text from taps where taps.item_id = i.id) as number
      from items i where i.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) t
    where items.id = t.id and items.tap_number is distinct from t.number`);
}
