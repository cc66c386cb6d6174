import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { createTapBody, tapEnvelope, tapsEnvelope } from "@/lib/taps/schemas";
import { createTap, listTaps } from "@/lib/taps/taps";
import { seesCost, withEconomics } from "@/lib/taps/earnings/costs";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/taps — the location's taps by number, each with its keg, forecast, on-deck list, sensor and line; with economics for owners and managers
  GET: endpoint(
    { may: "read", scope: "taps", at: "location", params: idParams, response: tapsEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      const answer = await listTaps(db, { location });
      return json(seesCost(caller) ? { ...answer, taps: await withEconomics(db, answer.taps) } : answer);
    },
  ),
  // POST /api/v1/locations/:id/taps — add a tap (its number unique at the location)
  POST: endpoint(
    { may: "edit", scope: "taps", at: "location", params: idParams, body: createTapBody, response: { 201: tapEnvelope }, problems: [409] },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ tap: await createTap(db, { location, input: body.tap }) }, { status: 201 });
    },
  ),
});
