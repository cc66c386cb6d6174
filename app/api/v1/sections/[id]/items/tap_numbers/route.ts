import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { tapNumbersBody, tapNumbersResponse } from "@/lib/menus/schemas/positions";
import { renumberTaps } from "@/lib/menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/sections/:id/items/tap_numbers — number the section's taps in their order, from 1 (or from `from`), in one batch
  POST: endpoint(
    { may: "edit", scope: "menus", at: "section", params: idParams, body: tapNumbersBody, response: tapNumbersResponse },
    async ({ db, caller, params, body }) =>
      json({ items: await renumberTaps(db, { businessId: caller.user.businessId, sectionId: params.id, from: body.from }) }),
  ),
});
