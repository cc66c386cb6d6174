import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { locations, menus } from "@/lib/db/schema";
import { timedStateAt } from "@/lib/schedules/evaluate";
import { iso } from "@/lib/shared/iso";
import { timedColumns, timedOf } from "./timed";
import { menuTree } from "./tree";
import { rowTranslations, translateTree } from "./translations/reads";
import { translation } from "./translations/translate";
import { clockOf } from "@/lib/shared/time-format";
import { lowItemIds } from "./almost-gone";

type Tree = Awaited<ReturnType<typeof menuTree>>;

/**
 * What guests see: no 86'd item (live-menus §5), and no section that only 86'd items filled (an empty
 * heading on a TV board reads as a mistake); a section that was empty anyway stays as the venue made it.
 */
function withoutEightySixed(tree: Tree): Tree {
  const available = (section: Tree["sections"][number]) => ({ ...section, items: section.items.filter((item) => !item.eighty_sixed) });
  return {
    ...tree,
    sections: tree.sections.flatMap((section) => {
      const shown = available(section);
      return shown.items.length === 0 && section.items.length > 0 ? [] : [shown];
    }),
    on_deck_section: tree.on_deck_section ? available(tree.on_deck_section) : null,
  };
}

/**
 * The public preview of a menu: published menus for anyone, a draft only for a viewer of the menu's
 * own business; anything else (a menu of an archived location too) is null (answered as 404, like a missing menu). It is a preview, so it
 * counts no menu view, unlike GET /menus/:id?full=true. `at`: what guests see then (now by default).
 */
export async function previewMenu(
  db: Db,
  { id, viewerBusinessId, at = new Date(), lang }: { id: number; viewerBusinessId: number | null; at?: Date; lang?: string },
) {
  const [row] = await db
    .select({ menu: menus, location: locations, ...timedColumns(db).columns })
    .from(menus)
    .innerJoin(locations, eq(locations.id, menus.locationId))
    // An archived location's menus are gone for guests and staff alike (venue-operations §2).
    .where(and(eq(menus.id, id), isNull(locations.archivedAt)))
    .limit(1);
  if (!row) return null;
  const staff = viewerBusinessId === row.location.businessId;
  if (row.menu.unpublished && !staff) return null;
  // What is in force at `at` on the venue's clock: happy-hour prices, and only the sections on then;
  // the board fetches again when any schedule or happy hour of the menu next turns, hidden ones too.
  const zone = row.location.timeZone;
  const live = { at, zone, includeUnavailable: false };
  const built = withoutEightySixed(await menuTree(db, { menu: row.menu, currency: row.location.currency, now: at, live }));
  // A board's language (decision 097): the texts in it, the default's where not translated.
  const how = lang ? translation(row.location.languages, lang) : null;
  const tree = how && !how.isDefault ? translateTree(built, await rowTranslations(db, row.menu.id), row.menu.translations, how) : built;
  const changesAt = timedStateAt(timedOf(row.menu.schedule, row), at.getTime(), zone).until;
  return {
    // What is not public never leaves the server for a guest (issue 31 row 5): a hidden section, its
    // items and prices are not in the data, nor in the page's embedded copy of it. Its own staff see them.
    menu: staff ? tree : { ...tree, sections: tree.sections.filter((section) => section.public) },
    location: {
      name: row.location.name,
      city: row.location.city,
      country_name: row.location.countryName,
      currency: row.location.currency,
      labelling: row.location.labelling,
      language: how?.language ?? row.location.languages[0] ?? "en",
    },
    draft: row.menu.unpublished,
    staff,
    /** The venue's IANA zone: the board tells the time of its last update in it. */
    time_zone: row.location.timeZone,
    changes_at: changesAt === null ? null : iso(new Date(changesAt)),
    clock: clockOf({ country: row.location.country, time_zone: row.location.timeZone }),
    almost_gone: await lowItemIds(db, row.location.id),
  };
}
