import type { User } from "@/lib/db/schema";
import type { CurrentUserResponse } from "@/lib/auth/schemas/users";

export function currentUserJson(user: User): CurrentUserResponse {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    admin: user.admin,
    business_id: user.businessId,
    platform_username: user.platformUsername,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
