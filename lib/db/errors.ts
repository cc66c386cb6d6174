// Which failures mean "the database cannot be reached right now" (as opposed to a query that is wrong):
// those become 503 with Retry-After, and the next request simply tries again.

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// PostgreSQL SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shutting down, cannot connect
// now), 53300 (too many connections).
const SERVER_CODES = /^(08...|57P0[123]|53300)$/;
const MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

/** True when `error` (or what it wraps: drizzle's query error, an AggregateError) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
  if (typeof message === "string" && MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The SQLSTATE `error` (or what it wraps, a few levels down) carries, if any. */
export function sqlStateOf(error: unknown, depth = 0): string | undefined {
  if (!error || typeof error !== "object" || depth > 4) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : sqlStateOf(cause, depth + 1);
}

/** The database rolled the transaction back as a deadlock's victim or a serialization failure: running it again is safe. */
export const isTransactionConflict = (error: unknown) => {
  const state = sqlStateOf(error);
  return state === "40P01" || state === "40001";
};

/** A unique constraint refused the write (SQLSTATE 23505): the record already exists. */
export const isUniqueViolation = (error: unknown) => sqlStateOf(error) === "23505";

/**
 * Runs `write`, and again while the database is unreachable, pausing between tries (doubling up to 2 s),
 * until another try would end after `deadline` (epoch ms); any other failure is thrown at once. For a
 * write that records something already done outside the database (a webhook delivered): giving up at the
 * first dropped connection would have it done twice.
 */
export async function retryWhileUnavailable<T>(
  write: () => Promise<T>,
  { deadline, pauseMs = 250 }: { deadline: number; pauseMs?: number },
): Promise<T> {
  for (let pause = pauseMs; ; pause = Math.min(pause * 2, 2000)) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() + pause >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
