import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { createEventBody, eventEnvelope, eventsEnvelope } from "@/lib/schemas/events";
import { getLocation } from "@/lib/locations/locations";
import { createEvent } from "@/lib/events/events";
import { conditional } from "@/lib/read-model/conditional";
import { eventsAnswer } from "@/lib/read-model/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/events — the location's events by start time
  GET: endpoint({ params: idParams, response: eventsEnvelope, conditional: true }, async ({ request, db, caller, params }) =>
    conditional(request, await eventsAnswer(db, { businessId: caller.user.businessId, id: params.id })),
  ),
  // POST /api/v1/locations/:id/events — create an event; times are in the location's zone
  POST: endpoint({ params: idParams, body: createEventBody, response: { 201: eventEnvelope } }, async ({ db, caller, params, body }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ event: await createEvent(db, { location, input: body.event }) }, { status: 201 });
  }),
});
