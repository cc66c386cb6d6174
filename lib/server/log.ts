import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import pino from "pino";

// Structured JSON logs (pino), one object a line, each carrying the request id of the request it belongs to.
// What could identify or authenticate someone never reaches a line: credentials by key (redaction),
// and query parameters and SQL parameters stripped from messages (errorFields).

const requests = new AsyncLocalStorage<{ requestId: string }>();

const REDACTED_KEYS = ["password", "token", "secret", "authorization", "cookie", "access_token", "client_secret", "auth_token"];

function createLogger(destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }), log: (fields) => scrubFields(fields) },
    // Every message too: whatever a caller interpolated, no query string or SQL parameter goes out.
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === "string" ? scrub(arg) : arg)) as Parameters<typeof method>);
      },
    },
    redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)], censor: "[redacted]" },
  };
  return destination ? pino(options, destination) : pino(options);
}

let root = createLogger();

/** Tests read the lines: undefined goes back to standard output. */
export function installLogDestination(destination: pino.DestinationStream | undefined) {
  root = createLogger(destination);
}

/** The logger for this moment: inside a request, every line names its request id. */
export function log(): pino.Logger {
  const current = requests.getStore();
  return current ? root.child({ request_id: current.requestId }) : root;
}

/** The request id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

const INCOMING_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Runs one request under its id: a well-formed X-Request-Id from the caller (a proxy's), else a new one. */
export function withRequestId<T>(request: Request, work: (requestId: string) => Promise<T>): Promise<T> {
  const incoming = request.headers.get("x-request-id");
  const requestId = incoming && INCOMING_ID.test(incoming) ? incoming : randomUUID();
  return requests.run({ requestId }, () => work(requestId));
}

/** Drops what a message may carry about people: `params: …` of a failed query, and URL query strings. */
function scrub(message: string): string {
  return message
    .replace(/params:[^\n]*/gi, "params: [redacted]")
    .replace(/(https?:\/\/[^\s?#"']+|(?<![\w/])\/[\w./-]*)\?[^\s#"']*/gi, "$1?[redacted]");
}

/** Every string of a log line's fields, scrubbed (one level of nesting, as our lines have). */
function scrubFields(fields: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown =>
    typeof value === "string"
      ? scrub(value)
      : value && typeof value === "object" && !Array.isArray(value)
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typeof inner === "string" ? scrub(inner) : inner]))
        : value;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, clean(value)]));
}

/** The fields of an error worth a log line: its kind, code and scrubbed message, and its cause's. */
export function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { error: scrub(String(error)) };
  const { code } = error as { code?: unknown };
  const fields: Record<string, string> = { error: error.name, message: scrub(error.message) };
  if (error.stack) fields.stack = scrub(error.stack);
  if (typeof code === "string") fields.code = code;
  if (error.cause instanceof Error) {
    fields.cause = scrub(error.cause.message);
    const causeCode = (error.cause as { code?: unknown }).code;
    if (typeof causeCode === "string") fields.cause_code = causeCode;
  }
  return fields;
}
