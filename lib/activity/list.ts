import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { menuChanges } from "@/lib/db/schema";
import type { ChangeActor } from "@/lib/db/schema/changes";
import { describeChanges } from "@/lib/live/feed";
import { invalid } from "@/lib/server/errors";
import type { ActivityEntryResponse } from "./schemas";

// GET /locations/:id/activity (venue-operations §5): who changed what at a location, newest first. Two
// sources, merged in one statement: the location's menu changes (the feed's outbox, described in words
// by the feed itself, lib/live/feed.ts) and its other writes (the activity table, lib/activity/activity.ts).
//
// Order and cursor: by (at, source, id), descending. The cursor is the last entry's key, so a page
// starts strictly after it: what is written meanwhile is newer and never shifts a later page, and no
// entry is told twice or skipped. `at` is compared in the database at its full precision (microseconds),
// never through a JavaScript Date.

type Source = "c" | "a";
type Key = { at: string; source: Source; id: number };

const KEY_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([ac])\|([1-9]\d{0,17})$/;

export const encodeCursor = (key: Key) => Buffer.from(`${key.at}|${key.source}|${key.id}`).toString("base64url");

function decodeCursor(cursor: string): Key {
  const match = /^[A-Za-z0-9_-]+$/.test(cursor) ? KEY_SHAPE.exec(Buffer.from(cursor, "base64url").toString("utf8")) : null;
  if (!match) throw invalid([{ path: "query.cursor", message: "must be a cursor from this log (a next_cursor)" }]);
  return { at: match[1]!, source: match[2] as Source, id: Number(match[3]) };
}

type Row = {
  source: Source;
  id: number | string;
  at: Date | string;
  at_key: string;
  actor: ChangeActor;
  kind: string | null;
  summary: string | null;
  target_type: string;
  target_id: number | null;
};

/** A page of the location's activity: at most `limit` entries after `cursor`, only `actorId`'s when given. */
export async function listActivity(
  db: Db,
  { location, cursor, limit, actorId }: { location: { id: number; businessId: number }; cursor?: string; limit: number; actorId?: number },
): Promise<{ activity: ActivityEntryResponse[]; next_cursor: string | null }> {
  const after = cursor === undefined ? null : decodeCursor(cursor);
  const where = (source: Source) =>
    sql.join(
      [
        after ? sql`and (at, ${source}::text, id) < (${after.at}::timestamptz, ${after.source}::text, ${after.id}::bigint)` : sql``,
        actorId === undefined ? sql`` : sql`and (actor->>'user_id')::int = ${actorId}::int`,
      ],
      sql` `,
    );
  // One more than asked: whether there is a next page.
  const take = limit + 1;
  const result = await db.execute(sql`
    select source, id, at, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
           actor, kind, summary, target_type, target_id
    from (
      (select 'c'::text as source, id, at, actor, null::text as kind, null::text as summary, 'menu'::text as target_type,
              menu_id as target_id
         from menu_changes where location_id = ${location.id} ${where("c")}
         order by at desc, id desc limit ${take})
      union all
      (select 'a'::text as source, id, at, actor, kind, summary, target_type, target_id
         from activity where location_id = ${location.id} and business_id = ${location.businessId} ${where("a")}
         order by at desc, id desc limit ${take})
    ) merged
    order by at desc, source desc, id desc
    limit ${take}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const page = rows.slice(0, limit);

  // Menu changes are told as the feed tells them (its type and sentence), described once per change.
  const changeIds = page.filter((row) => row.source === "c").map((row) => Number(row.id));
  const changeRows = changeIds.length > 0 ? await db.select().from(menuChanges).where(inArray(menuChanges.id, changeIds)) : [];
  const described = new Map((await describeChanges(db, changeRows)).map((change) => [change.id, change]));

  const activity = page.map((row): ActivityEntryResponse => {
    const id = Number(row.id);
    const change = row.source === "c" ? described.get(id) : undefined;
    return {
      id: row.source === "c" ? `change-${id}` : `activity-${id}`,
      at: new Date(row.at).toISOString(),
      actor: { user_id: row.actor.user_id ?? null, name: row.actor.name ?? null, via: row.actor.via },
      kind: change?.type ?? row.kind ?? "menu.updated",
      summary: change?.summary ?? row.summary ?? "",
      target: { type: row.target_type, id: row.target_id === null ? null : Number(row.target_id) },
    };
  });
  const last = page.at(-1);
  const more = rows.length > limit && last;
  return { activity, next_cursor: more ? encodeCursor({ at: last.at_key, source: last.source, id: Number(last.id) }) : null };
}
