import { z } from "zod";
import { dateString } from "../../shared/schemas";

// What a pour earns (venue-operations §15): the pour report's query and answer. Money as "12.50" in the
// location's currency.

export const POUR_REPORT_GROUPS = ["tap", "item", "style", "day"] as const;

export const pourReportQuery = z.object({
  /** The first local day (YYYY-MM-DD); default six days before `to`. */
  from: dateString.optional(),
  /** The last local day, included; default today. */
  to: dateString.optional(),
  group: z.enum(POUR_REPORT_GROUPS, { error: 'must be "tap", "item", "style" or "day"' }).default("day"),
});
export type PourReportQuery = z.infer<typeof pourReportQuery>;

const moneyOrNull = z.string().nullable();
export const pourReportRow = z.strictObject({
  /** The group's key: the tap's or item's id, the style, or the local day. */
  key: z.string(),
  label: z.string(),
  pours: z.number().int(),
  volume_ml: z.number(),
  /** Volume ÷ the tap's container's size (two decimals); null when a pour's tap had no sized container. */
  servings: z.number().nullable(),
  /** What the till charged where a POS rang the sale (on a metered tap: its lines beside the meter), else servings × the container's price; null when not every one could be told. */
  sales: moneyOrNull,
  /** Each pour's share of its keg's cost; null when a keg had no cost. */
  cost: moneyOrNull,
  margin: moneyOrNull,
});
export type PourReportRow = z.infer<typeof pourReportRow>;

export const pourReportAnswer = z.strictObject({
  from: z.string(),
  to: z.string(),
  group: z.enum(POUR_REPORT_GROUPS),
  currency: z.string(),
  rows: z.array(pourReportRow),
});

export const pourReportCsv = z.string().meta({
  contentMediaType: "text/csv",
  description:
    "A header row `<group>,pours,volume_ml,servings,sales_<currency>,cost_<currency>,margin_<currency>`, then one row per group.",
});
