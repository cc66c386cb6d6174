import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { containerEnvelope, legacyQuery, updateContainerBody } from "@/lib/menus/schemas/menus";
import { containerReadEnvelope } from "@/lib/custom-menus/schemas/include-legacy";
import { deleteContainer, readContainer, updateContainer } from "@/lib/menus/containers";
import { readContainerIncludingLegacy } from "@/lib/custom-menus/include-legacy";

// PUT and PATCH /api/v1/containers/:id — size, price, name, calories; position moves it
const update = endpoint(
  { may: "edit", scope: "menus", at: "container", params: idParams, body: updateContainerBody, response: containerEnvelope },
  async ({ db, caller, params, body }) =>
    json({ container: await updateContainer(db, { businessId: caller.user.businessId, id: params.id, fields: body.container }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/containers/:id — one container; include_legacy falls back to the custom container
  GET: endpoint(
    { may: "read", scope: "menus", at: "container", params: idParams, query: legacyQuery, response: containerReadEnvelope },
    async ({ db, caller, params, query, legacyRecord }) => {
      const scope = { businessId: caller.user.businessId, id: params.id };
      return json(
        query.include_legacy
          ? await readContainerIncludingLegacy(db, { ...scope, legacy: legacyRecord })
          : { container: await readContainer(db, scope) },
      );
    },
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/containers/:id — delete permanently, answer with the deleted container
  DELETE: endpoint(
    { may: "edit", scope: "menus", at: "container", params: idParams, response: containerEnvelope },
    async ({ db, caller, params }) => json({ container: await deleteContainer(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
