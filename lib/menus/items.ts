import { and, asc, eq, sql } from "drizzle-orm";
import { newTranslations, patchTranslations } from "@/lib/menus/translations/write";
import { answerIn } from "@/lib/menus/translations/translate";
import type { Db } from "@/lib/db/client";
import { items, taps } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import {
  applyPositions,
  closeGap,
  lockParent,
  lockParents,
  lockedPlace,
  moveToPlace,
  nextPosition,
  retryMoves,
  type PositionEntry,
} from "@/lib/menus/positions";
import type { BeerCatalogue, CatalogueBeer } from "@/lib/menus/catalogue";
import { catalogueLabels } from "@/lib/shared/labels";
import type { CreateItem, UpdateItem } from "@/lib/menus/schemas/menus";
import { found, type Scope } from "@/lib/server/scope";
import { getItem, getSection, ownItem } from "./access";
import { insertFirstPrices } from "./containers";
import { itemList } from "./lists";
import { itemJson } from "./serialize";

type ItemRow = typeof items.$inferInsert;

/** A section's items in position order; `lang`: their texts in that language (decision 100). */
export async function listItems(db: Db, { lang, ...scope }: Scope & { lang?: string }) {
  const { section, location } = await getSection(db, scope);
  const rows = await db.select().from(items).where(eq(items.sectionId, section.id)).orderBy(asc(items.position));
  const now = new Date();
  return rows.map((row) => answerIn("item", itemJson(row, now), row.translations, { lang, languages: location.languages }));
}

export async function readItem(db: Db, { lang, ...scope }: Scope & { lang?: string }) {
  const { item, location } = await getItem(db, scope);
  return answerIn("item", itemJson(item), item.translations, { lang, languages: location.languages });
}

type Item = typeof items.$inferSelect;
export type CatalogueColumns = Pick<
  Item,
  | "untappdId"
  | "originalName"
  | "originalBrewery"
  | "originalStyle"
  | "originalDescription"
  | "originalAbv"
  | "originalIbu"
  | "originalCalories"
  | "labelImage"
  | "labelImageHd"
  | "breweryLocation"
  | "untappdBeerSlug"
  | "untappdBreweryId"
  | "inProduction"
  | "rating"
>;

/** The catalogue's values: they fill original_* and never change through the API. */
export function fromCatalogue(beer: CatalogueBeer): CatalogueColumns {
  return {
    untappdId: beer.untappdId,
    originalName: beer.name,
    originalBrewery: beer.brewery,
    originalStyle: beer.style,
    originalDescription: beer.description,
    originalAbv: beer.abv,
    originalIbu: beer.ibu,
    originalCalories: beer.calories,
    labelImage: beer.labelImage,
    labelImageHd: beer.labelImageHd,
    breweryLocation: beer.breweryLocation,
    untappdBeerSlug: beer.slug,
    untappdBreweryId: beer.breweryId,
    inProduction: beer.inProduction,
    rating: beer.rating,
  };
}

/** Drops the fields a body did not pass, so spreading never overwrites a value with undefined. */
const passed = (values: Partial<ItemRow>): Partial<ItemRow> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));

/** Overrides: custom_*; a null clears one and the original shows again. */
function overrides(input: UpdateItem): Partial<ItemRow> {
  return passed({
    customName: input.name,
    customBrewery: input.brewery,
    customStyle: input.style,
    customDescription: input.description,
    customAbv: input.abv,
    customIbu: input.ibu,
    customCalories: input.calories,
  });
}

/** A custom item's own values are its originals. */
function originals(input: CreateItem): Partial<ItemRow> {
  return passed({
    originalName: input.name,
    originalBrewery: input.brewery,
    originalStyle: input.style,
    originalDescription: input.description,
    originalAbv: input.abv,
    originalIbu: input.ibu,
    originalCalories: input.calories,
  });
}

/** What the venue sets about its own pour, on any item. */
function settings(input: UpdateItem): Partial<ItemRow> {
  return passed({
    labelImage: input.label_image,
    labelImageHd: input.label_image_hd,
    tapNumber: input.tap_number,
    cask: input.cask,
    nitro: input.nitro,
    inProduction: input.in_production,
    allergens: input.allergens,
    dietary: input.dietary,
  });
}

