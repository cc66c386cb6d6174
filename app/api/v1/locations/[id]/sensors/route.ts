import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { pairedAnswer, pairSensorBody, sensorsEnvelope } from "@/lib/taps/sensors/schemas";
import { listSensors, pairSensor } from "@/lib/taps/sensors/sensors";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/sensors — the keg sensors paired to the location's taps, each MQTT one with its topic and messages
  GET: endpoint(
    { may: "read", scope: "taps", at: "location", params: idParams, response: sensorsEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await listSensors(db, { location }));
    },
  ),
  // POST /api/v1/locations/:id/sensors — pair a sensor {tap_id, kind: mqtt|kegtron, device_id}; MQTT answers {topic, pour_example, temperature_example}
  POST: endpoint(
    {
      may: "edit",
      scope: "taps",
      at: "location",
      params: idParams,
      body: pairSensorBody,
      response: { 201: pairedAnswer },
      problems: [409],
    },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json(await pairSensor(db, { location, input: body }), { status: 201 });
    },
  ),
});
