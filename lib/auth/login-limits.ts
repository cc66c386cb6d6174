import { isIPv4, isIPv6 } from "node:net";
import type { Db } from "@/lib/db/client";
import { extendRun, hit, readRun } from "@/lib/db/rate-limit";
import { readDeviceCookie } from "@/lib/auth/devices";
import { env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { SOCKET_ADDRESS_HEADER } from "@/lib/server/socket-address";

// The login limits (decisions 017, 018, 053), shaped so that no client can lock the others out:
//
//   - an account: SESSION_RATE_LIMIT_PER_EMAIL attempts per window (successful or not, contract §3),
//     and after LOGIN_BACKOFF_FREE_FAILURES failures in a run a growing wait before the next attempt;
//     a wrong password for one account slows only attempts on that account;
//   - a client address (the socket's peer, or the client the trusted proxies name): per window;
//   - a browser that signed in to the account before (lib/auth/devices.ts) is held to none of those,
//     only to its own count (the account's number of attempts per window): someone hammering an
//     account from elsewhere cannot keep its owner's own browser out.
//
// There is no app-wide ceiling (decision 075): a spray from many addresses is slowed per account, by
// the account's limit and backoff, and never refuses an account nobody is guessing at.
//
// Every answer over a limit is 429 with Retry-After. The counts are written whatever the caller does
// next, so run these outside a transaction that a refusal rolls back.

/** What an attempt counts against: logins (sign-in, sign-up, password changes) or password-reset requests. */
export type AttemptKind = "login" | "password_reset";

/** Who attempts: the client's address (null when it cannot be known) and the device cookie's value (null: none). */
export type LoginClient = { address: string | null; device: string | null };

/** The client of a request, for the login limits. */
export function loginClient(request: Request): LoginClient {
  return { address: clientAddress(request), device: readDeviceCookie(request) };
}

/**
 * Counts one attempt and refuses it (429 with Retry-After, the latest of the limits it is over) before
 * any password is checked. `device` is this browser's id for the account (`knownDevice`), given only
 * when its cookie names the account: the attempt then counts against that id alone.
 */
export async function limitAttempts(
  db: Db,
  input: { kind: AttemptKind; email: string; address: string | null; device?: string | null; now?: Date },
) {
  const settings = env();
  const email = input.email.trim().toLowerCase();
  const windowSeconds = settings.SESSION_RATE_LIMIT_WINDOW_SECONDS;
  const { kind, now } = input;
  const perEmail = settings.SESSION_RATE_LIMIT_PER_EMAIL;
  // Logins keep their original keys (`login:…`), so counts survive an upgrade.
  const prefix = kind === "login" ? "login" : "reset";
  const limits =
    kind === "login" && input.device
      ? [hit(db, { key: `login:device:${input.device}`, limit: perEmail, windowSeconds, now })]
      : [
          hit(db, { key: `${prefix}:email:${email}`, limit: perEmail, windowSeconds, now }),
          ...(input.address
            ? [
                hit(db, {
                  key: `${prefix}:address:${addressGroup(input.address)}`,
                  limit: settings.SESSION_RATE_LIMIT_PER_ADDRESS,
                  windowSeconds,
                  now,
                }),
              ]
            : []),
          ...(kind === "login" ? [backoff(db, email, now)] : []),
        ];
  const blocked = (await Promise.all(limits)).filter((limit) => !limit.allowed);
  if (blocked.length > 0) {
    const retryAfter = Math.max(...blocked.map((limit) => limit.retryAfterSeconds));
    const what = kind === "login" ? "login attempts" : "password reset requests";
    throw new ApiError("rate_limited", `Too many ${what}. Try again in ${retryAfter} seconds.`, {
      headers: { "retry-after": String(retryAfter) },
    });
  }
}

/**
 * Counts a failed login against the account's run of failures, unless it came from a browser that
 * signed in to the account before (its attempts are already counted against it).
 */
export async function countFailedLogin(db: Db, input: { email: string; device: string | null; now?: Date }) {
  if (input.device) return;
  const email = input.email.trim().toLowerCase();
  await extendRun(db, { key: backoffKey(email), forgetSeconds: runMemorySeconds(), now: input.now });
}

const backoffKey = (email: string) => `login:backoff:${email}`;

/** A run of failures is forgotten two windows after its last one: longer than the longest wait (one window). */
const runMemorySeconds = () => 2 * env().SESSION_RATE_LIMIT_WINDOW_SECONDS;

/**
 * The wait after the `failures`th failure of a run: none for the free ones, then 1 s, 2 s, 4 s, … and at
 * most one window (an owner on a new browser never waits longer than the per-email limit would).
 */
export function backoffSeconds(failures: number): number {
  const { LOGIN_BACKOFF_FREE_FAILURES: free, SESSION_RATE_LIMIT_WINDOW_SECONDS: window } = env();
  return failures <= free ? 0 : Math.min(window, 2 ** (failures - free - 1));
}

/** Whether the account's run of failures still makes it wait. */
async function backoff(db: Db, email: string, now = new Date()) {
  const run = await readRun(db, { key: backoffKey(email), forgetSeconds: runMemorySeconds(), now });
  const waitEnds = (run.last?.getTime() ?? 0) + backoffSeconds(run.count) * 1000;
  return { allowed: waitEnds <= now.getTime(), retryAfterSeconds: Math.max(1, Math.ceil((waitEnds - now.getTime()) / 1000)) };
}

/**
 * What the per-address limit counts by: an IPv4 address (an IPv4-mapped IPv6 one as IPv4), or an IPv6
 * address's /64, which one subscriber or host is given whole. Anything else (a proxy's own notation) as
 * it is.
 */
export function addressGroup(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, "");
  if (isIPv4(plain) || !isIPv6(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part
      ? part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [Number.parseInt(group, 16)];
          const [a, b, c, d] = group.split(".").map(Number);
          return [(a! << 8) | b!, (c! << 8) | d!];
        })
      : [];
  const [left = "", right] = address.split("::");
  const head = parse(left);
  if (right === undefined) return head;
  const tail = parse(right);
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

let warnedOfProxy = false;

/**
 * The client's address, or null when it cannot be known. Behind TRUSTED_PROXY_COUNT proxies, each
 * appending the address it received from to X-Forwarded-For, the client is the entry that many places
 * from the right; anything left of it the client wrote itself. With no trusted proxy the header is the
 * client's own words and is not read: the client is the socket's peer, which the production server
 * names (lib/server/socket-address.ts; unknown under `next dev` and in direct calls). A chain shorter
 * than the proxies did not come through them all: its socket peer is the client.
 */
export function clientAddress(request: Request, trustedProxies = env().TRUSTED_PROXY_COUNT): string | null {
  const socket = env().TAPROOM_SERVER ? request.headers.get(SOCKET_ADDRESS_HEADER)?.trim() || null : null;
  const forwarded = request.headers.get("x-forwarded-for");
  if (trustedProxies === 0) {
    if (forwarded && socket && isLoopback(socket) && !warnedOfProxy) {
      // Every client would share the proxy's address, and with it one per-address limit.
      warnedOfProxy = true;
      log().warn(
        { socket_address: socket },
        "A request came from this machine with X-Forwarded-For: if a proxy stands in front of Taproom, set TRUSTED_PROXY_COUNT",
      );
    }
    return socket;
  }
  const entries = (forwarded ?? "").split(",").map((entry) => entry.trim());
  if (!forwarded || entries.length < trustedProxies) return socket;
  return entries[entries.length - trustedProxies] || null;
}

const isLoopback = (address: string) => address === "::1" || /^(::ffff:)?127\./.test(address);
