import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { legacyQuery, updateContainerBody } from "@/lib/schemas/menus";
import { deleteContainer, readContainer, updateContainer } from "@/lib/menus/containers";

// PUT and PATCH /api/v1/containers/:id — size, price, name, calories; position moves it
const update = endpoint({ params: idParams, body: updateContainerBody }, async ({ db, caller, params, body }) =>
  json({ container: await updateContainer(db, { businessId: caller.user.businessId, id: params.id, fields: body.container }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/containers/:id — one container; include_legacy falls back to the custom container
  GET: endpoint({ params: idParams, query: legacyQuery }, async ({ db, caller, params, query }) =>
    json({ container: await readContainer(db, { businessId: caller.user.businessId, id: params.id, includeLegacy: query.include_legacy }) }),
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/containers/:id — delete permanently, answer with the deleted container
  DELETE: endpoint({ params: idParams }, async ({ db, caller, params }) =>
    json({ container: await deleteContainer(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
