import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { teamResponse } from "@/lib/team/schemas";
import { listTeam } from "@/lib/team/team";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/team — the business's members and pending invitations (a manager sees the owners and those sharing a location)
  GET: endpoint({ may: "manage", scope: "none", response: teamResponse }, async ({ db, caller }) =>
    json(await listTeam(db, { businessId: caller.user.businessId, locationIds: caller.user.locationIds })),
  ),
});