/**
 * Adds an item at the end of a section: a catalogue beer by `untappd_id` (the body's other fields
 * become overrides), or a custom item whose own values are its original_* fields. `catalogue` is the
 * one in use unless the caller brings its own (the demo seed reads the sandbox's seed in-process).
 */
export async function createItem(
  db: Db,
  {
    businessId,
    sectionId,
    input,
    catalogue,
  }: { businessId: number; sectionId: number; input: CreateItem; catalogue: Pick<BeerCatalogue, "getBeer"> },
) {
  await getSection(db, { businessId, id: sectionId });
  let values: Partial<ItemRow>;
  if (input.untappd_id !== undefined) {
    const beer = await catalogue.getBeer(input.untappd_id, { businessId });
    if (!beer) throw invalid([{ path: "item.untappd_id", message: `no beer ${input.untappd_id} in the catalogue` }]);
    // A beer starts with what its style says (catalogueLabels, decision 084) unless the body says otherwise.
    values = { ...fromCatalogue(beer), ...catalogueLabels(beer.style), ...overrides(input), ...settings(input) };
  } else {
    values = { ...originals(input), ...settings(input) };
  }
  values.translations = newTranslations(input.translations);
  return db.transaction(async (tx) => {
    const { section } = await getSection(tx, { businessId, id: sectionId });
    await lockParent(tx, itemList, section.id);
    const position = await nextPosition(tx, itemList, section.id);
    const [item] = await tx
      .insert(items)
      .values({ ...values, originalName: values.originalName!, sectionId: section.id, position })
      .returning();
    await insertFirstPrices(tx, { itemId: item!.id, prices: input.containers ?? [] });
    return itemJson(item!);
  });
}

/**
 * Sets overrides (null clears one, showing the original again) and the item's own settings, in one
 * UPDATE with the business in its WHERE: an item deleted meanwhile is 404, like a missing one.
 */
/** The lowest number of a tap pouring the item, if any (an item on a tap is numbered by it, decision 080). */
async function tapOf(db: Db, itemId: number): Promise<number | null> {
  const [row] = await db.select({ number: taps.number }).from(taps).where(eq(taps.itemId, itemId)).orderBy(asc(taps.number)).limit(1);
  return row?.number ?? null;
}

export async function updateItem(db: Db, { businessId, id, input }: Scope & { input: UpdateItem }) {
  const [updated] = await db.transaction(async (tx) => {
    const rows = await tx
      .update(items)
      .set({
        ...overrides(input),
        ...settings(input),
        translations: patchTranslations(items.translations, input.translations),
        updatedAt: new Date(),
      })
      .where(ownItem(tx, { businessId, id }))
      .returning();
    // Asked once the item is known to be the caller's; refusing rolls the change back.
    const tap = rows[0] && input.tap_number !== undefined ? await tapOf(tx, id) : null;
    if (tap !== null && input.tap_number !== String(tap))
      throw invalid([{ path: "item.tap_number", message: `is tap ${tap}'s number: change it on the Taps page` }]);
    return rows;
  });
  return itemJson(found(updated, "item"));
}

export async function deleteItem(db: Db, scope: Scope) {
  return db.transaction(async (tx) => {
    const { item } = await getItem(tx, scope);
    await lockParent(tx, itemList, item.sectionId);
    const [row] = await tx.delete(items).where(eq(items.id, item.id)).returning();
    const deleted = found(row, "item");
    await closeGap(tx, itemList, item.sectionId, deleted.position);
    return itemJson(deleted);
  });
}

export async function reorderItems(
  db: Db,
  { businessId, sectionId, batch }: { businessId: number; sectionId: number; batch: PositionEntry[] },
) {
  return db.transaction(async (tx) => {
    const { section } = await getSection(tx, { businessId, id: sectionId });
    await lockParent(tx, itemList, section.id);
    return applyPositions(tx, itemList, section.id, batch);
  });
}

