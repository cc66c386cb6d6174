import { endpoint } from "@/lib/http/handler";
import { ApiError } from "@/lib/server/errors";
import { openBoardStream } from "@/lib/menus/board-stream";
import { viewerBusinessOf } from "@/lib/menus/board";
import { previewParams } from "@/lib/menus/schemas/preview";

// GET /preview/menus/:menuId/stream — text/event-stream for the public board: `event: version` with the
// menu's new version whenever it changes (lib/menus/board-stream.ts). Same access as the board: 404 for
// a draft of another business, a missing menu or a malformed id.
export const GET = endpoint({ auth: false, params: previewParams }, async ({ db, params, request }) => {
  const stream = await openBoardStream({
    menuId: params.menuId,
    viewerBusinessId: await viewerBusinessOf(db, request),
    signal: request.signal,
  });
  if (!stream) throw new ApiError("not_found", "No such menu, or it is not published.");
  return stream;
});
