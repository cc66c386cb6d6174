import { z } from "zod";

/** The lowest scrypt cost (log2 N) a running app accepts; tests may go lower. */
export const PRODUCTION_HASH_COST = 15;

// The only reader of process.env. Every setting is listed in the README's env table.
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Unset: embedded PGlite under DATA_DIR. Set: node-postgres against this server.
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./.data"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Key for tokens stored encrypted. Unset: a random key kept in DATA_DIR/app-secret.
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  // scrypt cost as log2(N): 15 is N=2^15 (32 MiB, tens of ms a hash). Below 15 only under NODE_ENV=test,
  // so the suites pay a fraction of a millisecond a login instead of racing the machine's speed.
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(PRODUCTION_HASH_COST),
  // The login limits (lib/auth/login-limits.ts, decision 053). Per account, for browsers that have not
  // signed in to it before (a known browser counts against its own device instead).
  SESSION_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  // Per client address: the socket's peer, or the client the trusted proxies name.
  SESSION_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  SESSION_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  // Failed logins in a row on one account (from unknown browsers) that cost nothing; each one after
  // makes the account's next attempt wait twice as long as the last (1 s, 2 s, 4 s, … up to the window).
  // As many as the per-email limit: within one window that limit already holds; the wait grows after.
  LOGIN_BACKOFF_FREE_FAILURES: z.coerce.number().int().min(1).default(10),
  // How many proxies stand in front of the app, each appending to X-Forwarded-For. 0: the header is
  // the client's own words and no security decision reads it; the client is the socket's peer.
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  // Set by the production server (server.ts) for the app it serves, not by hand: every request carries
  // its socket's address (lib/server/socket-address.ts). Unset (`next dev`, tests): no socket address.
  TAPROOM_SERVER: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Where the app is reached from a browser (OAuth redirect URL, links in invitations and resets).
  // Default: http://127.0.0.1:PORT.
  APP_URL: z.url().optional(),
  // Whether anyone may create a business (POST /signup, the sign-up page): `closed` for a server
  // exposed to the internet that only its own owners and invited members use.
  SIGNUP: z.enum(["open", "closed"]).default("open"),
  // Whether a fresh embedded database gets the demo businesses. `false`: `/` leads to sign-up.
  DEMO_DATA: z
    .enum(["true", "false", "1", "0"])
    .default("true")
    .transform((v) => v === "true" || v === "1"),
  // Outgoing mail for invitations and password resets (nodemailer): smtp://user:pass@host:587 or
  // smtps://…. Unset: nothing is mailed; the dashboard shows the one-time link to copy.
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  // Keg sensors over MQTT (venue-operations §14, docs/keg-sensors.md): the broker the meters publish to,
  // mqtt://host:1883 or mqtts://…. Unset: no MQTT subscriber runs (Kegtron polling and the API still do).
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?)$/ }).optional(),
  // This instance's client id at the broker, which keeps its session (and the readings published while
  // it was away) across reconnects and restarts. Distinct per instance. Default taproom-<host>-<PORT>.
  MQTT_CLIENT_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional(),
  // Connections this instance counts readings on at once (decision 099): one shared subscription of the
  // instance's own, each connection one reading at a time. Keep it fixed for an instance: a session
  // dropped by lowering it keeps what the broker queued for it until it connects again.
  MQTT_CONSUMERS: z.coerce.number().int().min(1).max(16).default(16),
  MAIL_FROM: z.string().min(3).default("Taproom <no-reply@taproom.invalid>"),
  // The beer platform (v4). All unset: the built-in sandbox upstream under /sandbox.
  V4_API_URL: z.url().optional(),
  V4_AUTH_URL: z.url().optional(),
  V4_CLIENT_ID: z.string().min(1).optional(),
  V4_CLIENT_SECRET: z.string().min(1).optional(),
  V4_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  V4_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  V4_HOURLY_LIMIT: z.coerce.number().int().min(1).default(100),
  // The most of the app key's hour one business may spend on public calls (cache hits are free).
  V4_BUSINESS_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(25),
  // A business younger than this many days gets only its guaranteed part of the hour (decision 075):
  // sign-ups are free, so they cannot be used to spend the hour the others need. 0: none is new.
  V4_NEW_BUSINESS_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  // Adds X-SQL-Statements (statements the request ran) to API answers: for the benchmark and tests.
  // Request bodies past this many bytes are refused (413) before they are read whole.
  MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(1024 * 1024),
  // Webhook targets may be plain http and internal addresses (loopback, private, link-local): tests and
  // local development only. Unset, a webhook must be https to a public address, checked at every delivery.
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // Square (pos.md): the API's base URL (e.g. https://connect.squareup.com, or https://connect.squareupsandbox.com
  // for Square's own sandbox). Unset: the sandbox built into the app at APP_URL/sandbox/square, with its
  // own application id and secret. With it set, SQUARE_APPLICATION_ID and SQUARE_APPLICATION_SECRET are required.
  SQUARE_BASE_URL: z.url().optional(),
  SQUARE_APPLICATION_ID: z.string().min(1).optional(),
  SQUARE_APPLICATION_SECRET: z.string().min(1).optional(),
  // The webhook subscription's signature key (Square's Developer Console, Webhooks); the built-in sandbox
  // signs with the same. The notification URL to subscribe is APP_URL/api/pos/square/webhook.
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(8).default("taproom-development-square-signature-key"),
  // Toast (pos.md): the API's host (e.g. https://ws-api.toasttab.com, or https://ws-sandbox-api.eng.toasttab.com
  // for Toast's own sandbox). Unset: the sandbox built into the app at APP_URL/sandbox/toast. Each connection
  // brings its own client id, secret and restaurant GUID (Toast has no OAuth consent).
  TOAST_BASE_URL: z.url().optional(),
  // The webhook subscription's secret (Toast's integrations team gives it); the built-in sandbox signs with
  // the same. The webhook URL to subscribe is APP_URL/api/pos/toast/webhook.
  TOAST_WEBHOOK_SECRET: z.string().min(8).default("taproom-development-toast-webhook-secret"),
  // How long a call to the POS may take before it counts as failed (and is retried later).
  POS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  // How long an import (venue-operations §6) waits for each answer of its source before it gives up (502).
  IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  // Webhooks one location may have (POST …/webhooks past it: 409 limit_reached).
  WEBHOOK_LIMIT_PER_LOCATION: z.coerce.number().int().min(1).max(1000).default(10),
  // Deliveries to one business's webhooks in flight at once, across every instance: what a slow or
  // failing receiver of one business can take from the others (decision 055).
  WEBHOOK_BUSINESS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  // Open event streams (board and change streams) one instance keeps per client address and per
  // credential; past it a new stream is 429 (decision 055).
  STREAM_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
  STREAM_LIMIT_PER_CREDENTIAL: z.coerce.number().int().min(1).max(100_000).default(50),
  // New pairing codes (POST /boards/pairings, no sign-in) one client address may ask for per
  // SESSION_RATE_LIMIT_WINDOW_SECONDS: a TV asks once per ten minutes; past it 429 (decision 067).
  BOARD_PAIRING_LIMIT_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  // Codes tried (POST /locations/:id/boards) per SESSION_RATE_LIMIT_WINDOW_SECONDS, per client address
  // and per business: with eight-character codes, a guess within a code's life stays below one in a
  // million (decision 075). Past either 429.
  BOARD_PAIRING_GUESSES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  BOARD_PAIRING_GUESSES_PER_BUSINESS: z.coerce.number().int().min(1).max(1_000_000).default(60),
  // Invitations one business may send per hour and per day (POST /team/invitations): past either, 429
  // with Retry-After, so an owner's account cannot mail strangers in bulk (decision 075).
  INVITATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(20),
  INVITATIONS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(100),
  // true: each API answer names the statements it ran (X-SQL-Statements; a context per request, for
  // tests); total: the process's running total (X-SQL-Statements-Total; nothing per request, for the
  // benchmark, whose probes run one at a time); false: neither.
  EXPOSE_SQL_COUNT: z
    .enum(["true", "false", "1", "0", "total"])
    .default("false")
    .transform((v) => (v === "total" ? "total" : v === "true" || v === "1" ? "request" : false)),
  // The build folder (next.config.ts's distDir): the e2e suite, the benchmark and the soak build into their own.
  NEXT_DIST_DIR: z.string().min(1).default(".next"),
  // Tests only (the e2e suite, decision 064): a board's request may name the instant it is read for in
  // X-Test-Now, so a browser whose clock the test injects and the server agree on what is in force.
  // Reads only, and no more than `?at=` answers anyone; still, never set it on a real server.
  TEST_CLOCK_HEADER: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  // The embedded database's shared buffers (lib/db/client.ts pgliteConf, decision 069): memory the
  // process keeps for good once touched. Unused with DATABASE_URL.
  EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(1024).default(16),
  // The read model's memory per instance (lib/live/read-cache.ts): kept answers past it are dropped, oldest
  // first. Unset: an eighth of the process's heap, 4 to 64 (lib/server/memory-budget.ts).
  READ_CACHE_MB: z.coerce.number().int().min(1).max(4096).optional(),
});

