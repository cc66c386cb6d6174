import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { apiKeyEnvelope, updateApiKeyBody } from "@/lib/integrations/schemas";
import { revokeApiKey, updateApiKey } from "@/lib/integrations/keys";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PATCH /api/v1/api_keys/:id — rename a key or change its scopes or locations (in force at once)
  PATCH: endpoint(
    { may: "manage", scope: "none", params: idParams, body: updateApiKeyBody, response: apiKeyEnvelope },
    async ({ db, caller, params, body }) => json({ api_key: await updateApiKey(db, caller.user, params.id, body.api_key) }),
  ),
  // DELETE /api/v1/api_keys/:id — revoke a key: refused at once on every instance
  DELETE: endpoint({ may: "manage", scope: "none", params: idParams, response: { 204: null } }, async ({ db, caller, params }) => {
    await revokeApiKey(db, caller.user, params.id);
    return new Response(null, { status: 204 });
  }),
});
