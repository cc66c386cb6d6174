import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { memberEnvelope, updateMemberBody } from "@/lib/team/schemas";
import { removeMember, updateMember } from "@/lib/team/team";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/team/:id — change a member's role or locations; the business's last owner stays an owner
  PATCH: endpoint(
    { may: "own", scope: "none", params: idParams, body: updateMemberBody, response: memberEnvelope, problems: [409] },
    async ({ db, caller, params, body }) =>
      json({ member: await updateMember(db, { businessId: caller.user.businessId, id: params.id, change: body }) }),
  ),
  // DELETE /api/v1/team/:id — remove a member: their account, tokens and sessions end at once; not the last owner
  DELETE: endpoint(
    { may: "own", scope: "none", params: idParams, response: { 204: null }, problems: [409] },
    async ({ db, caller, params }) => {
      await removeMember(db, { businessId: caller.user.businessId, id: params.id });
      return new Response(null, { status: 204 });
    },
  ),
});
