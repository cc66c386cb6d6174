import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { sessionResponse } from "@/lib/auth/schemas/sessions";
import { acceptInvitation } from "@/lib/team/invitations";
import { acceptInvitationBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/invitations/accept — accept an invitation with its link's token: the new member's token pair
  POST: endpoint(
    { auth: false, body: acceptInvitationBody, response: { 201: sessionResponse }, problems: [409, 410] },
    async ({ db, body }) => {
      const { user, tokens } = await acceptInvitation(db, { ...body, via: "token" });
      return json({ user: { email: user.email, auth_token: tokens.token, auth_token_read_only: tokens.readOnlyToken } }, { status: 201 });
    },
  ),
});
