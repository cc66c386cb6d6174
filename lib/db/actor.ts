import { AsyncLocalStorage } from "node:async_hooks";
import { sql } from "drizzle-orm";
import type { ChangeActor } from "./schema/changes";

// Who is writing, for the database's change records (migration 0009_live_menu_triggers): every
// transaction opened while an actor is known names it in `taproom.actor` (transaction-local), and the
// triggers copy it into the change. The v1 handler wrapper sets the caller for the whole request;
// the 86 sweeper and the revert name their change's type too. Without an actor the change is the
// system's.

type Writing = { actor: ChangeActor; changeType?: string };
// On globalThis, like the database (lib/db/client.ts): Next.js may evaluate this module once per route
// bundle, and the database opened by one bundle must see the actor set by another bundle's handler.
const slot = Symbol.for("taproom.actor");
const holder = globalThis as { [slot]?: AsyncLocalStorage<Writing> };
holder[slot] ??= new AsyncLocalStorage<Writing>();
const writing = holder[slot];

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
