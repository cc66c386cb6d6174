import { sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "@/lib/db/client";
import type { locations } from "@/lib/db/schema";
import { guardFormula } from "@/lib/menus/csv/rows";
import { invalid } from "@/lib/server/errors";
import { cents, money } from "./money";
import type { PourReportQuery, PourReportRow } from "./schemas";

// The pour report (venue-operations §15): the location's pours between two of its local days, grouped by
// tap, item, style or day: volume, servings (the tap's container's size), sales (what the till charged
// where a POS rang the sale, else servings × the container's price), cost (each pour's share of its
// keg's cost) and margin. Summed in PostgreSQL's exact numeric and rounded once per row (money to the cent).

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
  // One row per pour, and one per till line sold beside a meter (pos.md §5: that tap's level is the
  // meter's, the line keeps what was sold), each with its serving count (volume ÷ the tap's container's
  // size) and cost (the keg's cost × volume ÷ the keg's size) for pours, and its sales: what the till
  // charged where a POS rang it (venue-operations §15), else servings × the container's price. On a tap
  // whose till lines stand beside its meter in the window, the lines are its sales and its meter's pours
  // add none. Null where the tap has no sized container (or the till did not say), or the keg no cost.
  const start = window.start.toISOString();
  const end = window.end.toISOString();
  const rows = rowsOf<{
    key: string;
    label: string;
    volume: string;
    pours: string;
    servings: string | null;
    sales: string | null;
    cost: string | null;
    served: string;
    sold: string;
    lines: string;
    costed: string;
  }>(
    await db.execute(sql`
      with beside as (
        select s.tap_id, s.item_id, s.sold_at, s.volume_ml, s.sale_minor
        from pos_sales s
        join taps t on t.id = s.tap_id
        where t.location_id = ${location.id} and s.pour_id is null and s.returned_at is null
          and s.sold_at >= ${start}::timestamptz and s.sold_at < ${end}::timestamptz
      ),
      each as (
        select true as is_pour, p.at, p.volume_ml, t.id as tap_id, k.cost, k.size_ml, l.time_zone,
          cs.ounces * 29.5735295625 as serving_ml, k.item_id as keg_item,
          case
            when exists (select 1 from beside b where b.tap_id = t.id) then 0
            when ps.sale_minor is not null then ps.sale_minor / 100.0
            else p.volume_ml / (cs.ounces * 29.5735295625) * c.price
          end as sale
        from pours p
        join taps t on t.id = p.tap_id
        join kegs k on k.id = p.keg_id
        join locations l on l.id = t.location_id
        left join containers c on c.id = t.container_id
        left join container_sizes cs on cs.id = c.container_size_id
        left join pos_sales ps on ps.pour_id = p.id
        where t.location_id = ${location.id} and p.at >= ${start}::timestamptz and p.at < ${end}::timestamptz
        union all
        select false, b.sold_at, 0, b.tap_id, null, null, l.time_zone, null, b.item_id,
          coalesce(b.sale_minor / 100.0, b.volume_ml / (cs.ounces * 29.5735295625) * c.price)
        from beside b
        join taps t on t.id = b.tap_id
        join locations l on l.id = t.location_id
        left join containers c on c.id = t.container_id
        left join container_sizes cs on cs.id = c.container_size_id
      )
      select ${group.key} as key, ${group.label} as label,
        sum(p.volume_ml)::text as volume, count(*) filter (where p.is_pour)::text as pours,
        round(sum(p.volume_ml / p.serving_ml) filter (where p.is_pour), 2)::text as servings,
        round(sum(p.sale), 2)::text as sales,
        round(sum(p.cost * p.volume_ml / p.size_ml) filter (where p.is_pour), 2)::text as cost,
        count(p.serving_ml) filter (where p.is_pour)::text as served, count(p.sale)::text as sold,
        count(*)::text as lines, count(p.cost) filter (where p.is_pour)::text as costed
      from each p
      join taps t on t.id = p.tap_id
      left join items i on i.id = coalesce(p.keg_item, t.item_id)
      group by 1, 2
      order by ${group.order}, 1`),
  );
  const report: PourReportRow[] = rows.map((row) => {
    const every = (counted: string, of: string) => Number(counted) === Number(of);
    const sales = every(row.sold, row.lines) ? row.sales : null;
    const cost = every(row.costed, row.pours) ? row.cost : null;
    return {
      key: row.key,
      label: row.label,
      pours: Number(row.pours),
      volume_ml: Number(row.volume),
      servings: every(row.served, row.pours) && row.servings !== null ? Number(row.servings) : null,
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
