import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { knownProvider } from "./providers";

// The one place POS sync names the changes it makes (pos.md §4): `item.86d` and `item.restored` (reason
// `pos`) and `pos.synced` (prices and items). The changes themselves are recorded by the database's
// triggers like every menu edit (migration 0009: one change a menu a transaction, its NOTIFY at commit),
// so the feed, the boards and the webhooks carry them. When the change writer (`recordChange(tx, …)`)
// lands, this is the one function to switch to it.

export type PosChangeType = "item.86d" | "item.restored" | "pos.synced";

/** The actor the feed names for a change that came from the POS. */
export const POS_ACTOR = (provider: string) => ({
  user_id: null,
  name: knownProvider(provider)?.label ?? provider,
  via: "system" as const,
});

/** Names the changes the triggers record from here on in the running transaction `tx`. */
export async function recordPosChange(tx: Pick<Db, "execute">, { type, provider }: { type: PosChangeType; provider: string }) {
  await tx.execute(
    sql`select set_config('taproom.change_type', ${type}, true), set_config('taproom.actor', ${JSON.stringify(POS_ACTOR(provider))}, true)`,
  );
}

/**
 * Marks the running transaction `tx` as bringing Taproom in line with the connection `connectionId`:
 * an 86 or restore it makes is owed to every other connected POS of the location, never back to this
 * one (the trigger on items reads `taproom.pos_origin`, migration 0035): loops are impossible.
 */
export async function fromPos(tx: Pick<Db, "execute">, connectionId: number) {
  await tx.execute(sql`select set_config('taproom.pos_origin', ${String(connectionId)}, true)`);
}
