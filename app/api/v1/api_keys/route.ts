import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { apiKeysEnvelope, createApiKeyBody, createdApiKeyEnvelope } from "@/lib/integrations/schemas";
import { createApiKey, listApiKeys } from "@/lib/integrations/keys";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/api_keys — the integration keys the caller manages (an owner: all; a manager: those within their locations)
  GET: endpoint({ may: "manage", scope: "none", response: apiKeysEnvelope }, async ({ db, caller }) =>
    json({ api_keys: await listApiKeys(db, caller.user) }),
  ),
  // POST /api/v1/api_keys — a named, scoped key; the answer alone carries its secret (tpk_…)
  POST: endpoint(
    { may: "manage", scope: "none", body: createApiKeyBody, response: { 201: createdApiKeyEnvelope } },
    async ({ db, caller, body }) => json({ api_key: await createApiKey(db, caller.user, body.api_key) }, { status: 201 }),
  ),
});
