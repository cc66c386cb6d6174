import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { ChangeActor } from "./schema/changes";
import { processGlobal } from "./process-global";

// Who is writing, for the database's change records (migration 0009_live_menu_triggers): every
// transaction opened while an actor is known names it in `taproom.actor` (transaction-local), and the
// triggers copy it into the change. The v1 handler wrapper sets the caller for the whole request;
// the 86 sweeper and the revert name their change's type too. Without an actor the change is the
// system's.

type Writing = { actor: ChangeActor; changeType?: string };
// One per process (lib/db/process-global.ts): the database, and the transaction stamping that reads
// this, is opened once, by whichever route bundle came first.
const writing = processGlobal("actor", () => new AsyncLocalStorage<Writing>());

/** Runs `work` with its transactions attributed to `actor` (and, when given, of the change type `changeType`). */
export function actingAs<T>(actor: ChangeActor, work: () => Promise<T>, changeType?: string): Promise<T> {
  return writing.run({ actor, changeType }, work);
}

/** The actor of the running work, if any. */
export function currentActor(): ChangeActor | undefined {
  return writing.getStore()?.actor;
}

type Executor = { execute: (query: ReturnType<typeof sql>) => PromiseLike<unknown> };

/** Names the actor (and change type) in the transaction `tx` that was just opened. */
export async function stampTransaction(tx: Executor) {
  const current = writing.getStore();
  if (!current) return;
  await tx.execute(
    sql`select set_config('taproom.actor', ${JSON.stringify(current.actor)}, true), set_config('taproom.change_type', ${current.changeType ?? ""}, true)`,
  );
}
