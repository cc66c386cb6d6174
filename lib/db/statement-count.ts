import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

// Counts the SQL statements one request runs (BEGIN/COMMIT aside), for the benchmark and for tests
// that prove a response is built with a bounded number of queries.
// On globalThis: the database is opened from the instrumentation bundle and used from route bundles,
// and each bundle may hold its own copy of this module.
const slot = Symbol.for("taproom.statement-count");
const holder = globalThis as { [slot]?: AsyncLocalStorage<{ count: number }> };
holder[slot] ??= new AsyncLocalStorage<{ count: number }>();
const storage = holder[slot];

export const statementCounter: Logger = {
  logQuery() {
    const store = storage.getStore();
    if (store) store.count += 1;
  },
};

export async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const store = { count: 0 };
  const result = await storage.run(store, run);
  return { result, statements: store.count };
}
