import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { tapEnvelope, updateTapBody } from "@/lib/taps/schemas";
import { deleteTap, readTap, updateTap } from "@/lib/taps/taps";
import { seesCost, withEconomics } from "@/lib/taps/earnings/costs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/taps/:id — one tap with its keg in service
  GET: endpoint({ may: "read", scope: "taps", at: "tap", params: idParams, response: tapEnvelope }, async ({ db, caller, params }) => {
    const tap = await readTap(db, { businessId: caller.user.businessId, id: params.id });
    return json({ tap: seesCost(caller) ? (await withEconomics(db, [tap]))[0] : tap });
  }),
  // PATCH /api/v1/taps/:id — number, name, item, container, the on-deck order
  PATCH: endpoint(
    { may: "edit", scope: "taps", at: "tap", params: idParams, body: updateTapBody, response: tapEnvelope, problems: [409] },
    async ({ db, caller, params, body }) =>
      json({ tap: await updateTap(db, { businessId: caller.user.businessId, id: params.id, input: body.tap }) }),
  ),
  // DELETE /api/v1/taps/:id — remove the tap with its kegs and pours (the items stay on the menus)
  DELETE: endpoint({ may: "edit", scope: "taps", at: "tap", params: idParams, response: tapEnvelope }, async ({ db, caller, params }) =>
    json({ tap: await deleteTap(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
