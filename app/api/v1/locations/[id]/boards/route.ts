import { listBoards, readBoard } from "@/lib/boards/fleet";
import { limitPairingGuesses } from "@/lib/boards/device";
import { pairBoard } from "@/lib/boards/records";
import { boardEnvelope, boardsEnvelope, pairBoardBody } from "@/lib/boards/schemas";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/boards — the location's boards, each with its status (online, offline, offline_expected) and versions
  GET: endpoint(
    { may: "read", scope: "menus", at: "location", params: idParams, response: boardsEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await listBoards(db, { location }));
    },
  ),
  // POST /api/v1/locations/:id/boards — pair the screen showing `code` as a board of the location; its TV then shows the menu; codes tried are limited per client address and per business
  POST: endpoint(
    {
      may: "edit",
      scope: "none",
      at: "location",
      params: idParams,
      body: pairBoardBody,
      response: { 201: boardEnvelope },
      problems: [429],
    },
    async ({ db, caller, params, body, request }) => {
      const { businessId } = caller.user;
      const location = await getLocation(db, { businessId, id: params.id });
      await limitPairingGuesses(db, { request, businessId });
      const board = await pairBoard(db, {
        businessId,
        locationId: location.id,
        code: body.code,
        name: body.name,
        menuId: body.menu_id,
        theme: body.theme,
        language: body.language,
      });
      return json({ board: await readBoard(db, { businessId, id: board.id }) }, { status: 201 });
    },
  ),
});
