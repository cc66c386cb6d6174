import type { Db } from "@/lib/db/client";
import { etag, type LazyTagged } from "@/lib/http/conditional";
import { keptLocation } from "@/lib/locations/reads";
import { notFound } from "@/lib/server/errors";
import type { Scope } from "@/lib/server/scope";
import { guestWords } from "@/lib/shared/guest-words";
import { NO_FILTER } from "./guest-menu";
import { guestMenuOf, phoneMenus } from "./guest-reads";
import { googleFoodMenus } from "./listings";
import { phoneMenuUrl } from "./qr";

/** Raised when the file's shape changes. */
const SHAPE = "google-menu-2";

/**
 * GET /locations/:id/google_menu.json: the caller's location's published menus in Google's FoodMenus
 * shape, tagged by the phone menu's tag (the same menus, versions and 86s, and language): a 304 builds
 * nothing. `lang`: in that language when the location has it, as the phone menu's ?lang= (decision 100).
 */
export async function googleMenu(db: Db, scope: Scope, lang?: string): Promise<LazyTagged> {
  const location = await keptLocation(db, scope);
  const page = await phoneMenus(db, location.id, Date.now, { lang });
  if (!page) throw notFound("location");
  const how = { language: page.language, default: location.languages[0] ?? "en" };
  return {
    tag: etag(SHAPE, page.tag),
    body: async () =>
      Buffer.from(
        JSON.stringify(
          googleFoodMenus(
            (await page.content()).map((tree) => guestMenuOf(tree, NO_FILTER, guestWords(how.language))),
            phoneMenuUrl(location.id),
            how,
          ),
        ),
      ),
  };
}
