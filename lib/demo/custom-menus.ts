import { count, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customContainers, customItems, customItemTypes, customMenus, customSections } from "@/lib/db/schema";

type ItemSeed = { type: "wine" | "cocktail" | "food"; name: string; description: string; containers: [name: string, price: string][] };

// Container names that match a container size ("Glass of Wine", "Bottle of Wine") keep their size
// when the menu is migrated; the others ("Plate", "Cocktail") become unsized containers.
const SECTIONS: { name: string; description: string | null; items: ItemSeed[] }[] = [
  {
    name: "Wines by the glass",
    description: "Poured from the bottle, 175 ml.",
    items: [
      {
        type: "wine",
        name: "Grüner Veltliner, Weingut Berger",
        description: "Kremstal, Austria. White pepper and green apple.",
        containers: [
          ["Glass of Wine", "9.00"],
          ["Bottle of Wine", "38.00"],
        ],
      },
      {
        type: "wine",
        name: "Côtes du Rhône, Domaine de la Janasse",
        description: "Grenache and Syrah; dark cherry, soft tannins.",
        containers: [
          ["Glass of Wine", "11.50"],
          ["Bottle of Wine", "46.00"],
        ],
      },
      { type: "cocktail", name: "Beer Spritz", description: "Saison, Aperol and soda.", containers: [["Cocktail", "12.00"]] },
    ],
  },
  {
    name: "Bar snacks",
    description: null,
    items: [
      { type: "food", name: "Soft pretzel", description: "With beer cheese and grain mustard.", containers: [["Plate", "7.50"]] },
      {
        type: "food",
        name: "Fries",
        description: "Rosemary salt.",
        containers: [
          ["Small", "5.00"],
          ["Large", "8.00"],
        ],
      },
    ],
  },
];

/**
 * One unpublished custom menu for `location`, with two sections of wine, cocktail and food items,
 * each with priced containers. Does nothing when the location already has a custom menu; returns the
 * menu it created, or null.
 */
export async function seedCustomMenu(db: Db, location: { id: number }): Promise<typeof customMenus.$inferSelect | null> {
  const [existing] = (await db.select({ n: count() }).from(customMenus).where(eq(customMenus.locationId, location.id))) as [{ n: number }];
  if (existing.n > 0) return null;
  const types = new Map((await db.select().from(customItemTypes)).map((type) => [type.name, type.id]));
  const [menu] = await db
    .insert(customMenus)
    .values({
      locationId: location.id,
      name: "Wine & Small Plates",
      description: "Everything that isn't beer.",
      footer: "Ask us about allergens.",
      position: 0,
    })
    .returning();
  for (const [sectionIndex, seed] of SECTIONS.entries()) {
    const [section] = await db
      .insert(customSections)
      .values({ customMenuId: menu!.id, position: sectionIndex, name: seed.name, description: seed.description })
      .returning();
    for (const [itemIndex, itemSeed] of seed.items.entries()) {
      const [item] = await db
        .insert(customItems)
        .values({
          customSectionId: section!.id,
          position: itemIndex,
          name: itemSeed.name,
          description: itemSeed.description,
          customItemTypeId: types.get(itemSeed.type)!,
        })
        .returning();
      await db
        .insert(customContainers)
        .values(itemSeed.containers.map(([name, price], position) => ({ customItemId: item!.id, name, price, position })));
    }
  }
  return menu!;
}
