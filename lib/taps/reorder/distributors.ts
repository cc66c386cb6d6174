import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { distributors, locations } from "@/lib/db/schema";
import { ApiError, invalid } from "@/lib/server/errors";
import { found, type Scope } from "@/lib/server/scope";
import { type DistributorInput, type DistributorPatch, type DistributorResponse, MAX_DISTRIBUTORS } from "./schemas";

// A location's distributors (venue-operations §15, decision 096): who a beer is ordered from and how many
// calendar days a delivery takes. Every read and write names the business in its WHERE.

type Distributor = typeof distributors.$inferSelect;
type Location = typeof locations.$inferSelect;

export function distributorJson(row: Distributor): DistributorResponse {
  return {
    id: row.id,
    location_id: row.locationId,
    name: row.name,
    lead_time_days: row.leadTimeDays,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const nameTaken = (name: string) => new ApiError("conflict", `This location already has a distributor named "${name}".`);

/** The distributor where the caller's business owns its location (null: not theirs, or none). */
export async function findDistributor(db: Db, { businessId, id }: Scope): Promise<Distributor | null> {
  const [row] = await db
    .select({ distributor: distributors })
    .from(distributors)
    .innerJoin(locations, eq(locations.id, distributors.locationId))
    .where(and(eq(distributors.id, id), eq(locations.businessId, businessId), isNull(locations.archivedAt)))
    .limit(1);
  return row?.distributor ?? null;
}

export const getDistributor = async (db: Db, scope: Scope) => found(await findDistributor(db, scope), "distributor");

/** The location's distributors, by name. */
export async function listDistributors(db: Db, locationId: number): Promise<Distributor[]> {
  return db
    .select()
    .from(distributors)
    .where(eq(distributors.locationId, locationId))
    .orderBy(asc(sql`lower(${distributors.name})`), asc(distributors.id));
}

export async function createDistributor(db: Db, { location, input }: { location: Location; input: DistributorInput }) {
  const [{ n }] = (await db.select({ n: count() }).from(distributors).where(eq(distributors.locationId, location.id))) as [{ n: number }];
  if (n >= MAX_DISTRIBUTORS) throw invalid([{ path: "distributor", message: `a location keeps at most ${MAX_DISTRIBUTORS} distributors` }]);
  try {
    const [row] = await db
      .insert(distributors)
      .values({
        locationId: location.id,
        name: input.name,
        leadTimeDays: input.lead_time_days,
        email: input.email ?? null,
        phone: input.phone ?? null,
        notes: input.notes ?? null,
      })
      .returning();
    return distributorJson(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(input.name);
    throw error;
  }
}

export async function updateDistributor(db: Db, { businessId, id, input }: Scope & { input: DistributorPatch }) {
  const distributor = await getDistributor(db, { businessId, id });
  try {
    const [row] = await db
      .update(distributors)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.lead_time_days !== undefined && { leadTimeDays: input.lead_time_days }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.phone !== undefined && { phone: input.phone }),
        ...(input.notes !== undefined && { notes: input.notes }),
        updatedAt: new Date(),
      })
      .where(eq(distributors.id, distributor.id))
      .returning();
    return distributorJson(found(row, "distributor"));
  } catch (error) {
    if (isUniqueViolation(error) && input.name !== undefined) throw nameTaken(input.name);
    throw error;
  }
}

/** Removes the distributor; its beers keep their par levels, with no distributor. */
export async function deleteDistributor(db: Db, scope: Scope) {
  const distributor = await getDistributor(db, scope);
  const [row] = await db.delete(distributors).where(eq(distributors.id, distributor.id)).returning();
  return distributorJson(found(row, "distributor"));
}
