import { deviceOf, deviceStreamHolds } from "@/lib/boards/device";
import { openDeviceStream } from "@/lib/boards/device-stream";
import { endpoint, resource } from "@/lib/http/handler";
import { changeStreamResponse } from "@/lib/live/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/boards/device/stream — the TV's text/event-stream, with its device cookie: pairing, board,
  // version, reload, identify, unpaired, ping (lib/boards/device-stream.ts); the open stream is its heartbeat
  GET: endpoint({ auth: false, response: changeStreamResponse, problems: [401, 429] }, async ({ db, request }) => {
    const device = await deviceOf(db, request);
    return openDeviceStream({ device, signal: request.signal, head: request.method === "HEAD", holds: deviceStreamHolds(request) });
  }),
});
