import { v4Endpoint } from "@/lib/beer-platform/handler";
import { connection, connectionJson, disconnect } from "@/lib/beer-platform/accounts";
import { V4Error } from "@/lib/beer-platform/errors";

// GET /api/v4/oauth/connection — is the caller's beer-platform account connected, and as whom
export const GET = v4Endpoint({}, async ({ db, caller }) =>
  Response.json({ connection: connectionJson(await connection(db, caller!.user.id)) }),
);

// DELETE /api/v4/oauth/connection — forget the caller's beer-platform account and its token
export const DELETE = v4Endpoint({}, async ({ db, caller }) => {
  if (caller!.access !== "write") throw new V4Error(403, "not_allowed", "Disconnecting needs the read-write token.");
  await disconnect(db, caller!.user.id);
  return Response.json({ connection: connectionJson(null) });
});
