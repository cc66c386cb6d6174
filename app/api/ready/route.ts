import { getDatabase } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { identified } from "@/lib/http/handler";
import { problemFromError } from "@/lib/http/responses";
import { isListening, startListening } from "@/lib/live/bus";
import { databaseUnavailable } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";

// GET /api/ready — readiness: 200 while this instance's connection listening for the database's
// notifications (lib/live/bus.ts) is up, 503 (problem+json, Retry-After) while it is not: the database
// is away, or this instance has not heard from it since it came back. /api/health stays liveness (the
// process answers), so an orchestrator restarts the app only when it is itself stuck, and holds traffic
// back while the database is away.
//
// Not a query through the connection pool: an instance whose pool is in use by its requests is busy,
// not unready, and a load balancer that took busy instances out would take them all out at once when
// they are all equally busy (decision 083). The listening connection is its own, drops the moment
// PostgreSQL closes it, and listens again within a second of its return.
export const dynamic = "force-dynamic";

export const GET = identified(async () => {
  try {
    const database = await getDatabase();
    await startListening(database);
    if (isListening(database)) return Response.json({ status: "ready" }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (!isDatabaseUnavailable(error)) log().error(errorFields(error), "Readiness check failed");
  }
  return problemFromError(databaseUnavailable());
});
