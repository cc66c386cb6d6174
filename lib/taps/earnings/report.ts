import { sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "@/lib/db/client";
import type { locations } from "@/lib/db/schema";
import { guardFormula } from "@/lib/menus/csv/rows";
import { invalid } from "@/lib/server/errors";
import { cents, money } from "./money";
import type { PourReportQuery, PourReportRow } from "./schemas";

// The pour report (venue-operations §15): the location's pours between two of its local days, grouped by
// tap, item, style or day: volume, servings (the tap's container's size), sales (servings × its price;
// the POS's sales where one is connected are a later addition), cost (each pour's share of its keg's
// cost) and margin. Summed in PostgreSQL's exact numeric and rounded once per row (money to the cent).

type Location = typeof locations.$inferSelect;

/** The longest span a report covers. */
export const MAX_REPORT_DAYS = 366;

export function reportWindow(location: Location, query: PourReportQuery, now: Date) {
  const today = DateTime.fromJSDate(now, { zone: location.timeZone }).startOf("day");
  const to = query.to ? DateTime.fromISO(query.to, { zone: location.timeZone }) : today;
  const from = query.from ? DateTime.fromISO(query.from, { zone: location.timeZone }) : to.minus({ days: 6 });
  if (to < from) throw invalid([{ path: "to", message: "must not be before from" }]);
  if (to.diff(from, "days").days + 1 > MAX_REPORT_DAYS)
    throw invalid([{ path: "from", message: `the report covers at most ${MAX_REPORT_DAYS} days` }]);
  return { from: from.toISODate()!, to: to.toISODate()!, start: from.toJSDate(), end: to.plus({ days: 1 }).toJSDate() };
}

const KEYS = {
  tap: { key: sql`t.id::text`, label: sql`'Tap ' || t.number`, order: sql`min(t.number)` },
  item: {
    key: sql`coalesce(i.id::text, '')`,
    label: sql`coalesce(i.custom_name, i.original_name, 'No item')`,
    order: sql`min(coalesce(i.custom_name, i.original_name, ''))`,
  },
  style: {
    key: sql`coalesce(nullif(i.custom_style, ''), nullif(i.original_style, ''), '')`,
    label: sql`coalesce(nullif(i.custom_style, ''), nullif(i.original_style, ''), 'No style')`,
    order: sql`1`,
  },
  day: {
    key: sql`to_char(p.at at time zone p.time_zone, 'YYYY-MM-DD')`,
    label: sql`to_char(p.at at time zone p.time_zone, 'YYYY-MM-DD')`,
    order: sql`1`,
  },
} as const;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** GET /locations/:id/pour_report. */
export async function pourReport(
  db: Db,
  { location, query, now = new Date() }: { location: Location; query: PourReportQuery; now?: Date },
) {
  const window = reportWindow(location, query, now);
  const group = KEYS[query.group];
  // Per pour: its serving count (volume ÷ the tap's container's size), sales (× the price) and cost
  // (the keg's cost × volume ÷ the keg's size); null where the tap has no sized container or the keg no cost.
  const rows = rowsOf<{
    key: string;
    label: string;
    volume: string;
    pours: string;
    servings: string | null;
    sales: string | null;
    cost: string | null;
    priced: string;
    costed: string;
  }>(
    await db.execute(sql`
      with each as (
        select p.id, p.at, p.volume_ml, t.id as tap_id, t.number, k.cost, k.size_ml, l.time_zone,
          cs.ounces * 29.5735295625 as serving_ml, c.price, k.item_id as keg_item
        from pours p
        join taps t on t.id = p.tap_id
        join kegs k on k.id = p.keg_id
        join locations l on l.id = t.location_id
        left join containers c on c.id = t.container_id
        left join container_sizes cs on cs.id = c.container_size_id
        where t.location_id = ${location.id} and p.at >= ${window.start.toISOString()}::timestamptz and p.at < ${window.end.toISOString()}::timestamptz
      )
      select ${group.key} as key, ${group.label} as label,
        sum(p.volume_ml)::text as volume, count(*)::text as pours,
        round(sum(p.volume_ml / p.serving_ml), 2)::text as servings,
        round(sum(p.volume_ml / p.serving_ml * p.price), 2)::text as sales,
        round(sum(p.cost * p.volume_ml / p.size_ml), 2)::text as cost,
        count(p.serving_ml)::text as priced, count(p.cost)::text as costed
      from each p
      join taps t on t.id = p.tap_id
      left join items i on i.id = coalesce(p.keg_item, t.item_id)
      group by 1, 2
      order by ${group.order}, 1`),
  );
  const report: PourReportRow[] = rows.map((row) => {
    const complete = (counted: string) => Number(counted) === Number(row.pours);
    const sales = complete(row.priced) ? row.sales : null;
    const cost = complete(row.costed) ? row.cost : null;
    return {
      key: row.key,
      label: row.label,
      pours: Number(row.pours),
      volume_ml: Number(row.volume),
      servings: complete(row.priced) && row.servings !== null ? Number(row.servings) : null,
      sales,
      cost,
      margin: sales !== null && cost !== null ? money(cents(sales) - cents(cost)) : null,
    };
  });
  return { from: window.from, to: window.to, group: query.group, currency: location.currency, rows: report };
}

/** The report as CSV (a header, one line per row; formulas guarded as the menu CSV does). */
export function reportCsv(report: Awaited<ReturnType<typeof pourReport>>) {
  const cell = (value: string | number | null) => {
    const text = guardFormula(value === null ? "" : String(value));
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    [
      report.group,
      "pours",
      "volume_ml",
      "servings",
      `sales_${report.currency}`,
      `cost_${report.currency}`,
      `margin_${report.currency}`,
    ].join(","),
    ...report.rows.map((row) => [row.label, row.pours, row.volume_ml, row.servings, row.sales, row.cost, row.margin].map(cell).join(",")),
  ];
  return `${lines.join("\r\n")}\r\n`;
}
