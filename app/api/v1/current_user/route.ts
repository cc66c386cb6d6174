import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { currentUserEnvelope } from "@/lib/auth/schemas/users";
import { readCurrentUser } from "@/lib/auth/current-user";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/current_user — the caller; also verifies a token
  GET: endpoint({ may: "account", scope: "none", response: currentUserEnvelope }, async ({ db, caller }) =>
    json({ current_user: await readCurrentUser(db, caller.user) }),
  ),
});
