import { endpoint } from "@/lib/http/handler";
import { openDisplayStream } from "@/lib/menus/display-stream";
import { viewerOf } from "@/lib/menus/display";
import { concernsCaller, streamHolds } from "@/lib/auth/stream-holds";
import { previewParams } from "@/lib/menus/schemas/preview";

// GET /preview/menus/:menuId/stream — text/event-stream for the menu display: `event: version` with the
// menu's new version whenever it changes, `event: gone` when the viewer may no longer see it
// (lib/menus/display-stream.ts). A board opened on a draft of another business, or on a missing menu,
// waits alike, telling nothing until the menu is published; a malformed id is 404.
// A board opened with a dashboard session (a draft shown to its business) ends when that session does:
// EventSource comes back as a guest. Streams are counted per client address and credential (429 past
// the caps, lib/auth/stream-holds.ts).
export const GET = endpoint({ auth: false, params: previewParams, problems: [429] }, async ({ db, params, request }) => {
  const viewer = await viewerOf(db, request);
  return openDisplayStream({
    menuId: params.menuId,
    viewerBusinessId: viewer?.businessId ?? null,
    signal: request.signal,
    head: request.method === "HEAD",
    holds: streamHolds(request),
    watch: viewer
      ? { concerns: concernsCaller(viewer), stillAllowed: async () => (await viewerOf(db, request))?.id === viewer.id }
      : undefined,
  });
});
