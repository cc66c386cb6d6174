import { isBackupKey } from "@/lib/backup/embedded";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/server/env";
import { SOCKET_ADDRESS_HEADER } from "@/lib/server/socket-address";

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

// POST /api/backup — for `npm run backup` on this machine: the embedded database's directory as a
// gzipped tarball, taken between two transactions. Only with the key derived from the app's secret
// (X-Backup-Key, lib/backup/embedded.ts); never cached. PostgreSQL: pg_dump (README).
export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  // Served by server.ts, the socket's peer is known: only this machine may ask.
  const peer = env().TAPROOM_SERVER ? (request.headers.get(SOCKET_ADDRESS_HEADER) ?? "") : "127.0.0.1";
  if (!LOOPBACK.test(peer)) return Response.json({ error: "Backups are taken on the app's own machine." }, { status: 403 });
  if (!isBackupKey(request.headers.get("x-backup-key"))) {
    return Response.json({ error: "A backup needs the key of this install (npm run backup)." }, { status: 403 });
  }
  const database = await getDatabase();
  if (!database.dumpDataDir) {
    return Response.json({ error: "This app runs on PostgreSQL: back it up with pg_dump (see the README)." }, { status: 409 });
  }
  const tarball = await database.dumpDataDir();
  return new Response(tarball, { headers: { "content-type": "application/gzip", "cache-control": "no-store" } });
}
