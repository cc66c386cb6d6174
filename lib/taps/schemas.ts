import { z } from "zod";
import { dateString, envelope, moneyInput, optionalText, recordId, resourceFields, timestamp } from "../shared/schemas";

// Taps, kegs and pours (venue-operations §8): isomorphic, the Taps page validates with the same schemas.

/** Millilitres in one US fluid ounce: a pour sent in `oz` is kept in ml. */
export const ML_PER_OZ = 29.5735295625;
export const MAX_POURS_PER_BATCH = 500;

const tapNumber = z
  .number({ error: "must be a whole number from 1 to 999" })
  .int("must be a whole number from 1 to 999")
  .min(1, "must be a whole number from 1 to 999")
  .max(999, "must be a whole number from 1 to 999");
const itemRef = z.number({ error: "must be an item's id" }).int("must be an item's id").positive("must be an item's id");
const onDeck = z
  .array(itemRef, { error: "must be a list of item ids" })
  .max(50, "must hold at most 50 items")
  .refine((ids) => new Set(ids).size === ids.length, "must not name an item twice");

export const tapInput = z.object({
  number: tapNumber,
  name: optionalText(100),
  item_id: itemRef.nullable().optional(),
  container_id: z.number({ error: "must be a container's id" }).int().positive().nullable().optional(),
  on_deck: onDeck.optional(),
});
export const tapPatch = tapInput.partial();
export const createTapBody = z.object({ tap: tapInput }, { error: "must be a JSON object with a tap" });
export const updateTapBody = z.object({ tap: tapPatch }, { error: "must be a JSON object with a tap" });
export type TapInput = z.infer<typeof tapInput>;
export type TapPatch = z.infer<typeof tapPatch>;

// Volumes are kept in thousandths of a millilitre: a smaller one would be stored as nothing (and fail
// the tables' checks), so the bounds say what a meter can measure and a keg can hold.
/** The smallest pour counted, in either unit (0.01 oz is 0.3 ml). */
export const MIN_POUR = 0.01;
/** The smallest keg (or bottle) tapped, in ml. */
export const MIN_KEG_ML = 1;

export const tapKegBody = resourceFields(
  "keg",
  z.object(
    {
      size_ml: z
        .number({ error: "must be a volume in ml" })
        .min(MIN_KEG_ML, `must be at least ${MIN_KEG_ML} ml`)
        .max(1_000_000, "must be at most 1000000 (1000 litres)"),
      item_id: itemRef.optional(),
      /** What the venue paid for the keg, and the deposit on it, in the location's currency (venue-operations §15). */
      cost: moneyInput.optional(),
      deposit: moneyInput.optional(),
    },
    { error: "must be a JSON object with size_ml" },
  ),
);
export type TapKegInput = z.infer<typeof tapKegBody>;

const pourFields = {
  volume: z
    .number({ error: "must be a number" })
    .min(MIN_POUR, `must be at least ${MIN_POUR} (ml or oz)`)
    .max(100_000, "must be at most 100000"),
  unit: z.enum(["ml", "oz"], { error: 'must be "ml" or "oz"' }),
  at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time" }).optional(),
  idempotency_key: z
    .string({ error: "is required: a key the sender makes once per pour, so a retry is counted once" })
    .min(1, "can't be blank")
    .max(200, "must be at most 200 characters"),
};
export const pourBody = resourceFields(
  "pour",
  z.object(pourFields, { error: "must be a JSON object with volume, unit and idempotency_key" }),
);
export type PourInput = z.infer<typeof pourBody>;

/** POST /locations/:id/pours: a flow meter's batch, each pour naming its tap by number. */
export const pourBatchBody = z.object(
  {
    pours: z
      .array(z.object({ tap: tapNumber, ...pourFields }), { error: "must be a list of pours" })
      .min(1, "must hold at least one pour")
      .max(MAX_POURS_PER_BATCH, `must hold at most ${MAX_POURS_PER_BATCH} pours`),
  },
  { error: "must be a JSON object with pours" },
);
export type PourBatchInput = z.infer<typeof pourBatchBody>;

// ---- answers ----

export const kegResponse = z.strictObject({
  id: recordId,
  tap_id: recordId,
  item_id: recordId.nullable(),
  size_ml: z.number(),
  remaining_ml: z.number(),
  /** 0–100, one decimal. */
  percent_remaining: z.number(),
  tapped_at: timestamp,
  /** When the keg will be empty at the recent pour rate over the opening hours; null without pours. */
  forecast_empty_at: timestamp.nullable(),
  kicked_at: timestamp.nullable(),
});
export type KegResponse = z.infer<typeof kegResponse>;

