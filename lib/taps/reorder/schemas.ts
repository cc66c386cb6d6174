import { z } from "zod";
import { envelope, optionalEmail, optionalText, positiveId, recordId, requiredText, resourceFields, timestamp } from "../../shared/schemas";

// Reorder (venue-operations §15, decision 096): distributors, par levels and the suggestions. Isomorphic:
// the Reorder page validates with the same schemas.

/** The longest lead time a distributor may have, in calendar days. */
export const MAX_LEAD_TIME_DAYS = 90;
export const MAX_PAR_KEGS = 999;
export const MAX_FULL_KEGS = 9999;
/** The most distributors a location keeps. */
export const MAX_DISTRIBUTORS = 200;

const wholeNumber = (max: number) =>
  z
    .number({ error: `must be a whole number from 0 to ${max}` })
    .int(`must be a whole number from 0 to ${max}`)
    .min(0, `must be a whole number from 0 to ${max}`)
    .max(max, `must be a whole number from 0 to ${max}`);

export const distributorInput = z.object(
  {
    name: requiredText(100),
    lead_time_days: wholeNumber(MAX_LEAD_TIME_DAYS),
    email: optionalEmail,
    phone: optionalText(64),
    notes: optionalText(1000),
  },
  { error: "must be a JSON object with name and lead_time_days" },
);
export const distributorPatch = distributorInput.partial();
export const createDistributorBody = resourceFields("distributor", distributorInput);
export const updateDistributorBody = resourceFields("distributor", distributorPatch);
export type DistributorInput = z.infer<typeof distributorInput>;
export type DistributorPatch = z.infer<typeof distributorPatch>;

export const distributorResponse = z.strictObject({
  id: recordId,
  location_id: recordId,
  name: z.string(),
  /** Calendar days from an order to its delivery. */
  lead_time_days: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type DistributorResponse = z.infer<typeof distributorResponse>;
export const distributorEnvelope = envelope("distributor", distributorResponse);
export const distributorsEnvelope = envelope("distributors", z.array(distributorResponse));

export const parLevelInput = z.object(
  {
    /** The kegs wanted on hand once a delivery is in. */
    par_kegs: wholeNumber(MAX_PAR_KEGS),
    /** Full kegs in the cellar, not counting those on a tap's on-deck list. */
    full_kegs: wholeNumber(MAX_FULL_KEGS).optional(),
    /** The location's distributor the beer is ordered from; null: none. */
    distributor_id: z
      .number({ error: "must be a distributor's id" })
      .int("must be a distributor's id")
      .positive("must be a distributor's id")
      .nullable()
      .optional(),
  },
  { error: "must be a JSON object with par_kegs" },
);
export const parLevelBody = resourceFields("par_level", parLevelInput);
export type ParLevelInput = z.infer<typeof parLevelInput>;

export const parLevelResponse = z.strictObject({
  item_id: recordId,
  location_id: recordId,
  par_kegs: z.number().int(),
  full_kegs: z.number().int(),
  distributor_id: recordId.nullable(),
  updated_at: timestamp,
});
export type ParLevelResponse = z.infer<typeof parLevelResponse>;
export const parLevelEnvelope = envelope("par_level", parLevelResponse);

/** GET /locations/:id/reorder (and .csv): one distributor's lines, or every line. */
export const reorderQuery = z.object({
  distributor_id: positiveId.optional(),
});
export type ReorderQuery = z.infer<typeof reorderQuery>;
/** GET /locations/:id/reorder.pdf: the order sheet of one distributor. */
export const orderSheetQuery = z.object({
  distributor_id: z
    .string({ error: "is required: the order sheet is one distributor's" })
    .regex(/^[1-9][0-9]{0,9}$/, "must be a positive integer")
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, "is too large")),
});

export const reorderLine = z.strictObject({
  item_id: recordId,
  item_name: z.string(),
  /** null: no par level set (counted as 0). */
  par_kegs: z.number().int().nullable(),
  /** Full kegs in the cellar (the par level's full_kegs). */
  full_kegs: z.number().int(),
  /** One for each tap that has the beer on deck. */
  on_deck_kegs: z.number().int(),
  /** The kegs in service of the beer: the sum of each one's remaining ÷ size (three decimals). */
  in_service_kegs: z.number(),
  /** full_kegs + on_deck_kegs + in_service_kegs. */
  on_hand_kegs: z.number(),
  /** The recent rate (the last three days' pours over the opening hours, §8) over the coming week's opening hours, in kegs (three decimals); 0 without pours. */
  kegs_per_week: z.number(),
  /** When what is on hand runs out at that rate over the opening hours; null without pours or past 120 days. */
  runs_out_at: timestamp.nullable(),
  /** Calendar days from now to runs_out_at (one decimal); null with it. */
  days_left: z.number().nullable(),
  /** The distributor's; 0 without one. */
  lead_time_days: z.number().int(),
  /** What the rate pours over the lead time's opening hours (three decimals). */
  use_over_lead_kegs: z.number(),
  /** ceil(par + use over the lead time − on hand), never below 0. */
  suggested_kegs: z.number().int(),
});
export type ReorderLine = z.infer<typeof reorderLine>;

export const reorderGroup = z.strictObject({
  /** null: the beers with no distributor. */
  distributor: distributorResponse.nullable(),
  lines: z.array(reorderLine),
  /** The sum of the lines' suggested_kegs. */
  kegs_to_order: z.number().int(),
});
export type ReorderGroup = z.infer<typeof reorderGroup>;

export const reorderAnswer = z.strictObject({
  location_id: recordId,
  /** The instant the suggestion was made for. */
  at: timestamp,
  /** By distributor name, the beers without a distributor last. */
  reorder: z.array(reorderGroup),
});
export type ReorderAnswer = z.infer<typeof reorderAnswer>;

export const reorderCsv = z.string().meta({
  contentMediaType: "text/csv",
  description:
    "A header row `distributor,lead_time_days,item_id,beer,par_kegs,full_kegs,on_deck_kegs,in_service_kegs,on_hand_kegs,kegs_per_week,days_left,use_over_lead_kegs,suggested_kegs`, then one row per beer.",
});

export const orderSheetPdf = z.string().meta({
  contentMediaType: "application/pdf",
  description: "The distributor's order sheet: each beer to order with its suggested kegs.",
});
