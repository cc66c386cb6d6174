import { v4Endpoint } from "@/lib/beer-platform/handler";
import { forward } from "@/lib/beer-platform/forward";

// GET and POST /api/v4/… — the beer-platform forwarder: allow-listed endpoints only, credentials added here
const forwarder = v4Endpoint({}, async ({ db, request, caller, params }) => {
  const segments = Array.isArray(params.path) ? params.path : [];
  return forward(db, { request, caller: caller!, segments });
});

export { forwarder as GET, forwarder as POST, forwarder as PUT, forwarder as PATCH, forwarder as DELETE };