const checkedSchema = envSchema.superRefine((settings, ctx) => {
  // Instances sharing a PostgreSQL server must seal and open tokens with one key: a generated key file
  // is one per machine, and a second instance would not read the first one's tokens.
  if (settings.DATABASE_URL && !settings.APP_SECRET) {
    ctx.addIssue({
      code: "custom",
      path: ["APP_SECRET"],
      message:
        "APP_SECRET is required with DATABASE_URL: set the same value (at least 32 characters) on every instance sharing the database",
    });
  }
  if (settings.PASSWORD_HASH_COST < PRODUCTION_HASH_COST && settings.NODE_ENV !== "test") {
    ctx.addIssue({
      code: "custom",
      path: ["PASSWORD_HASH_COST"],
      message: `PASSWORD_HASH_COST below ${PRODUCTION_HASH_COST} is allowed only when NODE_ENV=test`,
    });
  }
  if (settings.SQUARE_BASE_URL && (!settings.SQUARE_APPLICATION_ID || !settings.SQUARE_APPLICATION_SECRET)) {
    ctx.addIssue({
      code: "custom",
      path: ["SQUARE_APPLICATION_ID"],
      message: "SQUARE_APPLICATION_ID and SQUARE_APPLICATION_SECRET are required with SQUARE_BASE_URL",
    });
  }
  if (settings.V4_API_URL && (!settings.V4_CLIENT_ID || !settings.V4_CLIENT_SECRET)) {
    ctx.addIssue({ code: "custom", path: ["V4_CLIENT_ID"], message: "V4_CLIENT_ID and V4_CLIENT_SECRET are required with V4_API_URL" });
  }
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = checkedSchema.safeParse(process.env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Tests change settings between cases; production reads them once. */
export function resetEnvForTests() {
  cached = undefined;
}

/** Where a browser reaches the app (APP_URL, default http://127.0.0.1:PORT), without a trailing slash. */
export const publicAppUrl = (): string => {
  const settings = env();
  return (settings.APP_URL ?? `http://127.0.0.1:${settings.PORT}`).replace(/\/+$/, "");
};