/**
 * POST /sections/:id/items/tap_numbers: the section's items numbered in their order from `from`, in one
 * transaction (one version of the menu). Tap numbers stay with their items when they are reordered (the
 * line a beer pours from does not change when the list does); this is the one click that makes the
 * numbers follow the order again. Items already so numbered are left untouched, and so are items on a tap
 * (they say their tap's number, decision 080).
 */
export async function renumberTaps(db: Db, { businessId, sectionId, from = 1 }: { businessId: number; sectionId: number; from?: number }) {
  return db.transaction(async (tx) => {
    const { section } = await getSection(tx, { businessId, id: sectionId });
    await lockParent(tx, itemList, section.id);
    // Positions are 0..n-1 in every list (lib/menus/positions.ts), so an item's number is `from + position`:
    // one statement, touching only the items not already so numbered.
    const number = sql`(${from} + ${items.position})::text`;
    await tx
      .update(items)
      .set({ tapNumber: number, updatedAt: new Date() })
      .where(
        and(
          eq(items.sectionId, section.id),
          sql`${items.tapNumber} is distinct from ${number}`,
          sql`not exists (select 1 from ${taps} where ${taps.itemId} = ${items.id})`,
        ),
      );
    return tx
      .select({ id: items.id, tap_number: sql<string>`${items.tapNumber}` })
      .from(items)
      .where(eq(items.sectionId, section.id))
      .orderBy(asc(items.position));
  });
}

/**
 * PATCH /items/:id/move: to `position` of a section of the same business (any of its menus), in one
 * transaction. Unset, the top of another section (the spec's example) or no change in its own.
 * Both sections stay at 0..n-1; a position past the end is 422 and nothing changes.
 */
export async function moveItem(db: Db, { businessId, id, sectionId, position }: Scope & { sectionId: number; position?: number }) {
  return retryMoves("item", () =>
    db.transaction(async (tx) => {
      const { item } = await getItem(tx, { businessId, id });
      const { section: target } = await getSection(tx, { businessId, id: sectionId });
      await lockParents(tx, itemList, [item.sectionId, target.id]);
      const from = await lockedPlace(tx, itemList, item.id, item.sectionId);
      await moveToPlace(tx, itemList, item.id, from, { parentId: target.id, position }, "item.position");
      const [moved] = await tx.select().from(items).where(eq(items.id, item.id));
      return itemJson(moved!);
    }),
  );
}

// What a catalogue beer is before a venue sets anything on it.
const venueDefaults: Omit<
  Item,
  keyof CatalogueColumns | "allergens" | "dietary" | "id" | "sectionId" | "position" | "createdAt" | "updatedAt"
> = {
  customName: null,
  customBrewery: null,
  customStyle: null,
  customDescription: null,
  customAbv: null,
  customIbu: null,
  customCalories: null,
  tapNumber: null,
  cask: false,
  nitro: false,
  eightySixedAt: null,
  eightySixedUntil: null,
  eightySixedReason: null,
  translations: {},
  sourceId: null,
};

/** A catalogue beer as an unsaved item: what the search answers. */
function unsavedItem(beer: CatalogueBeer, now: Date) {
  return {
    ...itemJson({
      ...venueDefaults,
      ...fromCatalogue(beer),
      ...catalogueLabels(beer.style),
      id: 0,
      sectionId: 0,
      position: 0,
      createdAt: now,
      updatedAt: now,
    }),
    id: null,
    section_id: null,
    position: null,
    created_at: null,
    updated_at: null,
  };
}

/** GET /items/search: catalogue beers shaped as unsaved items; when none matches, those near the query. */
export async function searchCatalogue({
  businessId,
  query,
  limit,
  catalogue,
}: {
  businessId: number;
  query: string;
  limit: number;
  catalogue: Pick<BeerCatalogue, "searchBeers">;
}) {
  const { beers, near } = await catalogue.searchBeers(query, { limit, businessId });
  const now = new Date();
  return { items: beers.map((beer) => unsavedItem(beer, now)), did_you_mean: near.map((beer) => unsavedItem(beer, now)) };
}
