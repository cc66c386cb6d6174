import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isSecureRequest, readCookies } from "@/lib/auth/browser-sessions";
import { appKey } from "@/lib/auth/secret";

// The browsers that signed in before (decision 053). A successful sign-in in the dashboard leaves a
// signed cookie naming the account and a random id for this browser; an attempt on that account from a
// browser that shows it is counted against the browser's own id instead of the account's lock and the
// client address's (lib/auth/login-limits.ts). So someone hammering an account
// from elsewhere cannot keep its owner's own browser out. The cookie proves nothing about the password:
// it only decides which counter an attempt spends from.

export const DEVICE_COOKIE = "taproom_device";
/** A browser is remembered for a year after its last sign-in. */
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;
/** Accounts one browser is remembered for (a venue's shared computer): the most recent ones. */
const ACCOUNTS_PER_BROWSER = 5;

/** One account this browser signed in to: `userId.id.mac`, the mac binding both to this app's key. */
type Entry = { userId: number; id: string };

const ENTRY_SHAPE = /^(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The signing key: the app key (lib/auth/secret.ts) turned to this one purpose. */
const deviceKey = () => createHmac("sha256", appKey()).update("taproom:device-cookie:v1").digest();

const macOf = ({ userId, id }: Entry) => createHmac("sha256", deviceKey()).update(`${userId}.${id}`).digest();

/** The entries of a cookie value whose signature holds; anything else is dropped. */
function entriesOf(value: string | null): Entry[] {
  if (!value) return [];
  return value.split("~").flatMap((text) => {
    const match = ENTRY_SHAPE.exec(text);
    if (!match) return [];
    const entry = { userId: Number(match[1]), id: match[2]! };
    const presented = Buffer.from(match[3]!, "base64url");
    const expected = macOf(entry);
    return presented.length === expected.length && timingSafeEqual(presented, expected) ? [entry] : [];
  });
}

const textOf = (entry: Entry) => `${entry.userId}.${entry.id}.${macOf(entry).toString("base64url")}`;

/**
 * The device cookie's entries from the request, as one value, or null. Every cookie of the name counts: a
 * browser may still hold the ones set at /api and /sign-in before the cookie moved to / (decision 092).
 */
export function readDeviceCookie(request: Request): string | null {
  const values = readCookies(request.headers.get("cookie"), DEVICE_COOKIE);
  return values.length > 0 ? values.join("~") : null;
}

/** This browser's id for the user when its device cookie (`value`) names them under a valid signature, else null. */
export function knownDevice(value: string | null, userId: number): string | null {
  return entriesOf(value).find((entry) => entry.userId === userId)?.id ?? null;
}

/**
 * The path the device cookie is sent to: the whole site, as the sign-in form posts to its page (a Server
 * Action, decision 092) and the API's login and the password change read it under /api. One cookie: a
 * Server Action sets one cookie of a name.
 */
export const DEVICE_COOKIE_PATH = "/";

/**
 * The Set-Cookie value after the user signed in on this browser: the user first (keeping the browser's id
 * for them when it had one, so its count goes on), then the other accounts it remembers, each once.
 * HTTP-only, SameSite=Strict.
 */
export function deviceCookie(request: Request, userId: number, now: Date = new Date()): string {
  const kept = entriesOf(readDeviceCookie(request));
  const mine = kept.find((entry) => entry.userId === userId) ?? { userId, id: randomBytes(16).toString("base64url") };
  const others = kept.filter((entry, index) => entry.userId !== userId && kept.findIndex((one) => one.userId === entry.userId) === index);
  const entries = [mine, ...others].slice(0, ACCOUNTS_PER_BROWSER);
  const expires = new Date(now.getTime() + DEVICE_LIFETIME_SECONDS * 1000);
  return `${DEVICE_COOKIE}=${entries.map(textOf).join("~")}; Path=${DEVICE_COOKIE_PATH}; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_LIFETIME_SECONDS}; Expires=${expires.toUTCString()}${isSecureRequest(request) ? "; Secure" : ""}`;
}

/** The Set-Cookie headers of a sign-in on this browser: the session's (`sessionCookie`), then the device cookie's. */
export function signedInCookies(
  request: Request,
  { session, userId, now }: { session: string; userId: number; now?: Date },
): [string, string][] {
  return [
    ["set-cookie", session],
    ["set-cookie", deviceCookie(request, userId, now)],
  ];
}
