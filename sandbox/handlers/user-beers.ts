import { and, asc, desc, eq, gte, lt, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import { z } from "zod";
import { sandboxBeers, sandboxBreweries, sandboxCheckins } from "@/sandbox/schema";
import type { Ctx } from "../context";
import { assertVisible, targetUser } from "../data/users";
import { invalidParam } from "../errors";
import { lenientSort, paging, parseParams } from "../params";
import { beerJson } from "../serialize/beer";
import { breweryJson } from "../serialize/brewery";
import { rfc1123 } from "../time";

const count = sql<number>`count(*)::int`;
const recent = sql<Date>`max(${sandboxCheckins.createdAt})`;
// The user's latest rating of the beer (null when never rated).
const yourRating = sql<
  string | null
>`(array_agg(${sandboxCheckins.rating} order by ${sandboxCheckins.id} desc) filter (where ${sandboxCheckins.rating} is not null))[1]`;

const SORTS = {
  date: [desc(recent)],
  checkin: [desc(count)],
  highest_rated: [desc(sandboxBeers.ratingScore)],
  lowest_rated: [asc(sandboxBeers.ratingScore)],
  highest_rated_you: [sql`${yourRating} desc nulls last`],
  lowest_rated_you: [sql`${yourRating} asc nulls last`],
} as const;

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date written YYYY-MM-DD.`)
    .refine((value) => DateTime.fromISO(value, { zone: "utc" }).isValid, `${name} is not a valid date.`);

const params = z.object({
  ...paging(50, 25),
  sort: lenientSort(Object.keys(SORTS) as [keyof typeof SORTS, ...(keyof typeof SORTS)[]], "date"),
  start_date: day("start_date").optional(),
  end_date: day("end_date").optional(),
});

/** start_date and end_date come together; the window holds both whole days (UTC). */
function window(start: string | undefined, end: string | undefined) {
  if (start === undefined && end === undefined) return undefined;
  if (start === undefined || end === undefined) throw invalidParam("start_date and end_date must be used together.");
  if (start > end) throw invalidParam("start_date must not be after end_date.");
  const from = DateTime.fromISO(start, { zone: "utc" }).toJSDate();
  const until = DateTime.fromISO(end, { zone: "utc" }).plus({ days: 1 }).toJSDate();
  return and(gte(sandboxCheckins.createdAt, from), lt(sandboxCheckins.createdAt, until));
}

// GET /v4/user/beers/USERNAME — the distinct beers a user has had
export async function userBeers(ctx: Ctx) {
  const user = await targetUser(ctx);
  assertVisible(ctx, user);
  const { offset, limit, sort, start_date, end_date } = parseParams(params, ctx.params);
  const rows = await ctx.db
    .select({
      beer: sandboxBeers,
      brewery: sandboxBreweries,
      count,
      recent,
      yourRating,
      first: sql<Date>`min(${sandboxCheckins.createdAt})`,
      firstId: sql<number>`min(${sandboxCheckins.id})::int`,
      recentId: sql<number>`max(${sandboxCheckins.id})::int`,
      found: sql<number>`(count(*) over ())::int`,
    })
    .from(sandboxCheckins)
    .innerJoin(sandboxBeers, eq(sandboxBeers.id, sandboxCheckins.beerId))
    .innerJoin(sandboxBreweries, eq(sandboxBreweries.id, sandboxBeers.breweryId))
    .where(and(eq(sandboxCheckins.userId, user.id), window(start_date, end_date)))
    .groupBy(sandboxBeers.id, sandboxBreweries.id)
    .orderBy(...SORTS[sort], sandboxBeers.id)
    .offset(offset)
    .limit(limit);
  return {
    total_count: rows[0]?.found ?? 0,
    is_search: false,
    sort,
    dates: { start_date: start_date ?? "", end_date: end_date ?? "" },
    beers: {
      count: rows.length,
      items: rows.map((row) => ({
        first_checkin_id: row.firstId,
        first_created_at: rfc1123(new Date(row.first)),
        recent_checkin_id: row.recentId,
        recent_created_at: rfc1123(new Date(row.recent)),
        rating_score: row.yourRating === null ? 0 : Number(row.yourRating),
        first_had: rfc1123(new Date(row.first)),
        count: row.count,
        beer: beerJson(row.beer),
        brewery: breweryJson(row.brewery),
      })),
    },
  };
}
