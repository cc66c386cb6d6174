import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { tapEnvelope, tapKegBody } from "@/lib/taps/schemas";
import { tapNewKeg } from "@/lib/taps/kegs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/taps/:id/kegs — tap a new keg {size_ml, item_id?}: the keg in service ends, the item is back on if 86'd
  POST: endpoint(
    { may: "pour", scope: "taps", at: "tap", params: idParams, body: tapKegBody, response: { 201: tapEnvelope } },
    async ({ db, caller, params, body }) =>
      json({ tap: await tapNewKeg(db, { businessId: caller.user.businessId, id: params.id, input: body }) }, { status: 201 }),
  ),
});
