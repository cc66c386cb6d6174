import { readSessionCookie } from "@/lib/auth/browser-sessions";
import { credentialKey } from "@/lib/auth/caller";
import { addressGroup, clientAddress } from "@/lib/auth/login-limits";
import { hashToken } from "@/lib/auth/tokens";
import type { LiveEvent } from "@/lib/live/bus";
import type { StreamHold } from "@/lib/live/stream";
import { env } from "@/lib/server/env";

// Who an event stream is counted against and which notifications may end it (issue 31 rows 3–4,
// decision 055). The stream primitive (lib/live/stream.ts) counts and watches; this says what.

/**
 * The counts a stream opened by `request` is held against: the client's address (when it can be
 * known: lib/auth/login-limits.ts `clientAddress`, IPv6 by its /64) and the credential it presented (its Authorization
 * header or session cookie, by hash), each with its cap.
 */
export function streamHolds(request: Request): StreamHold[] {
  const settings = env();
  const wanted: StreamHold[] = [];
  const address = clientAddress(request);
  if (address)
    wanted.push({ key: `address:${addressGroup(address)}`, cap: settings.STREAM_LIMIT_PER_ADDRESS, what: "This client address" });
  const header = request.headers.get("authorization");
  const credential = header !== null ? credentialKey(header) : readSessionCookie(request);
  if (credential) {
    wanted.push({ key: `credential:${hashToken(credential)}`, cap: settings.STREAM_LIMIT_PER_CREDENTIAL, what: "This credential" });
  }
  return wanted;
}

/**
 * The notifications after which a caller's credentials are asked about again: a write to their user
 * row (a token reset, a role or locations change, removal), to one of their sessions (sign-out), to
 * their business, or to any row of it (a location archived).
 */
export function concernsCaller(user: { id: number; businessId: number }): (event: LiveEvent) => boolean {
  return (event) =>
    event.kind === "stale" &&
    (event.business_id === user.businessId ||
      event.user_id === user.id ||
      (event.table === "users" && event.id === user.id) ||
      (event.table === "businesses" && event.id === user.businessId));
}
