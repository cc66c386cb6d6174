import { commandBoard } from "@/lib/boards/fleet";
import { boardEnvelope } from "@/lib/boards/schemas";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/boards/:id/identify — the TV shows its name large for a few seconds, to tell which screen it is
  POST: endpoint(
    { may: "nudgeBoard", scope: "none", at: "board", params: idParams, response: boardEnvelope },
    async ({ db, caller, params }) =>
      json({ board: await commandBoard(db, { businessId: caller.user.businessId, id: params.id, command: "identify" }) }),
  ),
});
