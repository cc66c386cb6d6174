import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { sourceLocationsBody, sourceLocationsEnvelope } from "@/lib/imports/schemas";
import { listSourceLocations } from "@/lib/imports/imports";
import { getLocation } from "@/lib/locations/locations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/locations/:id/imports/source_locations — the locations the source's credentials can read, to pick one to import (a POST: the token is in the body, never in a URL)
  POST: endpoint(
    {
      may: "edit",
      scope: "none",
      at: "location",
      params: idParams,
      body: sourceLocationsBody,
      response: sourceLocationsEnvelope,
      problems: [502],
    },
    async ({ db, caller, params, body }) => {
      await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      const locations = await listSourceLocations({ baseUrl: body.base_url, email: body.email, token: body.token });
      return json({ locations });
    },
  ),
});
