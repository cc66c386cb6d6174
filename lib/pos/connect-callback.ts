import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { posConnections } from "@/lib/db/schema";
import { ApiError } from "@/lib/server/errors";
import { log, errorFields } from "@/lib/server/log";
import { finishConnect } from "./connections";
import { syncWhole } from "./webhook";

// The end of the OAuth way in: connected, the first sync run at once (pos.md §2), and the browser sent
// to the location's Point of sale page with what happened.

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
