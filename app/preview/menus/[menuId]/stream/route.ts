import { endpoint } from "@/lib/http/handler";
import { openBoardStream } from "@/lib/menus/board-stream";
import { viewerBusinessOf } from "@/lib/menus/board";
import { previewParams } from "@/lib/menus/schemas/preview";

// GET /preview/menus/:menuId/stream — text/event-stream for the public board: `event: version` with the
// menu's new version whenever it changes, `event: gone` when the viewer may no longer see it
// (lib/menus/board-stream.ts). A board opened on a draft of another business, or on a missing menu,
// waits alike, telling nothing until the menu is published; a malformed id is 404.
export const GET = endpoint({ auth: false, params: previewParams }, async ({ db, params, request }) =>
  openBoardStream({
    menuId: params.menuId,
    viewerBusinessId: await viewerBusinessOf(db, request),
    signal: request.signal,
    head: request.method === "HEAD",
  }),
);