export const tapResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  number: z.number().int(),
  name: z.string().nullable(),
  item_id: recordId.nullable(),
  /** The item's name, as the menus show it (null: no item). */
  item_name: z.string().nullable(),
  /** Whether the tap's item is 86'd now (a kicked keg with nothing on deck leaves it so). */
  item_eighty_sixed: z.boolean(),
  container_id: recordId.nullable(),
  /** The keg in service; null: the tap is empty. */
  keg: kegResponse.nullable(),
  on_deck: z.array(recordId),
  on_deck_names: z.array(z.string()),
  /** The keg sensor paired to the tap (venue-operations §14); null: none. */
  sensor: z
    .strictObject({ id: recordId, kind: z.enum(["mqtt", "kegtron"]), device_id: z.string(), last_reading_at: timestamp.nullable() })
    .nullable(),
  /** The line's latest temperature (°C) and when it was read; null: never read. */
  temperature_c: z.number().nullable(),
  temperature_at: timestamp.nullable(),
  /** Above the location's max_temperature_c for 10 minutes or more (`tap.too_warm` was told), until a reading at or under it. */
  too_warm: z.boolean(),
  /** When the line was last cleaned (POST /taps/:id/line_cleaned); null: never recorded. */
  line_cleaned_at: timestamp.nullable(),
  /** When `tap.line_cleaning_due` is told: the last cleaning (or the tap's creation) plus the location's line_cleaning_days. */
  line_cleaning_due_at: timestamp,
  /**
   * What a pour earns (venue-operations §15), only for owners and managers (a read-write token or the
   * dashboard) and keys with insights:read: the keg's cost and deposit, and per container of the tap's
   * item its price, cost (keg cost × serving ÷ keg size), margin and pour cost %. Money as "12.50".
   */
  economics: z
    .strictObject({
      keg_cost: z.string().nullable(),
      keg_deposit: z.string().nullable(),
      containers: z.array(
        z.strictObject({
          container_id: recordId,
          name: z.string(),
          price: z.string(),
          cost: z.string().nullable(),
          margin: z.string().nullable(),
          pour_cost_percent: z.number().nullable(),
        }),
      ),
    })
    .optional(),
  updated_at: timestamp,
});
export type TapResponse = z.infer<typeof tapResponse>;

export const tapEnvelope = envelope("tap", tapResponse);
export const tapsEnvelope = z.strictObject({
  taps: z.array(tapResponse),
  /** The location's share left at which a keg is told low (venue-operations §8). */
  keg_low_percent: z.number().int(),
});

export const pourResponse = z.strictObject({
  id: recordId,
  tap_id: recordId,
  keg_id: recordId,
  volume_ml: z.number(),
  at: timestamp,
  idempotency_key: z.string(),
});
export const pourAnswer = z.strictObject({ pour: pourResponse, keg: kegResponse });
export type PourAnswer = z.infer<typeof pourAnswer>;

export const pourBatchAnswer = z.strictObject({
  results: z.array(
    z.strictObject({
      tap: z.number().int(),
      idempotency_key: z.string(),
      /** created: counted now; repeated: this key was counted before (its first answer); no_keg: the tap was empty, not counted. */
      status: z.enum(["created", "repeated", "no_keg"]),
      pour: pourResponse.nullable(),
      keg: kegResponse.nullable(),
    }),
  ),
});

export const ingestTokenEnvelope = z.strictObject({
  ingest_token: z.strictObject({
    /** Shown this once: send it as `Authorization: Bearer …` to POST /locations/:id/pours. */
    token: z.string(),
    prefix: z.string(),
    created_at: timestamp,
  }),
});

/** GET /locations/:id/pour_variance: between two local days, as the pour report. */
export const pourVarianceQuery = z.object({
  /** The first local day (YYYY-MM-DD); default six days before `to`. */
  from: dateString.optional(),
  /** The last local day, included; default today. At most 366 days in all. */
  to: dateString.optional(),
});
export type PourVarianceQuery = z.infer<typeof pourVarianceQuery>;

export const pourVarianceRow = z.strictObject({
  tap_id: z.number().int(),
  tap_number: z.number().int(),
  tap_name: z.string().nullable(),
  /** The beer the kegs were tapped for (null: none). */
  item_id: z.number().int().nullable(),
  item_name: z.string().nullable(),
  /** Poured by a meter (a sensor, a flow meter's batch, POST /taps/:id/pours), in millilitres. */
  poured_ml: z.number(),
  /** Sold at the POS (counted order lines, less refunds and voids), in millilitres. */
  sold_ml: z.number(),
  /** poured_ml − sold_ml: what went out unsold (spillage, foam, free pours). */
  difference_ml: z.number(),
  /** sold_ml ÷ poured_ml to four decimals; null where nothing was metered. */
  yield: z.number().nullable(),
  /** The same per local day and keg. */
  days: z.array(z.strictObject({ date: z.string(), keg_id: z.number().int(), poured_ml: z.number(), sold_ml: z.number() })),
});
export type PourVarianceRow = z.infer<typeof pourVarianceRow>;

export const pourVarianceAnswer = z.strictObject({ from: z.string(), to: z.string(), pour_variance: z.array(pourVarianceRow) });
