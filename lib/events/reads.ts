import type { Db } from "@/lib/db/client";
import type { Tagged } from "@/lib/http/conditional";
import { locationList } from "@/lib/locations/reads";
import type { Scope } from "@/lib/server/scope";
import { listEvents } from "./events";

// GET /locations/:id/events, kept per location (lib/locations/reads.ts).
/** GET /locations/:id/events */
export const eventsAnswer = (db: Db, scope: Scope): Promise<Tagged> =>
  locationList(db, scope, "events", async (location) => ({ events: await listEvents(db, { location }) }));
