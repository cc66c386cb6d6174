import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { posConnections } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import { log, errorFields } from "@/lib/server/log";
import type { Location } from "@/lib/locations/locations";
import type { z } from "zod";
import { connectionJson, createConnection, finishConnect, noteOutcome } from "./connections";
import type { createPosConnectionBody } from "./schemas";
import { syncWhole } from "./webhook";

// The ends of the ways in: connected, the first sync run at once (pos.md §2). OAuth's callback sends
// the browser to the location's Point of sale page with what happened; a provider that connects with
// keys (Toast) is connected by the create call itself, which answers after its first sync.

/** POST /locations/:id/pos_connections: created (pending, or connected at once and first synced). */
export async function startPosConnect(db: Db, input: { location: Location; input: z.infer<typeof createPosConnectionBody> }) {
  const created = await createConnection(db, input);
  if (created.status !== "connected") return created;
  const [fresh] = await db.select().from(posConnections).where(eq(posConnections.id, created.id));
  if (!fresh) return created;
  try {
    await syncWhole(db, fresh);
  } catch (error) {
    // Connected all the same: the connection says why (last_error), and the reconciliation tries again.
    log().warn({ ...errorFields(error), connection: fresh.id }, "The first POS sync failed");
    await noteOutcome(db, fresh.id, `The first sync failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const [after] = await db.select().from(posConnections).where(eq(posConnections.id, created.id));
  return connectionJson(after ?? fresh);
}

export async function finishPosConnect(db: Db, input: { providerName: string; state: string; code: string | null }): Promise<string> {
  try {
    if (!input.state) return "/dashboard?pos=invalid_state";
    const { connection, location, connected } = await finishConnect(db, input);
    if (connected) {
      const [fresh] = await db.select().from(posConnections).where(eq(posConnections.id, connection.id));
      if (fresh)
        await syncWhole(db, fresh).catch((error) =>
          log().warn({ ...errorFields(error), connection: connection.id }, "The first POS sync failed"),
        );
    }
    return `/locations/${location.id}/pos?pos_connection=${connection.id}&pos=${connected ? "connected" : "error"}`;
  } catch (error) {
    if (error instanceof ApiError) return `/dashboard?pos=${error.code}`;
    throw error;
  }
}
