import { eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, items, locations, menus, sections } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { menuList } from "@/lib/menus/lists";
import { menuJson } from "@/lib/menus/serialize";
import { lockParent, nextPosition } from "@/lib/menus/positions";
import { typeAsStyle } from "./legacy-json";
import { loadCustomTree } from "./legacy-tree";
import { listCustomMenus, type CustomMenu } from "./records";

const key = (...parts: number[]) => parts.join(":");

/**
 * POST /locations/:id/custom_menus/migrate (contract §4), in one transaction: every custom menu no
 * menu replaces yet becomes a menu (legacy_menu_id = its id) after the location's menus, with an
 * on-deck section and copies of its sections, items (the type becomes the style) and containers
 * (sized when the name matches a container size). Then the location is marked migrated, which
 * refuses further custom-menu writes (409). A second call finds nothing left and answers [].
 *
 * Locking the location FOR UPDATE (the menus' parent) also waits out custom-menu writes in flight,
 * which hold it FOR SHARE (write-guard.ts).
 */
export async function migrateCustomMenus(db: Db, { location }: { location: Location }) {
  return db.transaction(async (tx) => {
    await lockParent(tx, menuList, location.id);
    const pending = await listCustomMenus(tx, { locationId: location.id, unmigrated: true });
    const first = await nextPosition(tx, menuList, location.id);
    const sizes = pending.length > 0 ? await tx.select({ id: containerSizes.id, name: containerSizes.name }).from(containerSizes) : [];
    const sizeByName = new Map(sizes.map((size) => [size.name.trim().toLowerCase(), size.id]));
    const created = [];
    for (const [index, customMenu] of pending.entries()) {
      created.push(await copyMenu(tx, { customMenu, position: first + index, sizeByName }));
    }
    await tx
      .update(locations)
      .set({ customMenusMigratedAt: sql`coalesce(${locations.customMenusMigratedAt}, now())` })
      .where(eq(locations.id, location.id));
    return created.map(menuJson);
  });
}

async function copyMenu(
  tx: Db,
  { customMenu, position, sizeByName }: { customMenu: CustomMenu; position: number; sizeByName: Map<string, number> },
) {
  const tree = await loadCustomTree(tx, customMenu.id);
  const [menu] = await tx
    .insert(menus)
    .values({
      locationId: customMenu.locationId,
      name: customMenu.name,
      description: customMenu.description,
      footer: customMenu.footer,
      unpublished: customMenu.unpublished,
      position,
      legacyMenuId: customMenu.id,
    })
    .returning();
  await tx.insert(sections).values({ menuId: menu!.id, type: "OnDeckSection", position: 0, name: "On Deck", public: false });
  if (tree.length === 0) return menu!;

  // Positions are renumbered from the order read, and each copy is found again by (parent, position).
  const sectionRows = await tx
    .insert(sections)
    .values(
      tree.map(({ section }, index) => ({
        menuId: menu!.id,
        type: "Section" as const,
        position: index,
        name: section.name ?? "",
        description: section.description,
      })),
    )
    .returning({ id: sections.id, position: sections.position });
  const sectionIdAt = new Map(sectionRows.map((row) => [row.position, row.id]));

  const itemValues = tree.flatMap(({ items: sectionItems }, sectionIndex) =>
    sectionItems.map(({ item, type }, index) => ({
      sectionId: sectionIdAt.get(sectionIndex)!,
      position: index,
      untappdId: null,
      originalName: item.name ?? "",
      originalDescription: item.description,
      originalStyle: typeAsStyle(type),
    })),
  );
  if (itemValues.length === 0) return menu!;
  const itemRows = await tx
    .insert(items)
    .values(itemValues)
    .returning({ id: items.id, sectionId: items.sectionId, position: items.position });
  const itemIdAt = new Map(itemRows.map((row) => [key(row.sectionId, row.position), row.id]));

  const containerValues = tree.flatMap(({ items: sectionItems }, sectionIndex) =>
    sectionItems.flatMap(({ containers: itemContainers }, itemIndex) =>
      itemContainers.map((container, index) => ({
        itemId: itemIdAt.get(key(sectionIdAt.get(sectionIndex)!, itemIndex))!,
        containerSizeId: (container.name && sizeByName.get(container.name.trim().toLowerCase())) || null,
        name: container.name,
        price: container.price,
        position: index,
      })),
    ),
  );
  if (containerValues.length > 0) await tx.insert(containers).values(containerValues);
  return menu!;
}
