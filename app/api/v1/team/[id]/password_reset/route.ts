import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createMemberResetLink } from "@/lib/auth/password-resets";
import { memberPasswordResetResponse } from "@/lib/auth/schemas/password-resets";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/team/:id/password_reset — a one-time password reset link (1 hour) for a member, to hand over
  // The id names a user of the caller's business, not a location's record (no `at:`): another
  // business's user, or no user, is 404 from the data function.
  POST: endpoint(
    { may: "own", scope: "none", params: idParams, response: { 201: memberPasswordResetResponse } },
    async ({ db, caller, params }) =>
      json(await createMemberResetLink(db, { businessId: caller.user.businessId, memberId: params.id }), { status: 201 }),
  ),
});
