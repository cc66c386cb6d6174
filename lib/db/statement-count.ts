import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";
import { processGlobal } from "./process-global";

// Counts SQL statements (BEGIN/COMMIT aside): per piece of work, for tests that prove an answer is built
// with a bounded number of queries, and in all since the process started, for the benchmark. Per
// process (lib/db/process-global.ts): the database is opened from the instrumentation bundle and used
// from route bundles.
const storage = processGlobal("statement-count", () => new AsyncLocalStorage<{ count: number }>());
const total = processGlobal("statement-total", () => ({ count: 0 }));

export const statementCounter: Logger = {
  logQuery() {
    total.count += 1;
    const store = storage.getStore();
    if (store) store.count += 1;
  },
};

export async function countStatements<T>(run: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const store = { count: 0 };
  const result = await storage.run(store, run);
  return { result, statements: store.count };
}

/** Every statement this process has run. */
export const statementsRun = () => total.count;
