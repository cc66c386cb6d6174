import { asc } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { businesses, containerSizes, events, hours, locations, menuViewCounts, users } from "@/lib/db/schema";

/** Every business table, in a stable order: compare before and after a refused request. */
export async function snapshot() {
  const db = await getDb();
  return {
    businesses: await db.select().from(businesses).orderBy(asc(businesses.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    locations: await db.select().from(locations).orderBy(asc(locations.id)),
    containerSizes: await db.select().from(containerSizes).orderBy(asc(containerSizes.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    hours: await db.select().from(hours).orderBy(asc(hours.id)),
    menuViews: await db.select().from(menuViewCounts).orderBy(asc(menuViewCounts.locationId), asc(menuViewCounts.bucket)),
  };
}
