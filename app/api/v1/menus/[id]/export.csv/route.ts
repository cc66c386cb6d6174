import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { menuCsvResponse } from "@/lib/menus/schemas/csv";
import { exportMenuCsv } from "@/lib/menus/csv/export";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/export.csv — the menu's sections, items and containers as a CSV file
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: idParams, response: menuCsvResponse },
    async ({ db, caller, params }) => {
      const { fileName, csv } = await exportMenuCsv(db, { businessId: caller.user.businessId, id: params.id });
      return new Response(csv, {
        headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${fileName}"` },
      });
    },
  ),
});
