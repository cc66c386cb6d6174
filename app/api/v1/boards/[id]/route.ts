import { readBoard, unpairBoard, updateBoard } from "@/lib/boards/fleet";
import { boardEnvelope, updateBoardBody } from "@/lib/boards/schemas";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/boards/:id — one board with its status
  GET: endpoint({ may: "read", scope: "none", at: "board", params: idParams, response: boardEnvelope }, async ({ db, caller, params }) =>
    json({ board: await readBoard(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
  // PATCH /api/v1/boards/:id — its name, menu or theme; the TV follows within 2 s
  PATCH: endpoint(
    { may: "edit", scope: "none", at: "board", params: idParams, body: updateBoardBody, response: boardEnvelope },
    async ({ db, caller, params, body }) =>
      json({ board: await updateBoard(db, { businessId: caller.user.businessId, id: params.id, input: body }) }),
  ),
  // DELETE /api/v1/boards/:id — unpair it: the TV shows a new code
  DELETE: endpoint({ may: "edit", scope: "none", at: "board", params: idParams, response: boardEnvelope }, async ({ db, caller, params }) =>
    json({ board: await unpairBoard(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
