import { deviceOf } from "@/lib/boards/device";
import { boardCookie, readBoardCookie } from "@/lib/boards/cookie";
import { recordShown } from "@/lib/boards/records";
import { shownBody } from "@/lib/boards/schemas";
import { endpoint, resource } from "@/lib/http/handler";
import { ApiError } from "@/lib/server/errors";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/boards/device/shown — {version}: the menu version the TV has drawn (and a heartbeat);
  // with the device cookie, which it sets again (a TV in use keeps it); 409 for a device not paired
  POST: endpoint(
    { auth: false, admit: ({ db, request }) => deviceOf(db, request), body: shownBody, response: { 204: null }, problems: [401, 409] },
    async ({ db, request, admitted: device, body }) => {
      const board = await recordShown(db, { deviceId: device.id, version: body.version });
      if (!board) throw new ApiError("conflict", "This screen is not paired: it shows a pairing code.");
      return new Response(null, { status: 204, headers: { "set-cookie": boardCookie(request, readBoardCookie(request) as string) } });
    },
  ),
});
