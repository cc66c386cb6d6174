import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { bulkHappyHoursBody, bulkHappyHoursEnvelope } from "@/lib/schedules/schemas";
import { setHappyHours } from "@/lib/menus/happy-hours";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PUT /api/v1/menus/:id/happy_hours — the same happy hours on every price in the menu (a percent or
  // an amount off each, or one price); null removes them
  PUT: endpoint(
    { may: "edit", scope: "menus", at: "menu", params: idParams, body: bulkHappyHoursBody, response: bulkHappyHoursEnvelope },
    async ({ db, caller, params, body }) =>
      json({
        happy_hours: await setHappyHours(db, {
          businessId: caller.user.businessId,
          target: { kind: "menu", id: params.id },
          happyHours: body.happy_hours,
        }),
      }),
  ),
});
