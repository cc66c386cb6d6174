import { z } from "zod";
import { timestamp } from "../shared/schemas";

// The board fleet's shapes (decision 067): isomorphic, the /board page parses its stream's events with
// the same schemas the routes answer with.

export const boardTheme = z.enum(["light", "dark"], { error: "must be light or dark" });

/** POST /boards/pairings → 201: the code the TV shows, and until when. */
export const pairingResponse = z.strictObject({ code: z.string().regex(/^[0-9]{6}$/), expires_at: timestamp });

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
  code: z
    .string()
    .regex(/^[0-9]{6}$/)
    .nullable(),
  expires_at: timestamp.nullable(),
});
export const boardEvent = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  menu_id: z.number().int().positive().nullable(),
  theme: boardTheme,
  location_id: z.number().int().positive(),
});
export type BoardEventData = z.infer<typeof boardEvent>;
