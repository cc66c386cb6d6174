import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { idParams } from "@/lib/schemas/common";
import { VERSIONS_PAGE, versionsEnvelope, versionsQuery } from "@/lib/schemas/history";
import { listVersions } from "@/lib/history/versions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/versions — the menu's kept versions, newest first; ?before=<version>&limit=N pages back
  GET: endpoint({ params: idParams, query: versionsQuery, response: versionsEnvelope }, async ({ db, caller, params, query }) =>
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
