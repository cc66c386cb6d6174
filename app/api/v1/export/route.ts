import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { exportBusiness } from "@/lib/portability/export";
import { exportFile } from "@/lib/portability/format";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/export — the business's whole data as one JSON file (no secrets), for POST /import elsewhere
  GET: endpoint({ may: "own", scope: "none", response: exportFile }, async ({ db, caller }) => {
    const file = await exportBusiness(db, caller.user.businessId);
    const day = file.exported_at.slice(0, 10);
    return json(file, {
      headers: { "content-disposition": `attachment; filename="taproom-export-${day}.json"`, "cache-control": "no-store" },
    });
  }),
});
