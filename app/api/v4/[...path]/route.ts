import { v4Endpoint } from "@/lib/beer-platform/handler";
import { allowedMethods, forward } from "@/lib/beer-platform/forward";
import { V4Error } from "@/lib/beer-platform/errors";

const segmentsOf = (params: Record<string, string | string[] | undefined>) => (Array.isArray(params.path) ? params.path : []);

// GET, HEAD and POST /api/v4/… — the beer-platform forwarder: allow-listed endpoints only, credentials
// added here; other methods on a known endpoint are 405 with Allow
const forwarder = v4Endpoint({}, async ({ db, request, caller, params }) =>
  forward(db, { request, caller: caller!, segments: segmentsOf(params) }),
);

// OPTIONS /api/v4/… — the methods the endpoint takes; no credentials needed to ask
export const OPTIONS = v4Endpoint({ auth: false }, async ({ params }) => {
  const allow = allowedMethods(segmentsOf(params));
  if (!allow) throw new V4Error(404, "invalid_method", "No such beer-platform endpoint.");
  return new Response(null, { status: 204, headers: { allow } });
});

export { forwarder as GET, forwarder as HEAD, forwarder as POST, forwarder as PUT, forwarder as PATCH, forwarder as DELETE };
