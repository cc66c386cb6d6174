import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { menuVersionEnvelope, versionParams } from "@/lib/menus/schemas/history";
import { parseVersion, readMenuVersion } from "@/lib/menus/history/versions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/versions/:version — the whole tree as full=true answered it at that version
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: versionParams, response: menuVersionEnvelope, problems: [409, 422] },
    async ({ db, caller, params }) =>
      json({
        menu: await readMenuVersion(db, { businessId: caller.user.businessId, id: params.id, version: parseVersion(params.version) }),
      }),
  ),
});
