import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { syncEnvelope, syncQuery } from "@/lib/pos/schemas";
import { syncConnection } from "@/lib/pos/webhook";
import { idParams } from "@/lib/shared/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/pos_connections/:id/sync — reconcile now with the POS's whole catalogue; ?dry_run=true reports only
  POST: endpoint(
    { may: "edit", scope: "none", at: "pos_connection", params: idParams, query: syncQuery, response: syncEnvelope },
    async ({ db, caller, params, query }) =>
      json({ sync: await syncConnection(db, { businessId: caller.user.businessId, id: params.id }, { dryRun: query.dry_run === "true" }) }),
  ),
});
