import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { businesses, type User } from "@/lib/db/schema";
import type { CurrentUserResponse } from "@/lib/auth/schemas/users";
import { readCache, readCacheNow } from "@/lib/live/read-cache";
import type { Role } from "./permissions";

/** GET /current_user (and the dashboard's session routes): the user, their role and scope, their business. */
export async function readCurrentUser(db: Db, user: User): Promise<CurrentUserResponse> {
  // The business's name is kept (the read cache) until its row changes anywhere: integrations poll this.
  const kept = (readCacheNow() ?? (await readCache())).remember(`business-name:${user.businessId}`, async () => {
    const [row] = await db.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, user.businessId));
    return { value: row ?? null, bytes: 200, tags: [`business:${user.businessId}`] };
  });
  // Kept, it is read without a promise (issue 55).
  const business = kept instanceof Promise ? await kept : kept;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    location_ids: user.locationIds,
    admin: user.admin,
    business_id: user.businessId,
    business: { id: user.businessId, name: business?.name ?? "" },
    platform_username: user.platformUsername,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
