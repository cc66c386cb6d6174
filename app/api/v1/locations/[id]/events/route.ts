import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { createEventBody, eventEnvelope, eventsEnvelope } from "@/lib/events/schemas";
import { getLocation } from "@/lib/locations/locations";
import { createEvent } from "@/lib/events/events";
import { conditional } from "@/lib/http/conditional";
import { eventsAnswer } from "@/lib/locations/reads";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/events — the location's events by start time
  GET: endpoint(
    { may: "read", scope: "events", at: "location", params: idParams, response: eventsEnvelope, conditional: true },
    async ({ request, db, caller, params }) =>
      conditional(request, await eventsAnswer(db, { businessId: caller.user.businessId, id: params.id })),
  ),
  // POST /api/v1/locations/:id/events — create an event; times are in the location's zone
  POST: endpoint(
    { may: "edit", scope: "events", at: "location", params: idParams, body: createEventBody, response: { 201: eventEnvelope } },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ event: await createEvent(db, { location, input: body.event }) }, { status: 201 });
    },
  ),
});
