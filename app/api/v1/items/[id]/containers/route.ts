import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { containerListQuery, createContainerBody } from "@/lib/schemas/menus";
import { createContainer, listContainers } from "@/lib/menus/containers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/items/:id/containers — the item's containers; build=true appends a blank one
  GET: endpoint({ params: idParams, query: containerListQuery }, async ({ db, caller, params, query }) =>
    json({
      containers: await listContainers(db, {
        businessId: caller.user.businessId,
        id: params.id,
        build: query.build,
        includeLegacy: query.include_legacy,
      }),
    }),
  ),
  // POST /api/v1/items/:id/containers — add a container (size and price required) at the end
  POST: endpoint({ params: idParams, body: createContainerBody }, async ({ db, caller, params, body }) =>
    json({ container: await createContainer(db, { businessId: caller.user.businessId, itemId: params.id, fields: body.container }) }, { status: 201 }),
  ),
});
