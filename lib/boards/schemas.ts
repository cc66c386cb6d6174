import { z } from "zod";
import { canonicalLanguage } from "@/lib/shared/language";
import { envelope, recordId, resourceFields, timestamp } from "../shared/schemas";
import { BOARD_STATUSES } from "./status";

// The board fleet's manager side (venue-operations §10): pairing a board by the code its TV shows, the
// fleet's list with each board's status, and a board's changes. Isomorphic: the Boards page's dialogs
// validate with the same schemas. Bodies are flat, as the spec writes them (`{code, name, menu_id, theme}`).

export const DISPLAY_THEMES = ["dark", "light"] as const;
export type DisplayTheme = (typeof DISPLAY_THEMES)[number];
export const BOARD_NAME_MAX = 80;

/**
 * A pairing code: eight characters of an alphabet without the ones a TV's font or a person's eye
 * confuses (0 and O, 1, I and L), so easy to read off a TV and type on a phone, and long enough that
 * guessing one within its ten minutes under the guess limits is below one in a million (decision 075).
 */
export const PAIRING_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const PAIRING_CODE_LENGTH = 8;
export const PAIRING_CODE_SHAPE = /^[2-9A-HJKMNP-Z]{8}$/;

/** A code as typed (any case, spaces or a hyphen between its halves) as the TV shows it. */
export const normalPairingCode = (typed: string) => typed.replace(/[\s-]/g, "").toUpperCase();

const CODE_WORDS = "must be the 8-character code the board shows";
export const pairingCode = z.string({ error: CODE_WORDS }).overwrite(normalPairingCode).regex(PAIRING_CODE_SHAPE, CODE_WORDS);

const boardName = z
  .string({ error: "must be a name, e.g. “Bar TV”" })
  .trim()
  .min(1, "can't be blank")
  .max(BOARD_NAME_MAX, `must be at most ${BOARD_NAME_MAX} characters`);

const menuRef = z.number({ error: "must be a menu's id" }).int("must be a menu's id").positive("must be a menu's id");

const theme = z.enum(DISPLAY_THEMES, { error: 'must be "dark" or "light"' });
/** The language the TV shows its menu in (decision 097); null: the location's default. */
const language = z
  .string({ error: "must be a language tag such as de, or null" })
  .refine((tag) => canonicalLanguage(tag) !== null, "must be a language tag such as de, or null")
  .transform((tag) => canonicalLanguage(tag)!)
  .nullable();

/** POST /locations/:id/boards. */
export const pairBoardBody = resourceFields(
  "board",
  z.strictObject(
    { code: pairingCode, name: boardName, menu_id: menuRef, theme: theme.default("dark"), language: language.default(null) },
    { error: "must be a JSON object with code, name, menu_id and theme" },
  ),
);
export type PairBoardInput = z.infer<typeof pairBoardBody>;

/** PATCH /boards/:id: any of name, menu_id, theme and language. */
export const updateBoardBody = resourceFields(
  "board",
  z
    .strictObject(
      { name: boardName.optional(), menu_id: menuRef.optional(), theme: theme.optional(), language: language.optional() },
      {
        error: "must be a JSON object with name, menu_id or theme",
      },
    )
    .refine(
      (patch) => patch.name !== undefined || patch.menu_id !== undefined || patch.theme !== undefined || patch.language !== undefined,
      {
        message: "must change at least one of name, menu_id, theme and language",
      },
    ),
);
export type UpdateBoardInput = z.infer<typeof updateBoardBody>;

// ---- answers ----

export const boardResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  name: z.string(),
  /** The menu it shows; null once that menu was deleted (the board then shows none until one is chosen). */
  menu_id: recordId.nullable(),
  menu_name: z.string().nullable(),
  theme: z.enum(DISPLAY_THEMES),
  /** The language the TV shows its menu in (decision 097); null: the location's default. */
  language: z.string().nullable(),
  /** The last heartbeat (its open stream, every 30 s); null before the first. */
  last_seen_at: timestamp.nullable(),
  /** The menu version the TV last drew; null before it drew one. */
  version_shown: z.number().int().nullable(),
  /** The menu's current version: a board behind it has not drawn the last change yet. */
  menu_version: z.number().int().nullable(),
  /** online; offline after 90 s without a heartbeat; offline_expected when offline while the location is closed. */
  status: z.enum(BOARD_STATUSES),
  created_at: timestamp,
});
export type BoardResponse = z.infer<typeof boardResponse>;

export const boardEnvelope = envelope("board", boardResponse);
export const boardsEnvelope = envelope("boards", z.array(boardResponse));

// ---- the device side ----

// The board fleet's shapes (decision 067): isomorphic, the /board page parses its stream's events with
// the same schemas the routes answer with.

export const boardTheme = z.enum(["light", "dark"], { error: "must be light or dark" });

/** POST /boards/pairings → 201: the code the TV shows, and until when. */
export const pairingResponse = z.strictObject({ code: z.string().regex(PAIRING_CODE_SHAPE), expires_at: timestamp });

/** POST /boards/device/shown: the menu version the TV has drawn. */
export const shownBody = z.object(
  {
    version: z
      .number({ error: "must be the menu's version the screen shows (a whole number from 1)" })
      .int("must be a whole number from 1")
      .min(1, "must be a whole number from 1"),
  },
  { error: "must be a JSON object with the version shown" },
);

// The device stream's events (GET /boards/device/stream).
export const pairingEvent = z.object({
  code: z.string().regex(PAIRING_CODE_SHAPE).nullable(),
  expires_at: timestamp.nullable(),
});
export const boardEvent = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  menu_id: z.number().int().positive().nullable(),
  theme: boardTheme,
  /** Absent from a TV's saved board of an older release: the location's default. */
  language: z.string().nullable().optional(),
  location_id: z.number().int().positive(),
});
export type BoardEventData = z.infer<typeof boardEvent>;
