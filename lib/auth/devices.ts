import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isSecureRequest, readCookie } from "@/lib/auth/browser-sessions";
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

/** The device cookie's value from the request, or null. */
export function readDeviceCookie(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), DEVICE_COOKIE);
}

/** This browser's id for the user when its device cookie (`value`) names them under a valid signature, else null. */
export function knownDevice(value: string | null, userId: number): string | null {
  return entriesOf(value).find((entry) => entry.userId === userId)?.id ?? null;
}

/**
 * The paths the device cookie is sent to: /api (the dashboard's sign-in, the API's login and the password
 * change read it) and /sign-in, whose plain form posts there (decision 068). One cookie per path, the
 * same value in both, both set at every sign-in.
 */
export const DEVICE_COOKIE_PATHS = ["/api", "/sign-in"] as const;

/**
 * Set-Cookie values after the user signed in on this browser, one per path of DEVICE_COOKIE_PATHS, the
 * same value in each: the user first (keeping the browser's id for them when it had one, so its count
 * goes on), then the other accounts it remembers. HTTP-only, SameSite=Strict, sent only to those paths.
 */
export function deviceCookies(request: Request, userId: number, now: Date = new Date()): string[] {
  const kept = entriesOf(readDeviceCookie(request));
  const mine = kept.find((entry) => entry.userId === userId) ?? { userId, id: randomBytes(16).toString("base64url") };
  const entries = [mine, ...kept.filter((entry) => entry.userId !== userId)].slice(0, ACCOUNTS_PER_BROWSER);
  const expires = new Date(now.getTime() + DEVICE_LIFETIME_SECONDS * 1000);
  return DEVICE_COOKIE_PATHS.map(
    (path) =>
      `${DEVICE_COOKIE}=${entries.map(textOf).join("~")}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_LIFETIME_SECONDS}; Expires=${expires.toUTCString()}${isSecureRequest(request) ? "; Secure" : ""}`,
  );
}

/** The Set-Cookie headers of a sign-in on this browser: the session's (`sessionCookie`), then the device cookie's, one per path. */
export function signedInCookies(
  request: Request,
  { session, userId, now }: { session: string; userId: number; now?: Date },
): [string, string][] {
  return [["set-cookie", session], ...deviceCookies(request, userId, now).map((cookie): [string, string] => ["set-cookie", cookie])];
}
