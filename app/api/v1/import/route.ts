import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { restoreBusiness } from "@/lib/portability/restore";
import { exportFile, IMPORT_MAX_BYTES } from "@/lib/portability/format";
import { importResponse } from "@/lib/portability/schemas";
import { reserveRestore } from "@/lib/portability/restore-gate";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/import — restores an export (at most 8 MiB) into this business, which must have no locations (409 otherwise), in one transaction; one at a time per business (409) and per instance as memory allows (429)
  POST: endpoint(
    {
      may: "own",
      scope: "none",
      body: exportFile,
      maxBodyBytes: IMPORT_MAX_BYTES,
      // One restore per business, and as many per instance as its heap holds, before the body is read.
      reserve: reserveRestore,
      response: { 201: importResponse },
      problems: [409, 429],
    },
    async ({ db, caller, body }) => json({ import: await restoreBusiness(db, caller.user, body) }, { status: 201 }),
  ),
});
