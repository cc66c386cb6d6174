import { asc } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { flushMenuViews } from "@/lib/insights/menu-views";
import {
  businesses,
  containerSizes,
  containers,
  customContainers,
  customItems,
  customItemTypes,
  customMenus,
  customSections,
  distributors,
  events,
  hours,
  items,
  kegs,
  locations,
  menus,
  menuViewCounts,
  parLevels,
  pours,
  sections,
  taps,
  tapSensors,
  users,
} from "@/lib/db/schema";

/** Every business table, in a stable order: compare before and after a refused request. */
export async function snapshot() {
  const db = await getDb();
  // Menu views wait in the process for up to 5 s (lib/insights/menu-views.ts): write them now, so a
  // timed flush between two snapshots cannot look like a change.
  await flushMenuViews(db);
  return {
    businesses: await db.select().from(businesses).orderBy(asc(businesses.id)),
    users: await db.select().from(users).orderBy(asc(users.id)),
    locations: await db.select().from(locations).orderBy(asc(locations.id)),
    containerSizes: await db.select().from(containerSizes).orderBy(asc(containerSizes.id)),
    events: await db.select().from(events).orderBy(asc(events.id)),
    hours: await db.select().from(hours).orderBy(asc(hours.id)),
    menuViews: await db.select().from(menuViewCounts).orderBy(asc(menuViewCounts.locationId), asc(menuViewCounts.bucket)),
    menus: await db.select().from(menus).orderBy(asc(menus.id)),
    sections: await db.select().from(sections).orderBy(asc(sections.id)),
    items: await db.select().from(items).orderBy(asc(items.id)),
    containers: await db.select().from(containers).orderBy(asc(containers.id)),
    customItemTypes: await db.select().from(customItemTypes).orderBy(asc(customItemTypes.id)),
    customMenus: await db.select().from(customMenus).orderBy(asc(customMenus.id)),
    customSections: await db.select().from(customSections).orderBy(asc(customSections.id)),
    customItems: await db.select().from(customItems).orderBy(asc(customItems.id)),
    customContainers: await db.select().from(customContainers).orderBy(asc(customContainers.id)),
    taps: await db.select().from(taps).orderBy(asc(taps.id)),
    kegs: await db.select().from(kegs).orderBy(asc(kegs.id)),
    tapSensors: await db.select().from(tapSensors).orderBy(asc(tapSensors.id)),
    pours: await db.select().from(pours).orderBy(asc(pours.id)),
    distributors: await db.select().from(distributors).orderBy(asc(distributors.id)),
    parLevels: await db.select().from(parLevels).orderBy(asc(parLevels.id)),
  };
}
