import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { pourOnTapById } from "@/lib/taps/pours";
import { pourAnswer, pourBody } from "@/lib/taps/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/taps/:id/pours — one pour {volume, unit, at?, idempotency_key}; the same key again answers the first answer
  POST: endpoint(
    { may: "pour", scope: "taps", at: "tap", params: idParams, body: pourBody, response: { 201: pourAnswer }, problems: [409] },
    async ({ db, caller, params, body }) => {
      const { answer, repeated } = await pourOnTapById(db, { businessId: caller.user.businessId, id: params.id, input: body });
      return json(answer, { status: 201, headers: repeated ? { "idempotent-replayed": "true" } : {} });
    },
  ),
});
