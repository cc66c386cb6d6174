import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import type { locations } from "@/lib/db/schema";
import { guardFormula } from "@/lib/menus/csv/rows";
import { notFound } from "@/lib/server/errors";
import { RECENT_MS } from "../forecast";
import { hoursOf } from "../pours";
import { distributorJson, listDistributors } from "./distributors";
import type { ReorderAnswer, ReorderGroup, ReorderLine, ReorderQuery } from "./schemas";
import { orderSheetName, renderOrderSheet } from "./order-sheet";
import { suggestOrder } from "./suggest";

// GET /locations/:id/reorder (venue-operations §15, decision 096): per beer of the location (one with a
// par level, on a tap or on deck), what is on hand, when it runs out at the recent rate (§8's
// forecast), what the distributor's lead time will pour, and the kegs to order to be at par when the
// delivery comes; grouped by distributor. A handful of statements for the whole location.

type Location = typeof locations.$inferSelect;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type BeerRow = {
  item_id: number;
  item_name: string;
  par_kegs: number | null;
  full_kegs: number | null;
  distributor_id: number | null;
  on_deck: string;
  in_service: string | null;
  poured: string | null;
  first_tapped: string | Date | null;
};

export async function reorder(
  db: Db,
  { location, query, now = new Date() }: { location: Location; query: ReorderQuery; now?: Date },
): Promise<ReorderAnswer> {
  const since = new Date(now.getTime() - RECENT_MS);
  const [hours, list, beers] = await Promise.all([
    hoursOf(db, location, now),
    listDistributors(db, location.id),
    db.execute(sql`
      with loc_items as (
        select i.id, coalesce(i.custom_name, i.original_name) as name
        from items i join sections s on s.id = i.section_id join menus m on m.id = s.menu_id
        where m.location_id = ${location.id}
      ),
      loc_taps as (select * from taps where location_id = ${location.id}),
      deck as (
        select d.value::integer as item_id, count(*) as n
        from loc_taps t, jsonb_array_elements_text(t.on_deck) d(value)
        group by 1
      ),
      service as (
        select k.item_id, sum(k.remaining_ml / k.size_ml) as kegs
        from kegs k join loc_taps t on t.id = k.tap_id
        where k.ended_at is null and k.item_id is not null
        group by 1
      ),
      recent as (
        select k.item_id, sum(p.volume_ml / k.size_ml) as kegs
        from pours p join kegs k on k.id = p.keg_id join loc_taps t on t.id = p.tap_id
        where p.at >= ${since.toISOString()}::timestamptz and p.at <= ${now.toISOString()}::timestamptz and k.item_id is not null
        group by 1
      ),
      tapped as (
        select k.item_id, min(k.tapped_at) as first_tapped
        from kegs k join loc_taps t on t.id = k.tap_id
        where k.item_id is not null and k.tapped_at <= ${now.toISOString()}::timestamptz
        group by 1
      ),
      beers as (
        select item_id from par_levels where location_id = ${location.id}
        union select item_id from loc_taps where item_id is not null
        union select item_id from deck
      )
      select li.id as item_id, li.name as item_name, pl.par_kegs, pl.full_kegs, pl.distributor_id,
        coalesce(deck.n, 0)::text as on_deck, service.kegs::text as in_service, recent.kegs::text as poured,
        tapped.first_tapped
      from beers b
      join loc_items li on li.id = b.item_id
      left join par_levels pl on pl.item_id = li.id
      left join deck on deck.item_id = li.id
      left join service on service.item_id = li.id
      left join recent on recent.item_id = li.id
      left join tapped on tapped.item_id = li.id
      order by lower(li.name), li.id`),
  ]);
  const known = new Map(list.map((row) => [row.id, row]));
  if (query.distributor_id !== undefined && !known.has(query.distributor_id)) throw notFound("distributor");
  const groups = new Map<number | null, ReorderLine[]>();
  for (const beer of rowsOf<BeerRow>(beers)) {
    const distributor = beer.distributor_id === null ? undefined : known.get(beer.distributor_id);
    const firstTapped = beer.first_tapped === null ? since : new Date(beer.first_tapped);
    const suggestion = suggestOrder({
      parKegs: beer.par_kegs,
      fullKegs: beer.full_kegs ?? 0,
      onDeckKegs: Number(beer.on_deck),
      inServiceKegs: Number(beer.in_service ?? 0),
      pouredKegs: Number(beer.poured ?? 0),
      from: new Date(Math.max(since.getTime(), firstTapped.getTime())),
      leadTimeDays: distributor?.leadTimeDays ?? 0,
      now,
      hours,
    });
    const key = distributor?.id ?? null;
    const line: ReorderLine = {
      item_id: beer.item_id,
      item_name: beer.item_name,
      par_kegs: beer.par_kegs,
      full_kegs: beer.full_kegs ?? 0,
      on_deck_kegs: Number(beer.on_deck),
      in_service_kegs: suggestion.in_service_kegs,
      on_hand_kegs: suggestion.on_hand_kegs,
      kegs_per_week: suggestion.kegs_per_week,
      runs_out_at: suggestion.runs_out_at,
      days_left: suggestion.days_left,
      lead_time_days: distributor?.leadTimeDays ?? 0,
      use_over_lead_kegs: suggestion.use_over_lead_kegs,
      suggested_kegs: suggestion.suggested_kegs,
    };
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const group = (distributor: (typeof list)[number] | null): ReorderGroup => {
    const lines = groups.get(distributor?.id ?? null) ?? [];
    return {
      distributor: distributor && distributorJson(distributor),
      lines,
      kegs_to_order: lines.reduce((sum, line) => sum + line.suggested_kegs, 0),
    };
  };
  // Every distributor (one with no beers yet shows empty), then the beers without one, if any.
  const all = [...list.map(group), ...(groups.has(null) ? [group(null)] : [])];
  return {
    location_id: location.id,
    at: now.toISOString(),
    reorder: query.distributor_id === undefined ? all : all.filter((entry) => entry.distributor?.id === query.distributor_id),
  };
}

const CSV_HEADER = [
  "distributor",
  "lead_time_days",
  "item_id",
  "beer",
  "par_kegs",
  "full_kegs",
  "on_deck_kegs",
  "in_service_kegs",
  "on_hand_kegs",
  "kegs_per_week",
  "days_left",
  "use_over_lead_kegs",
  "suggested_kegs",
];

/** The suggestions as CSV: a header, one line per beer (formulas guarded as the menu CSV does). */
export function reorderCsv(answer: ReorderAnswer) {
  const cell = (value: string | number | null) => {
    const text = guardFormula(value === null ? "" : String(value));
    return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [
    CSV_HEADER.join(","),
    ...answer.reorder.flatMap((group) =>
      group.lines.map((line) =>
        [
          group.distributor?.name ?? "",
          line.lead_time_days,
          line.item_id,
          line.item_name,
          line.par_kegs,
          line.full_kegs,
          line.on_deck_kegs,
          line.in_service_kegs,
          line.on_hand_kegs,
          line.kegs_per_week,
          line.days_left,
          line.use_over_lead_kegs,
          line.suggested_kegs,
        ]
          .map(cell)
          .join(","),
      ),
    ),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

/** GET /locations/:id/reorder.pdf: the distributor's order sheet (404 when it is not the location's). */
export async function orderSheet(
  db: Db,
  { location, distributorId, now = new Date() }: { location: Location; distributorId: number; now?: Date },
) {
  const answer = await reorder(db, { location, query: { distributor_id: distributorId }, now });
  const group = answer.reorder[0]!;
  return { pdf: await renderOrderSheet(group, location, now), fileName: orderSheetName(group, location, now) };
}
