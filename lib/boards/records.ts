import { randomInt } from "node:crypto";
import { and, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { boardDevices, boards, menus } from "@/lib/db/schema";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { ApiError } from "@/lib/server/errors";
import { notifyBoard } from "./commands";
import { normalPairingCode, PAIRING_CODE_ALPHABET, PAIRING_CODE_LENGTH, PAIRING_CODE_SHAPE } from "./schemas";

// Board devices and their pairing (venue-operations §10, decision 067). A device is a TV's browser,
// known by its cookie's secret (stored as sha-256). It asks for an eight-character code, valid ten minutes,
// unique among the codes in force (a partial unique index; an expired code is freed when drawn again);
// a manager types the code in the dashboard and `pairBoard` makes the board, in one transaction that
// takes the code (so one code pairs one board) and tells the TV at commit.

export const CODE_TTL_MS = 10 * 60_000;
const DRAWS = 20;

export type BoardDevice = typeof boardDevices.$inferSelect;
export type Board = typeof boards.$inferSelect;
export type Theme = "light" | "dark";

/** Eight characters drawn uniformly from the code alphabet (schemas.ts). */
export const drawCode = () =>
  Array.from({ length: PAIRING_CODE_LENGTH }, () => PAIRING_CODE_ALPHABET[randomInt(0, PAIRING_CODE_ALPHABET.length)]).join("");

/** The device whose cookie carries `secret`, or null. */
export async function findDeviceBySecret(db: Db, secret: string): Promise<BoardDevice | null> {
  const [row] = await db
    .select()
    .from(boardDevices)
    .where(eq(boardDevices.tokenHash, hashToken(secret)))
    .limit(1);
  return row ?? null;
}

/** The board a device is paired as, or null. */
export async function boardOfDevice(db: Db, deviceId: number): Promise<Board | null> {
  const [row] = await db.select().from(boards).where(eq(boards.deviceId, deviceId)).limit(1);
  return row ?? null;
}

export type Pairing = { secret: string; created: boolean; device: BoardDevice; code: string; expiresAt: Date };

/**
 * POST /boards/pairings: a new device with a new secret (no cookie, or one no device has), or the
 * cookie's device with a new code. A device that is paired has no code to show: 409.
 */
export async function issuePairingCode(db: Db, input: { secret: string | null; now?: Date; draw?: () => string }): Promise<Pairing> {
  const now = input.now ?? new Date();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MS);
  const known = input.secret ? await findDeviceBySecret(db, input.secret) : null;
  if (known && (await boardOfDevice(db, known.id))) {
    throw new ApiError("conflict", "This screen is paired already: it shows its board. Unpair it in Taproom's Boards to pair it again.");
  }
  for (let draw = 0; draw < DRAWS; draw++) {
    const code = (input.draw ?? drawCode)();
    // A code whose ten minutes are over is nobody's any more: freed for this draw.
    await db
      .update(boardDevices)
      .set({ pairingCode: null, codeExpiresAt: null })
      .where(and(eq(boardDevices.pairingCode, code), lte(boardDevices.codeExpiresAt, now)));
    try {
      if (known) {
        const [device] = await db
          .update(boardDevices)
          .set({ pairingCode: code, codeExpiresAt: expiresAt })
          .where(eq(boardDevices.id, known.id))
          .returning();
        if (!device) break; // deleted meanwhile: a new device below
        return { secret: input.secret as string, created: false, device, code, expiresAt };
      }
      const secret = newToken();
      const [device] = await db
        .insert(boardDevices)
        .values({ tokenHash: hashToken(secret), pairingCode: code, codeExpiresAt: expiresAt })
        .returning();
      return { secret, created: true, device: device!, code, expiresAt };
    } catch (error) {
      // Another device shows this code now: draw again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ApiError("conflict", "Could not find a free pairing code; try again.");
}

export type PairInput = {
  locationId: number;
  businessId: number;
  code: string;
  name: string;
  menuId: number | null;
  theme: Theme;
  language?: string | null;
  now?: Date;
};

const codeRefused = () =>
  new ApiError("validation_failed", "No screen shows this code now.", {
    errors: [
      {
        path: "code",
        message: "No screen shows this code, or its ten minutes are over: type the code the TV shows now (it shows a new one by itself).",
      },
    ],
  });

/**
 * Pairs the device showing `code` as a board of the location (POST /locations/:id/boards): in one
 * transaction the code is taken (the device's row locked, so one code makes one board), the menu is
 * checked to be the location's, the board made, and its TV told at commit (`board`). An unknown or
 * expired code, or a menu of another location, is 422 and changes nothing.
 */
export async function pairBoard(db: Db, input: PairInput): Promise<Board> {
  const now = input.now ?? new Date();
  const code = normalPairingCode(input.code);
  if (!PAIRING_CODE_SHAPE.test(code)) throw codeRefused();
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select()
      .from(boardDevices)
      .where(and(eq(boardDevices.pairingCode, code), isNotNull(boardDevices.codeExpiresAt)))
      .for("update")
      .limit(1);
    if (!device?.codeExpiresAt || device.codeExpiresAt.getTime() <= now.getTime()) throw codeRefused();
    if (input.menuId !== null) {
      const [menu] = await tx
        .select({ id: menus.id })
        .from(menus)
        .where(and(eq(menus.id, input.menuId), eq(menus.locationId, input.locationId)))
        .limit(1);
      if (!menu) {
        throw new ApiError("validation_failed", "The menu is not one of this location's.", {
          errors: [{ path: "menu_id", message: "must be a menu of this location" }],
        });
      }
    }
    await tx.update(boardDevices).set({ pairingCode: null, codeExpiresAt: null }).where(eq(boardDevices.id, device.id));
    const [board] = await tx
      .insert(boards)
      .values({
        businessId: input.businessId,
        locationId: input.locationId,
        deviceId: device.id,
        name: input.name,
        menuId: input.menuId,
        theme: input.theme,
        language: input.language ?? null,
        lastSeenAt: null,
      })
      .returning();
    await notifyBoard(tx, board!.id, "board");
    return board!;
  });
}

/** What the TV is told of its board (`event: board`). */
export type BoardEvent = { id: number; name: string; menu_id: number | null; theme: Theme; language: string | null; location_id: number };

export const boardEventOf = (board: Board): BoardEvent => ({
  id: board.id,
  name: board.name,
  menu_id: board.menuId,
  theme: board.theme as Theme,
  language: board.language,
  location_id: board.locationId,
});

/**
 * POST /boards/device/shown: the version the device's TV has drawn, and a heartbeat. Answers the board,
 * or null for a device that is not paired (nothing written).
 */
export async function recordShown(db: Db, input: { deviceId: number; version: number; now?: Date }): Promise<Board | null> {
  const [board] = await db
    .update(boards)
    .set({ versionShown: input.version, lastSeenAt: input.now ?? sql`now()` })
    .where(eq(boards.deviceId, input.deviceId))
    .returning();
  return board ?? null;
}
