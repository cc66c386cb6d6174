import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { containerSizesEnvelope } from "@/lib/schemas/container-sizes";
import { listContainerSizes } from "@/lib/container-sizes/container-sizes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/container_sizes — every container size by position
  GET: endpoint({ response: containerSizesEnvelope }, async ({ db }) => json({ container_sizes: await listContainerSizes(db) })),
});
