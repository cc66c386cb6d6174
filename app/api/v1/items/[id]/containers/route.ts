import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { containerEnvelope, containerListQuery, createContainerBody } from "@/lib/menus/schemas/menus";
import { containerListEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { createContainer, listContainers } from "@/lib/menus/containers";
import { listContainersIncludingLegacy } from "@/lib/custom-menus/include-legacy";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/items/:id/containers — the item's containers; build=true appends a blank one; include_legacy
  GET: endpoint(
    { may: "read", scope: "menus", at: "item", params: idParams, query: containerListQuery, response: containerListEnvelope },
    async ({ db, caller, params, query, legacyRecord }) => {
      const scope = { businessId: caller.user.businessId, id: params.id, build: query.build };
      return json({
        containers: query.include_legacy
          ? await listContainersIncludingLegacy(db, { ...scope, legacy: legacyRecord })
          : await listContainers(db, scope),
      });
    },
  ),
  // POST /api/v1/items/:id/containers — add a container (size and price required) at the end
  POST: endpoint(
    { may: "edit", scope: "menus", at: "item", params: idParams, body: createContainerBody, response: { 201: containerEnvelope } },
    async ({ db, caller, params, body }) =>
      json(
        { container: await createContainer(db, { businessId: caller.user.businessId, itemId: params.id, fields: body.container }) },
        { status: 201 },
      ),
  ),
});
