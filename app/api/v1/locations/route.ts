import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { locationsEnvelope } from "@/lib/locations/schemas";
import { listLocations } from "@/lib/locations/locations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations — the caller's business's locations
  GET: endpoint({ may: "read", response: locationsEnvelope }, async ({ db, caller }) =>
    json({ locations: await listLocations(db, caller.user) }),
  ),
});
