import { getDb, ping } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { identified } from "@/lib/http/handler";
import { problemFromError } from "@/lib/http/responses";
import { databaseUnavailable } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";

// GET /api/ready — readiness: 200 when the database answers, 503 (problem+json, Retry-After) while it
// does not. /api/health stays liveness (the process answers), so an orchestrator restarts the app only
// when it is itself stuck, and holds traffic back while the database is away.
export const dynamic = "force-dynamic";

export const GET = identified(async () => {
  try {
    await ping(await getDb());
    return Response.json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) log().error(errorFields(error), "Readiness check failed");
    return problemFromError(databaseUnavailable());
  }
});
