import { asc } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { containerSizes } from "@/lib/db/schema";
import type { ContainerSizeResponse, EmbeddedContainerSizeResponse } from "@/lib/menus/schemas/container-sizes";

export type ContainerSize = typeof containerSizes.$inferSelect;

/** GET /container_sizes: every size by position. */
export async function listContainerSizes(db: Db) {
  return (await db.select().from(containerSizes).orderBy(asc(containerSizes.position))).map((size) => containerSizeJson(size));
}

export function containerSizeJson(size: ContainerSize): ContainerSizeResponse;
export function containerSizeJson(size: ContainerSize, options: { embedded: true }): EmbeddedContainerSizeResponse;
export function containerSizeJson(size: ContainerSize, { embedded = false } = {}): ContainerSizeResponse | EmbeddedContainerSizeResponse {
  return {
    id: size.id,
    name: size.name,
    ounces: size.ounces,
    position: size.position,
    ...(embedded ? { container_size_group_id: size.containerSizeGroupId } : {}),
    created_at: size.createdAt.toISOString(),
    updated_at: size.updatedAt.toISOString(),
  };
}
