import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { locationEnvelope } from "@/lib/locations/schemas";
import { conditional } from "@/lib/http/conditional";
import { locationAnswer } from "@/lib/locations/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id — one location
  GET: endpoint(
    { may: "read", at: "location", params: idParams, response: locationEnvelope, conditional: true },
    async ({ request, db, caller, params }) =>
      conditional(request, await locationAnswer(db, { businessId: caller.user.businessId, id: params.id })),
  ),
});
