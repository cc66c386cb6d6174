import { asc } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { customItemTypes } from "@/lib/db/schema";
import { invalid, type FieldError } from "@/lib/server/errors";
import type { CustomItemType } from "./records";
import { customItemTypeJson } from "./serialize";

/** The global list of item types (wine, cocktail, food…), in position order. */
const itemTypeRows = (db: Db) => db.select().from(customItemTypes).orderBy(asc(customItemTypes.position));

/** GET /custom_item_types. */
export async function listCustomItemTypes(db: Db) {
  return (await itemTypeRows(db)).map(customItemTypeJson);
}

/**
 * The type an item body names by `custom_item_type_id`, `type` (a name) or both, which must agree.
 * Undefined when the body names neither. Unknown ids and names are 422: the list may grow, so names
 * are checked against the table rather than a fixed enum.
 */
export async function resolveCustomItemType(db: Db, { id, name }: { id?: number; name?: string }): Promise<CustomItemType | undefined> {
  if (id === undefined && name === undefined) return undefined;
  const types = await itemTypeRows(db);
  const byId = id === undefined ? undefined : types.find((type) => type.id === id);
  const byName = name === undefined ? undefined : types.find((type) => type.name === name);
  const errors: FieldError[] = [];
  if (id !== undefined && !byId) errors.push({ path: "custom_item.custom_item_type_id", message: `is not a custom item type: ${id}` });
  if (name !== undefined && !byName) {
    errors.push({ path: "custom_item.type", message: `must be one of ${types.map((type) => type.name).join(", ")}` });
  }
  if (byId && byName && byId.id !== byName.id) {
    errors.push({ path: "custom_item.type", message: `is ${byName.name}, but custom_item_type_id ${byId.id} is ${byId.name}` });
  }
  if (errors.length > 0) throw invalid(errors);
  return byId ?? byName;
}
