import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { locations } from "@/lib/db/schema";
import { reportWindow } from "./report";
import type { PourVarianceQuery, PourVarianceRow } from "../schemas";

// The pour variance (pos.md §5, decision 090): what the meters poured beside what the POS sold, per tap
// and beer between two of the location's local days, kept per keg and per day. A meter's pour is a pour
// whose source is `meter`; a sale is a counted POS line not taken back (`pos_sales`), whether it lowered
// the keg (a tap without a meter) or was kept beside the meter's level. The beer is the keg's own, so a
// tap that moved on to another beer shows each beer on its own row. Summed in PostgreSQL's numeric.

type Location = typeof locations.$inferSelect;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ml = (value: string | number) => Math.round(Number(value) * 1000) / 1000;

/** GET /locations/:id/pour_variance. */
export async function pourVariance(
  db: Db,
  { location, query, now = new Date() }: { location: Location; query: PourVarianceQuery; now?: Date },
) {
  const window = reportWindow(location, { ...query, group: "day" }, now);
  const rows = rowsOf<{
    tap_id: number;
    number: number;
    name: string | null;
    keg_id: number;
    item_id: number | null;
    item_name: string | null;
    day: string;
    poured: string;
    sold: string;
  }>(
    await db.execute(sql`
      with each as (
        select p.tap_id, p.keg_id, p.at, p.volume_ml as poured, 0::numeric as sold
        from pours p join taps t on t.id = p.tap_id
        where t.location_id = ${location.id} and p.source = 'meter' and p.at >= ${window.start} and p.at < ${window.end}
        union all
        select s.tap_id, s.keg_id, s.sold_at, 0::numeric, s.volume_ml
        from pos_sales s join taps t on t.id = s.tap_id
        where t.location_id = ${location.id} and s.returned_at is null and s.sold_at >= ${window.start} and s.sold_at < ${window.end}
      )
      select t.id as tap_id, t.number, t.name, e.keg_id, k.item_id, coalesce(i.custom_name, i.original_name) as item_name,
        to_char(e.at at time zone ${location.timeZone}, 'YYYY-MM-DD') as day,
        sum(e.poured)::text as poured, sum(e.sold)::text as sold
      from each e
      join taps t on t.id = e.tap_id
      join kegs k on k.id = e.keg_id
      left join items i on i.id = k.item_id
      group by t.id, t.number, t.name, e.keg_id, k.item_id, i.custom_name, i.original_name, day
      order by t.number, k.item_id nulls last, day, e.keg_id`),
  );
  const byTapAndBeer = new Map<string, PourVarianceRow>();
  for (const row of rows) {
    const key = `${row.tap_id}:${row.item_id ?? ""}`;
    let found = byTapAndBeer.get(key);
    if (!found) {
      found = {
        tap_id: Number(row.tap_id),
        tap_number: Number(row.number),
        tap_name: row.name,
        item_id: row.item_id === null ? null : Number(row.item_id),
        item_name: row.item_name,
        poured_ml: 0,
        sold_ml: 0,
        difference_ml: 0,
        yield: null,
        days: [],
      };
      byTapAndBeer.set(key, found);
    }
    found.poured_ml = ml(found.poured_ml + Number(row.poured));
    found.sold_ml = ml(found.sold_ml + Number(row.sold));
    found.days.push({ date: row.day, keg_id: Number(row.keg_id), poured_ml: ml(row.poured), sold_ml: ml(row.sold) });
  }
  const pourVariance = [...byTapAndBeer.values()].map((row) => ({
    ...row,
    difference_ml: ml(row.poured_ml - row.sold_ml),
    // What was sold of what was poured; none where nothing was metered (a tap without a meter).
    yield: row.poured_ml > 0 ? Math.round((row.sold_ml / row.poured_ml) * 10_000) / 10_000 : null,
  }));
  return { from: window.from, to: window.to, pour_variance: pourVariance };
}
