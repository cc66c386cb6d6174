import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { revokeInvitation } from "@/lib/team/invitations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // DELETE /api/v1/team/invitations/:id — revoke an invitation: its link stops working
  DELETE: endpoint(
    { may: "own", scope: "none", params: idParams, response: { 204: null }, problems: [409] },
    async ({ db, caller, params }) => {
      await revokeInvitation(db, { businessId: caller.user.businessId, id: params.id });
      return new Response(null, { status: 204 });
    },
  ),
});
