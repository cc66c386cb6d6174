import { endpoint } from "@/lib/http/handler";
import { encoded, tagged } from "@/lib/http/conditional";
import { ApiError } from "@/lib/server/errors";
import { viewerBusinessOf } from "@/lib/menus/display";
import { previewMenu } from "@/lib/menus/preview";
import { previewParams, previewQuery, previewResponse } from "@/lib/menus/schemas/preview";
import { requestInstant } from "@/lib/server/test-clock";
import { countMenuView, GUEST_SOURCES } from "@/lib/insights/menu-views";

// GET /preview/menus/:menuId/data — what the board page shows, as JSON: its script fetches it again when
// the stream tells a new version. A guest sees a published menu; a draft needs its business's session
// cookie; anything else is 404. `?at=`: what guests see then. A paired TV's first read (`?opened=1`,
// by no dashboard session) is a menu view ("TV Board"); the reads after a change are not.
export const GET = endpoint(
  { auth: false, params: previewParams, query: previewQuery, response: previewResponse },
  async ({ db, params, query, request }) => {
    const at = query.at ? new Date(query.at) : requestInstant(request.headers);
    const viewerBusinessId = await viewerBusinessOf(db, request);
    const preview = await previewMenu(db, { id: params.menuId, viewerBusinessId, at, lang: query.lang });
    if (!preview) throw new ApiError("not_found", "No such menu, or it is not published.");
    if (query.opened && viewerBusinessId === null && !query.at)
      countMenuView(db, { locationId: preview.menu.location_id, source: GUEST_SOURCES.tv });
    // A draft is for its business's eyes only; a published menu changes at any moment: never stored.
    // Compressed once per body, though: a fleet of boards reads the same bytes after each change.
    return encoded(request, tagged(preview), { "cache-control": "private, no-store" });
  },
);
