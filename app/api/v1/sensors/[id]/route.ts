import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { sensorEnvelope } from "@/lib/taps/sensors/schemas";
import { unpairSensor } from "@/lib/taps/sensors/sensors";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // DELETE /api/v1/sensors/:id — unpair a keg sensor (what it counted stays counted)
  DELETE: endpoint(
    { may: "edit", scope: "taps", at: "sensor", params: idParams, response: sensorEnvelope },
    async ({ db, caller, params }) => json({ sensor: await unpairSensor(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
