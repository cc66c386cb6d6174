import { endpoint, resource } from "@/lib/api/handler";
import { json } from "@/lib/api/responses";
import { currentUserEnvelope } from "@/lib/schemas/users";
import { currentUserJson } from "@/lib/users/current-user";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/current_user — the caller; also verifies a token
  GET: endpoint({ response: currentUserEnvelope }, async ({ caller }) => json({ current_user: currentUserJson(caller.user) })),
});
