import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { eventEnvelope, updateEventBody } from "@/lib/events/schemas";
import { deleteEvent, readEvent, updateEvent } from "@/lib/events/events";

// PUT and PATCH /api/v1/events/:id — change only the fields passed
const update = endpoint(
  { may: "edit", scope: "events", at: "event", params: idParams, body: updateEventBody, response: eventEnvelope },
  async ({ db, caller, params, body }) =>
    json({ event: await updateEvent(db, { businessId: caller.user.businessId, id: params.id, patch: body.event }) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/events/:id — one event
  GET: endpoint({ may: "read", scope: "events", at: "event", params: idParams, response: eventEnvelope }, async ({ db, caller, params }) =>
    json({ event: await readEvent(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
  PUT: update,
  PATCH: update,
  // DELETE /api/v1/events/:id — delete permanently, answer with the deleted event
  DELETE: endpoint(
    { may: "edit", scope: "events", at: "event", params: idParams, response: eventEnvelope },
    async ({ db, caller, params }) => json({ event: await deleteEvent(db, { businessId: caller.user.businessId, id: params.id }) }),
  ),
});
