import { and, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { businesses, locations, posConnections } from "@/lib/db/schema";
import { squareConfig } from "@/lib/pos/config";
import { finishPosConnect } from "@/lib/pos/connect-callback";
import { createConnection } from "@/lib/pos/connections";
import { handleSquareSandbox } from "@/sandbox/square/server";

// pos.md §1: the demo location is connected to the Square sandbox out of the box, so a newcomer sees it
// work. Its first location is connected as its manager would do it: the connection asked for, the
// sandbox's consent page allowed (a form post, in process), the OAuth callback run with its first sync.
// The sync suggests matches by name and size; confirming them stays a person's (the Matching page).
// Never against a real Square account: only while the sandbox is the Square in use (SQUARE_BASE_URL unset).

const DEMO_BUSINESS = "Demo Taproom Group";
const DEMO_LOCATION = "Demo Taproom Downtown";

export async function connectDemoPos(db: Db, { sandbox = squareConfig().sandbox }: { sandbox?: boolean } = {}): Promise<void> {
  if (!sandbox) return;
  const [location] = await db
    .select({ location: locations })
    .from(locations)
    .innerJoin(businesses, eq(businesses.id, locations.businessId))
    .where(and(eq(businesses.name, DEMO_BUSINESS), eq(locations.name, DEMO_LOCATION)));
  if (!location) return;
  const [existing] = await db
    .select({ id: posConnections.id })
    .from(posConnections)
    .where(eq(posConnections.locationId, location.location.id));
  if (existing) return;
  const pending = await createConnection(db, { location: location.location, input: { provider: "square" } });
  const consent = await handleSquareSandbox(
    new Request(pending.authorize_url!, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ decision: "allow" }),
    }),
  );
  const back = new URL(consent.headers.get("location") ?? "", pending.authorize_url!);
  await finishPosConnect(db, { providerName: "square", state: back.searchParams.get("state") ?? "", code: back.searchParams.get("code") });
}
