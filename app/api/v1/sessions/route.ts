import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { createSessionBody, resetTokensResponse, sessionResponse } from "@/lib/schemas/sessions";
import { clientAddress, createSession, resetTokens } from "@/lib/sessions/sessions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/sessions — log in with email and password, get the token pair
  POST: endpoint({ auth: false, body: createSessionBody, response: sessionResponse, problems: [401, 429] }, async ({ db, body, request }) =>
    json({ user: await createSession(db, { ...body, address: clientAddress(request) }) }),
  ),
  // DELETE /api/v1/sessions — reset both tokens of the caller
  DELETE: endpoint({ response: resetTokensResponse }, async ({ db, caller }) => {
    await resetTokens(db, caller.user.id);
    return json({ status: "OK" });
  }),
});
