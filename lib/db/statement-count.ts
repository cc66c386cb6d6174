import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "drizzle-orm/logger";

// Counts the SQL statements one request runs (BEGIN/COMMIT aside), for the benchmark and for tests
// that prove a response is built with a bounded number of queries.
const storage = new AsyncLocalStorage<{ count: number }>();

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
