import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, locations, menus, sections, type StoredTimePrice } from "@/lib/db/schema";
import { invalid, notFound } from "@/lib/server/errors";
import { happyPriceOf } from "@/lib/schedules/bulk";
import { BULK_HAPPY_HOUR_PRICES, type BulkHappyHours } from "@/lib/schedules/schemas";
import { getMenu, getSection } from "./access";

// Happy hours for a whole menu or section at once (issue 49; venue-operations §7's time_prices): the
// same windows on every price in it (the on-deck beers' included), each price's own happy-hour price
// from the rule, in one transaction, so the menu's version rises once and boards switch once. Each
// price's happy hours are replaced; null removes them. A rule that would leave a price at 0 or not below
// its regular price is refused naming those prices, and nothing changes.

export type HappyHoursTarget = { kind: "menu" | "section"; id: number };

const NAMED = 5;

/** "Harbor Haze Pint (5.00), …, and 3 more". */
const named = (rows: { item: string; size: string | null; price: string }[]) =>
  `${rows
    .slice(0, NAMED)
    .map((row) => `${row.item}${row.size ? ` ${row.size}` : ""} (${row.price})`)
    .join(", ")}${rows.length > NAMED ? `, and ${rows.length - NAMED} more` : ""}`;

export async function setHappyHours(
  db: Db,
  { businessId, target, happyHours }: { businessId: number; target: HappyHoursTarget; happyHours: BulkHappyHours | null },
) {
  const scope = { businessId, id: target.id };
  const { menu, sectionId } =
    target.kind === "menu"
      ? { menu: (await getMenu(db, scope)).menu, sectionId: null }
      : await getSection(db, scope).then(({ menu, section }) => ({ menu, sectionId: section.id }));
  return db.transaction(async (tx) => {
    // Lock order: location, then menu (decision 009), as every write to a tree takes them.
    await tx.execute(sql`select 1 from ${locations} where ${locations.id} = ${menu.locationId} for update`);
    const [locked] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.id, menu.id)).for("update");
    if (!locked) throw notFound("menu");
    const rows = await tx
      .select({
        id: containers.id,
        price: containers.price,
        item: sql<string>`coalesce(${items.customName}, ${items.originalName})`,
        size: containerSizes.name,
        timePrices: containers.timePrices,
      })
      .from(containers)
      .innerJoin(items, eq(items.id, containers.itemId))
      .innerJoin(sections, eq(sections.id, items.sectionId))
      .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
      .where(and(eq(sections.menuId, menu.id), sectionId === null ? undefined : eq(sections.id, sectionId)))
      .orderBy(asc(sections.position), asc(items.position), asc(containers.position));
    const where = target.kind === "menu" ? `${menu.name}` : "this section";
    if (rows.length > BULK_HAPPY_HOUR_PRICES)
      throw invalid([
        {
          path: "happy_hours",
          message: `${where} has ${rows.length} prices: at most ${BULK_HAPPY_HOUR_PRICES} at once; set a section at a time`,
        },
      ]);
    if (happyHours === null) {
      const ids = rows.filter((row) => row.timePrices !== null).map((row) => row.id);
      if (ids.length > 0)
        await tx
          .update(containers)
          .set({ timePrices: null, updatedAt: new Date() })
          .where(and(inArray(containers.id, ids), isNotNull(containers.timePrices)));
      return { menu_id: menu.id, section_id: sectionId, prices_changed: ids.length };
    }
    if (rows.length === 0)
      throw invalid([{ path: "happy_hours", message: `${where} has no prices yet: add sizes and prices to its items first` }]);
    const planned = rows.map((row) => ({ ...row, happy: happyPriceOf(row.price, happyHours) }));
    const refused = planned.filter((row) => row.happy === null);
    if (refused.length > 0) {
      const field = happyHours.percent_off !== undefined ? "percent_off" : happyHours.amount_off !== undefined ? "amount_off" : "price";
      const why =
        field === "price"
          ? `must be below each regular price and above 0; not below ${refused.length === 1 ? "1 price" : `${refused.length} prices`}`
          : `leaves nothing (or no saving) of ${refused.length === 1 ? "1 price" : `${refused.length} prices`}`;
      throw invalid([{ path: `happy_hours.${field}`, message: `${why}: ${named(refused)}` }]);
    }
    // One UPDATE per distinct happy-hour price (few: prices repeat across a menu).
    const byPrice = new Map<string, number[]>();
    for (const row of planned) byPrice.set(row.happy!, [...(byPrice.get(row.happy!) ?? []), row.id]);
    const now = new Date();
    for (const [price, ids] of byPrice) {
      const timePrices: StoredTimePrice[] = happyHours.windows.map((window) => ({
        days: window.days,
        start: window.start,
        end: window.end,
        price,
      }));
      await tx.update(containers).set({ timePrices, updatedAt: now }).where(inArray(containers.id, ids));
    }
    return { menu_id: menu.id, section_id: sectionId, prices_changed: rows.length };
  });
}
