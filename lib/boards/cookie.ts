import { isSecureRequest, readCookie } from "@/lib/auth/browser-sessions";

// The board device's cookie (decision 067): the device's secret, HttpOnly, SameSite=Lax, the whole site
// (the /board page's stream and its POSTs send it), and long-lived: a TV is paired once. Browsers keep
// a cookie at most 400 days; each `shown` sets it again, so a TV in use never loses it.

export const BOARD_COOKIE = "taproom_board";
export const BOARD_COOKIE_SECONDS = 400 * 24 * 60 * 60;

/** The device secret the request carries, or null. */
export function readBoardCookie(request: Request): string | null {
  const value = readCookie(request.headers.get("cookie"), BOARD_COOKIE);
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}

/** Set-Cookie for the device's secret. */
export function boardCookie(request: Request, secret: string, now: Date = new Date()): string {
  const expires = new Date(now.getTime() + BOARD_COOKIE_SECONDS * 1000);
  return `${BOARD_COOKIE}=${secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BOARD_COOKIE_SECONDS}; Expires=${expires.toUTCString()}${isSecureRequest(request) ? "; Secure" : ""}`;
}
