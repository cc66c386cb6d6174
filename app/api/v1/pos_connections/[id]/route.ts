import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { connectionJson, deleteConnection, getConnection, updateConnection } from "@/lib/pos/connections";
import { posConnectionEnvelope, updatePosConnectionBody } from "@/lib/pos/schemas";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/pos_connections/:id — one POS connection, its status and last error
  GET: endpoint(
    { may: "manage", scope: "none", at: "pos_connection", params: idParams, response: posConnectionEnvelope },
    async ({ db, caller, params }) =>
      json({ pos_connection: connectionJson((await getConnection(db, { businessId: caller.user.businessId, id: params.id })).connection) }),
  ),
  // PATCH /api/v1/pos_connections/:id — change the direction or the POS location (its currency checked)
  PATCH: endpoint(
    {
      may: "edit",
      scope: "none",
      at: "pos_connection",
      params: idParams,
      body: updatePosConnectionBody,
      response: posConnectionEnvelope,
      problems: [502],
    },
    async ({ db, caller, params, body }) =>
      json({ pos_connection: await updateConnection(db, { businessId: caller.user.businessId, id: params.id }, body) }),
  ),
  // DELETE /api/v1/pos_connections/:id — disconnect: all traffic stops, Taproom's menus stay as they are
  DELETE: endpoint(
    { may: "edit", scope: "none", at: "pos_connection", params: idParams, response: { 204: null } },
    async ({ db, caller, params }) => {
      await deleteConnection(db, { businessId: caller.user.businessId, id: params.id });
      return new Response(null, { status: 204 });
    },
  ),
});
