import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { createEventBody, eventEnvelope, eventsEnvelope } from "@/lib/schemas/events";
import { getLocation } from "@/lib/locations/locations";
import { createEvent, listEvents } from "@/lib/events/events";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/events — the location's events by start time
  GET: endpoint({ params: idParams, response: eventsEnvelope }, async ({ db, caller, params }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ events: await listEvents(db, { location }) });
  }),
  // POST /api/v1/locations/:id/events — create an event; times are in the location's zone
  POST: endpoint({ params: idParams, body: createEventBody, response: { 201: eventEnvelope } }, async ({ db, caller, params, body }) => {
    const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
    return json({ event: await createEvent(db, { location, input: body.event }) }, { status: 201 });
  }),
});
