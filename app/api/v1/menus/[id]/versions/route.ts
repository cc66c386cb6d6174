import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { VERSIONS_PAGE, versionsEnvelope, versionsQuery } from "@/lib/menus/schemas/history";
import { listVersions } from "@/lib/menus/history/versions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/versions — the menu's kept versions, newest first; ?before=<version>&limit=N pages back
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: idParams, query: versionsQuery, response: versionsEnvelope },
    async ({ db, caller, params, query }) =>
      json({
        versions: await listVersions(db, {
          businessId: caller.user.businessId,
          id: params.id,
          before: query.before,
          limit: query.limit ?? VERSIONS_PAGE.default,
        }),
      }),
  ),
});
