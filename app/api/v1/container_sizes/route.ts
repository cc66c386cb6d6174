import { endpoint, resource } from "@/lib/api/handler";
import { containerSizesEnvelope } from "@/lib/schemas/container-sizes";
import { conditional } from "@/lib/read-model/conditional";
import { containerSizesAnswer } from "@/lib/read-model/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/container_sizes — every container size by position
  GET: endpoint({ response: containerSizesEnvelope, conditional: true }, async ({ request, db }) =>
    conditional(request, await containerSizesAnswer(db)),
  ),
});
