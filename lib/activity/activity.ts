import { currentActor } from "@/lib/db/actor";
import type { Db } from "@/lib/db/client";
import { activity } from "@/lib/db/schema";
import type { ChangeActor } from "@/lib/db/schema/changes";

// "Who changed what, when" (venue-operations §5) for the writes that are not menu changes: events,
// hours, webhooks, the location itself, the team. Menu changes are already recorded by the database
// (menu_changes, the feed); GET /locations/:id/activity merges both. Write it in the same transaction
// as the change it describes, so neither is kept without the other.

const SYSTEM: ChangeActor = { user_id: null, name: null, via: "system" };

export type ActivityEntry = {
  businessId: number;
  /** The location the write concerns; null for the business as a whole (an owner's account). */
  locationId: number | null;
  /** What happened, as `<target>.<verb>`: `event.created`, `hours.updated`, `member.removed`… */
  kind: string;
  /** One short human sentence: "Event “Trivia night” created". */
  summary: string;
  target: { type: string; id: number | null };
};

/** Records one write, by the caller of the running request (the request wrapper names them), else the system. */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await db.insert(activity).values({
    businessId: entry.businessId,
    locationId: entry.locationId,
    actor: currentActor() ?? SYSTEM,
    kind: entry.kind,
    summary: entry.summary,
    targetType: entry.target.type,
    targetId: entry.target.id,
  });
}
