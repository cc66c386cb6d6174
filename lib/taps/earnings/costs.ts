import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { may, type Role } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/server/errors";
import type { Db } from "@/lib/db/client";
import { containerSizes, containers, kegs } from "@/lib/db/schema";
import type { TapResponse } from "../schemas";
import { containerEconomics } from "./money";

// Who sees what a pour costs (venue-operations §15): owners and managers, by the dashboard's session or
// their read-write token; an integration key only with `insights:read`. Never staff, a read-only token
// or guests (the guests' reads never carry it).

type CostCaller = { user: { role: string }; access: "read" | "write"; key?: { scopes: readonly string[] } };

export function seesCost(caller: CostCaller): boolean {
  if (!may(caller.user.role as Role, "manage")) return false;
  return caller.key ? caller.key.scopes.includes("insights:read") : caller.access === "write";
}

export type TapEconomics = NonNullable<TapResponse["economics"]>;

/** Adds `economics` to taps (for a caller who sees cost): the keg's cost and deposit, and each container of the tap's item. */
export async function withEconomics(db: Db, list: TapResponse[]): Promise<TapResponse[]> {
  const tapIds = list.map((tap) => tap.id);
  const itemIds = list.flatMap((tap) => (tap.item_id ? [tap.item_id] : []));
  if (tapIds.length === 0) return list;
  const [kegRows, containerRows] = await Promise.all([
    db
      .select({ tapId: kegs.tapId, cost: kegs.cost, deposit: kegs.deposit, sizeMl: kegs.sizeMl })
      .from(kegs)
      .where(and(inArray(kegs.tapId, tapIds), isNull(kegs.endedAt))),
    itemIds.length === 0
      ? []
      : db
          .select({
            id: containers.id,
            itemId: containers.itemId,
            name: containers.name,
            size: containerSizes.name,
            ounces: containerSizes.ounces,
            price: containers.price,
          })
          .from(containers)
          .leftJoin(containerSizes, eq(containerSizes.id, containers.containerSizeId))
          .where(inArray(containers.itemId, itemIds))
          .orderBy(asc(containers.position)),
  ]);
  const kegOf = new Map(kegRows.map((row) => [row.tapId, row]));
  return list.map((tap) => {
    const keg = kegOf.get(tap.id);
    const economics: TapEconomics = {
      keg_cost: keg?.cost ?? null,
      keg_deposit: keg?.deposit ?? null,
      containers: containerRows
        .filter((row) => row.itemId === tap.item_id)
        .map((row) => {
          const known = keg?.cost && row.ounces !== null;
          const figures = known
            ? containerEconomics({ kegCost: keg!.cost!, kegSizeMl: keg!.sizeMl, ounces: row.ounces!, price: row.price })
            : null;
          return {
            container_id: row.id,
            name: row.name ?? row.size ?? "",
            price: row.price,
            cost: figures?.cost ?? null,
            margin: figures?.margin ?? null,
            pour_cost_percent: figures?.pour_cost_percent ?? null,
          };
        }),
    };
    return { ...tap, economics };
  });
}

/** A manager's read-only token asking for costs: 403, naming what would do. */
export const costsHidden = () =>
  new ApiError(
    "forbidden_scope",
    "Costs and margins are for owners and managers with their read-write token or the dashboard, and for integration keys with insights:read.",
  );
