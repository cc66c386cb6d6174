import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customContainerEnvelope, updateCustomContainerBody } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { deleteCustomContainer, readCustomContainer, updateCustomContainer } from "@/lib/custom-menus/containers";

// PUT and PATCH /api/v1/custom_containers/:id — change only the fields passed; position moves it
const update = endpoint(
  {
    may: "edit",
    scope: "menus",
    at: "custom_container",
    params: idParams,
    body: updateCustomContainerBody,
    response: customContainerEnvelope,
  },
  async ({ db, caller, params, body }) =>
    json({
      custom_container: await updateCustomContainer(db, {
        businessId: caller.user.businessId,
        id: params.id,
        fields: body.custom_container,
      }),
    }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "containers/:id",
  resource({
    // GET /api/v1/custom_containers/:id — one custom container
    GET: endpoint(
      { may: "read", scope: "menus", at: "custom_container", params: idParams, response: customContainerEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_container: await readCustomContainer(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
    PUT: update,
    PATCH: update,
    // DELETE /api/v1/custom_containers/:id — delete permanently; answers the deleted container
    DELETE: endpoint(
      { may: "edit", scope: "menus", at: "custom_container", params: idParams, response: customContainerEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_container: await deleteCustomContainer(db, { businessId: caller.user.businessId, id: params.id }) }),
    ),
  }),
);
