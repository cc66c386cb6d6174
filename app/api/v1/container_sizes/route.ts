import { endpoint, resource } from "@/lib/http/handler";
import { containerSizesEnvelope } from "@/lib/container-sizes/schemas";
import { conditional } from "@/lib/http/conditional";
import { containerSizesAnswer } from "@/lib/menus/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/container_sizes — every container size by position
  GET: endpoint({ may: "read", scope: "menus", response: containerSizesEnvelope, conditional: true }, async ({ request, db }) =>
    conditional(request, await containerSizesAnswer(db)),
  ),
});
