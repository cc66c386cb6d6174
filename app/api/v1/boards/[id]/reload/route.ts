import { commandBoard } from "@/lib/boards/fleet";
import { boardEnvelope } from "@/lib/boards/schemas";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/boards/:id/reload — the TV reloads its page
  POST: endpoint(
    { may: "nudgeBoard", scope: "none", at: "board", params: idParams, response: boardEnvelope },
    async ({ db, caller, params }) =>
      json({ board: await commandBoard(db, { businessId: caller.user.businessId, id: params.id, command: "reload" }) }),
  ),
});
