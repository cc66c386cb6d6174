import type { Db } from "@/lib/db/client";
import { etag, type LazyTagged } from "@/lib/http/conditional";
import { keptLocation } from "@/lib/locations/reads";
import { notFound } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { guestMenuOf, phoneMenus } from "./guest-reads";
import { googleFoodMenus } from "./listings";
import { phoneMenuUrl } from "./qr";

/** Raised when the file's shape changes. */
const SHAPE = "google-menu-1";

/**
 * GET /locations/:id/google_menu.json: the caller's location's published menus in Google's FoodMenus
 * shape, tagged by the phone menu's tag (the same menus, versions and 86s): a 304 builds nothing.
 */
export async function googleMenu(db: Db, scope: Scope): Promise<LazyTagged> {
  const location = await keptLocation(db, scope);
  const page = await phoneMenus(db, location.id);
  if (!page) throw notFound("location");
  return {
    tag: etag(SHAPE, page.tag),
    body: async () =>
      Buffer.from(
        JSON.stringify(
          googleFoodMenus(
            (await page.content()).map((tree) => guestMenuOf(tree)),
            phoneMenuUrl(location.id),
          ),
        ),
      ),
  };
}
