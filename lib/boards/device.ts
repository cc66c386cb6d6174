import type { Db } from "@/lib/db/client";
import { hit } from "@/lib/db/rate-limit";
import { addressGroup, clientAddress } from "@/lib/auth/login-limits";
import { streamHolds } from "@/lib/auth/stream-holds";
import { hashToken } from "@/lib/auth/tokens";
import type { StreamHold } from "@/lib/live/stream";
import { env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/errors";
import { readBoardCookie } from "./cookie";
import { type BoardDevice, findDeviceBySecret } from "./records";

// Who a device route's caller is: the device its cookie names (decision 067), and the limit on new
// codes per client address (counted in the shared database, so every instance spends the same budget).

/** The device the request's cookie names, else 401. */
export async function deviceOf(db: Db, request: Request): Promise<BoardDevice> {
  const secret = readBoardCookie(request);
  const device = secret ? await findDeviceBySecret(db, secret) : null;
  if (!device) throw new ApiError("unauthorized", "This browser is not a board: open /board to show a pairing code.");
  return device;
}

/** Counts one POST /boards/pairings against the client's address; 429 with Retry-After past the limit. */
export async function limitPairings(db: Db, request: Request, now?: Date): Promise<void> {
  const address = clientAddress(request);
  if (!address) return;
  const settings = env();
  const result = await hit(db, {
    key: `board-pairing:address:${addressGroup(address)}`,
    limit: settings.BOARD_PAIRING_LIMIT_PER_ADDRESS,
    windowSeconds: settings.SESSION_RATE_LIMIT_WINDOW_SECONDS,
    now,
  });
  if (!result.allowed) {
    throw new ApiError(
      "rate_limited",
      `Too many pairing codes asked for from this address. Try again in ${result.retryAfterSeconds} seconds.`,
      {
        headers: { "retry-after": String(result.retryAfterSeconds) },
      },
    );
  }
}

/**
 * Counts one guess at a pairing code (POST /locations/:id/boards) against the client's address and the
 * business, before the code is looked up; 429 with Retry-After past either (decision 075). Counted in
 * the shared database, outside the pairing's transaction, so a refused code still counts.
 */
export async function limitPairingGuesses(db: Db, input: { request: Request; businessId: number; now?: Date }): Promise<void> {
  const settings = env();
  const windowSeconds = settings.SESSION_RATE_LIMIT_WINDOW_SECONDS;
  const address = clientAddress(input.request);
  const results = await Promise.all([
    hit(db, {
      key: `board-guess:business:${input.businessId}`,
      limit: settings.BOARD_PAIRING_GUESSES_PER_BUSINESS,
      windowSeconds,
      now: input.now,
    }),
    ...(address
      ? [
          hit(db, {
            key: `board-guess:address:${addressGroup(address)}`,
            limit: settings.BOARD_PAIRING_GUESSES_PER_ADDRESS,
            windowSeconds,
            now: input.now,
          }),
        ]
      : []),
  ]);
  const blocked = results.filter((result) => !result.allowed);
  if (blocked.length === 0) return;
  const retryAfter = Math.max(...blocked.map((result) => result.retryAfterSeconds));
  throw new ApiError("rate_limited", `Too many pairing codes tried. Try again in ${retryAfter} seconds.`, {
    headers: { "retry-after": String(retryAfter) },
  });
}

/** What a device stream is held against: the client's address (lib/auth/stream-holds.ts) and the device's secret. */
export function deviceStreamHolds(request: Request): StreamHold[] {
  const secret = readBoardCookie(request);
  return [
    ...streamHolds(request).filter((held) => held.key.startsWith("address:")),
    ...(secret ? [{ key: `credential:${hashToken(secret)}`, cap: env().STREAM_LIMIT_PER_CREDENTIAL, what: "This board" }] : []),
  ];
}
