import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { may, refusedRole, type Role } from "@/lib/auth/permissions";
import { ApiError } from "@/lib/server/errors";
import { createLocationBody, locationEnvelope, locationsEnvelope, locationsQuery } from "@/lib/locations/schemas";
import { listLocations } from "@/lib/locations/locations";
import { createLocation, listArchivedLocations } from "@/lib/locations/writes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations — the caller's business's locations; ?archived=true (owners): the archived ones, to restore
  GET: endpoint(
    { may: "read", scope: "any", query: locationsQuery, response: locationsEnvelope, problems: [403] },
    async ({ db, caller, query }) => {
      if (!query.archived) return json({ locations: await listLocations(db, caller.user) });
      // Restoring is the owner's (venue-operations §2): so is the list it starts from.
      const role = caller.user.role as Role;
      if (!may(role, "own")) {
        throw new ApiError("forbidden_role", refusedRole(role, "own"));
      }
      return json({ locations: await listArchivedLocations(db, { businessId: caller.user.businessId }) });
    },
  ),
  // POST /api/v1/locations — create a location (owners), with its week of hours, every day closed until set
  POST: endpoint(
    { may: "own", scope: "none", body: createLocationBody, response: { 201: locationEnvelope } },
    async ({ db, caller, body }) =>
      json({ location: await createLocation(db, { businessId: caller.user.businessId, input: body.location }) }, { status: 201 }),
  ),
});
