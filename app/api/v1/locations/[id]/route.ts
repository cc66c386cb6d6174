import { endpoint, resource } from "@/lib/api/handler";
import { idParams } from "@/lib/schemas/common";
import { locationEnvelope } from "@/lib/schemas/locations";
import { conditional } from "@/lib/read-model/conditional";
import { locationAnswer } from "@/lib/read-model/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id — one location
  GET: endpoint({ params: idParams, response: locationEnvelope, conditional: true }, async ({ request, db, caller, params }) =>
    conditional(request, await locationAnswer(db, { businessId: caller.user.businessId, id: params.id })),
  ),
});
