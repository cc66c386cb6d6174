import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { createSessionBody, resetTokensResponse, sessionResponse } from "@/lib/auth/schemas/sessions";
import { loginClient } from "@/lib/auth/login-limits";
import { createSession, resetTokens } from "@/lib/auth/sessions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/sessions — log in with email and password, get the token pair
  POST: endpoint({ auth: false, body: createSessionBody, response: sessionResponse, problems: [401, 429] }, async ({ db, body, request }) =>
    json({ user: await createSession(db, { ...body, client: loginClient(request) }) }),
  ),
  // DELETE /api/v1/sessions — reset both tokens of the caller
  DELETE: endpoint({ may: "account", scope: "none", response: resetTokensResponse }, async ({ db, caller }) => {
    await resetTokens(db, caller.user.id);
    return json({ status: "OK" });
  }),
});
