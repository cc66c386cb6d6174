import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { importBody, importEnvelope, importListEnvelope, planEnvelope } from "@/lib/imports/schemas";
import { listImports, runImport } from "@/lib/imports/imports";
import { getLocation } from "@/lib/locations/locations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/imports — the location's imports, newest first, with a running one's progress
  GET: endpoint(
    { may: "manage", scope: "none", at: "location", params: idParams, response: importListEnvelope },
    async ({ db, caller, params }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      return json({ imports: await listImports(db, { location }) });
    },
  ),
  // POST /api/v1/locations/:id/imports — read a location of the service we replace and bring this one in line with it (dry_run: the plan only); 502 when the source fails, writing nothing
  POST: endpoint(
    {
      may: "edit",
      scope: "none",
      at: "location",
      params: idParams,
      body: importBody,
      response: { 200: planEnvelope, 201: importEnvelope },
      problems: [429, 502],
    },
    async ({ db, caller, params, body }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      const request = {
        source: body.source,
        baseUrl: body.base_url,
        email: body.email,
        token: body.token,
        sourceLocationId: body.source_location_id,
        dryRun: body.dry_run,
      };
      const { record, plan } = await runImport(db, { location, request });
      if (body.dry_run) return json({ plan });
      return json({ import: { ...record, ...plan } }, { status: 201 });
    },
  ),
});
