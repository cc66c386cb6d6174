import { asc, inArray, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes } from "@/lib/db/schema";
import type { ContainerSizeResponse, EmbeddedContainerSizeResponse } from "@/lib/container-sizes/schemas";
import { defaultSizesFor, ouncesOf, type SizeSeed } from "@/lib/shared/size-defaults";

export type ContainerSize = typeof containerSizes.$inferSelect;

/** GET /container_sizes: every size by position. */
export async function listContainerSizes(db: Db) {
  return (await db.select().from(containerSizes).orderBy(asc(containerSizes.position))).map((size) => containerSizeJson(size));
}

/**
 * Puts the sizes the list lacks (by name) at its end, in the order given; a size it holds stays as it
 * is. One writer at a time (the table locked to the transaction's end, only when a size is missing), so
 * two locations created at once never take the same position. Answers how many were added.
 */
export async function ensureSizes(db: Db, seeds: SizeSeed[], now = new Date()): Promise<number> {
  const names = seeds.map((seed) => seed.name);
  const lacking = async () => {
    const held = new Set(
      (await db.select({ name: containerSizes.name }).from(containerSizes).where(inArray(containerSizes.name, names))).map(
        (row) => row.name,
      ),
    );
    return seeds.filter((seed, index) => !held.has(seed.name) && names.indexOf(seed.name) === index);
  };
  // Most calls find every size there and take no lock; the others look again under it.
  if (seeds.length === 0 || (await lacking()).length === 0) return 0;
  await db.execute(sql`lock table ${containerSizes} in share row exclusive mode`);
  const missing = await lacking();
  if (missing.length === 0) return 0;
  const [{ next }] = (await db
    .select({ next: sql<number>`coalesce(max(${containerSizes.position}) + 1, 0)::int` })
    .from(containerSizes)) as [{ next: number }];
  await db.insert(containerSizes).values(
    missing.map((seed, index) => ({
      name: seed.name,
      ounces: ouncesOf(seed.volume, seed.unit),
      unit: seed.unit,
      volume: seed.volume,
      position: next + index,
      containerSizeGroupId: seed.group,
      createdAt: now,
      updatedAt: now,
    })),
  );
  return missing.length;
}

/** A location named its country: the list holds that country's sizes from now on (decision 088). */
export function ensureCountrySizes(db: Db, country: string | null | undefined): Promise<number> {
  return ensureSizes(db, defaultSizesFor(country));
}

export function containerSizeJson(size: ContainerSize): ContainerSizeResponse;
export function containerSizeJson(size: ContainerSize, options: { embedded: true }): EmbeddedContainerSizeResponse;
export function containerSizeJson(size: ContainerSize, { embedded = false } = {}): ContainerSizeResponse | EmbeddedContainerSizeResponse {
  return {
    id: size.id,
    name: size.name,
    ounces: size.ounces,
    unit: size.unit,
    volume: size.volume,
    position: size.position,
    ...(embedded ? { container_size_group_id: size.containerSizeGroupId } : {}),
    created_at: size.createdAt.toISOString(),
    updated_at: size.updatedAt.toISOString(),
  };
}
