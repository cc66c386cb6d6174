import { z } from "zod";
import { SCOPES } from "@/lib/auth/scopes";
import { envelope, positiveId, recordId, requiredText, timestamp } from "@/lib/shared/schemas";

// Integration keys (venue-operations §12): isomorphic, the Integrations page validates with the same
// schemas; the rules that need the database (the creator's locations) are lib/integrations/keys.ts's.

const scopesInput = z
  .array(z.enum(SCOPES, { error: `must be one of ${SCOPES.join(", ")}` }), { error: "must be a list of scopes" })
  .min(1, "must name at least one scope")
  .transform((scopes) => SCOPES.filter((scope) => scopes.includes(scope)));

/** The key's locations: ids, each once, sorted; null or left out: every location its creator sees. */
const locationIdsInput = z
  .array(positiveId, { error: "must be a list of location ids" })
  .min(1, "must name at least one location (or be null for every location)")
  .max(1000, "names too many locations")
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

export const apiKeyInput = z.object(
  {
    name: requiredText(80),
    scopes: scopesInput,
    location_ids: locationIdsInput.nullable().optional(),
  },
  { error: "must be a JSON object with name, scopes and location_ids" },
);
export type ApiKeyInput = z.infer<typeof apiKeyInput>;

export const apiKeyPatch = z.object(
  {
    name: requiredText(80).optional(),
    scopes: scopesInput.optional(),
    location_ids: locationIdsInput.nullable().optional(),
  },
  { error: "must be a JSON object with name, scopes or location_ids" },
);
export type ApiKeyPatch = z.infer<typeof apiKeyPatch>;

export const createApiKeyBody = z.object({ api_key: apiKeyInput }, { error: "must be a JSON object with an api_key" });
export const updateApiKeyBody = z.object({ api_key: apiKeyPatch }, { error: "must be a JSON object with an api_key" });

export const apiKeyResponse = z.strictObject({
  id: recordId,
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(SCOPES)),
  location_ids: z.array(recordId).nullable(),
  created_by: z.strictObject({ id: recordId, name: z.string() }),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
});
export type ApiKeyResponse = z.infer<typeof apiKeyResponse>;

export const apiKeyEnvelope = envelope("api_key", apiKeyResponse);
/** The create answer: the only time the secret (`tpk_…`) is shown. */
export const createdApiKeyEnvelope = envelope("api_key", apiKeyResponse.extend({ secret: z.string().startsWith("tpk_") }));
export const apiKeysEnvelope = envelope("api_keys", z.array(apiKeyResponse));
