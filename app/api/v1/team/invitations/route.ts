import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { createInvitation } from "@/lib/team/invitations";
import { createdInvitationEnvelope, inviteBody } from "@/lib/team/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/team/invitations — invite a person by email: a one-time link valid 7 days, shown once, mailed when mail is on; answered alike whether or not the email has an account elsewhere; INVITATIONS_PER_HOUR and _PER_DAY per business
  POST: endpoint(
    { may: "own", scope: "none", body: inviteBody, response: { 201: createdInvitationEnvelope }, problems: [409, 429] },
    async ({ db, caller, body }) =>
      json(
        { invitation: await createInvitation(db, { businessId: caller.user.businessId, inviter: caller.user, input: body }) },
        { status: 201 },
      ),
  ),
});
