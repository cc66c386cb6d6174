import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { restoreBusiness } from "@/lib/portability/restore";
import { exportFile, IMPORT_MAX_BYTES } from "@/lib/portability/format";
import { importResponse } from "@/lib/portability/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/import — restores an export into this business, which must have no locations (409 otherwise), in one transaction
  POST: endpoint(
    { may: "own", body: exportFile, maxBodyBytes: IMPORT_MAX_BYTES, response: { 201: importResponse }, problems: [409] },
    async ({ db, caller, body }) => json({ import: await restoreBusiness(db, caller.user, body) }, { status: 201 }),
  ),
});
