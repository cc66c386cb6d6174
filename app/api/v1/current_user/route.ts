import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { currentUserEnvelope } from "@/lib/auth/schemas/users";
import { currentUserJson } from "@/lib/auth/current-user";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/current_user — the caller; also verifies a token
  GET: endpoint({ response: currentUserEnvelope }, async ({ caller }) => json({ current_user: currentUserJson(caller.user) })),
});
