import type { Db } from "@/lib/db/client";
import type { Tagged } from "@/lib/http/conditional";
import { locationList } from "@/lib/locations/reads";
import type { Scope } from "@/lib/server/scope";
import { listHours } from "./hours";

// GET /locations/:id/hours, kept per location (lib/locations/reads.ts).
/** GET /locations/:id/hours */
export const hoursAnswer = (db: Db, scope: Scope): Promise<Tagged> =>
  locationList(db, scope, "hours", async (location) => ({ hours: await listHours(db, { locationId: location.id }) }));
