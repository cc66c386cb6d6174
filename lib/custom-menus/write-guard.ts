import { asc, inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";

/**
 * Every custom-menu write calls this first inside its transaction. It holds the location rows FOR
 * SHARE until the write commits, so a migration (which locks the location FOR UPDATE) either waits
 * for the write or the write waits for it and is then refused: once a location is migrated its
 * custom menus take no change (409) and nothing is written.
 *
 * Lock order, everywhere: location(s), then custom menu, section, item; two of a kind by ascending id.
 * Writes to the location's own list (create, delete, positions, publish_all) lock it FOR UPDATE with
 * `lockParent` before calling this; a transaction never waits for its own lock.
 */
export async function assertNotMigrated(tx: Db, ...locationIds: number[]) {
  const rows = await tx
    .select({ id: locations.id, migratedAt: locations.customMenusMigratedAt })
    .from(locations)
    .where(inArray(locations.id, locationIds))
    .orderBy(asc(locations.id))
    .for("share");
  if (rows.some((row) => row.migratedAt !== null)) {
    throw new ApiError(
      "custom_menus_migrated",
      "This location's custom menus were migrated to menus and take no more changes; use /api/v1/menus instead.",
    );
  }
}
