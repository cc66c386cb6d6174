import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import {
  createCustomContainerBody,
  customContainerEnvelope,
  customContainerListQuery,
  customContainersEnvelope,
} from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { createCustomContainer, listItemCustomContainers } from "@/lib/custom-menus/containers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "items/:id/containers",
  resource({
    // GET /api/v1/custom_items/:id/custom_containers — the item's containers; build=true adds a blank one
    GET: endpoint(
      {
        may: "read",
        scope: "menus",
        at: "custom_item",
        params: idParams,
        query: customContainerListQuery,
        response: customContainersEnvelope,
      },
      async ({ db, caller, params, query }) =>
        json({
          custom_containers: await listItemCustomContainers(db, {
            businessId: caller.user.businessId,
            customItemId: params.id,
            build: query.build,
          }),
        }),
    ),
    // POST /api/v1/custom_items/:id/custom_containers — add a priced container at the end
    POST: endpoint(
      {
        may: "edit",
        scope: "menus",
        at: "custom_item",
        params: idParams,
        body: createCustomContainerBody,
        response: { 201: customContainerEnvelope },
      },
      async ({ db, caller, params, body }) => {
        const container = await createCustomContainer(db, {
          businessId: caller.user.businessId,
          customItemId: params.id,
          fields: body.custom_container,
        });
        return json({ custom_container: container }, { status: 201 });
      },
    ),
  }),
);
