import { endpoint, resource } from "@/lib/http/handler";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { orderSheet } from "@/lib/taps/reorder/reorder";
import { orderSheetPdf, orderSheetQuery } from "@/lib/taps/reorder/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/reorder.pdf?distributor_id= — one distributor's order sheet as a PDF
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: orderSheetQuery, response: orderSheetPdf },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      const { pdf, fileName } = await orderSheet(db, { location, distributorId: query.distributor_id });
      return new Response(new Uint8Array(pdf), {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": `inline; filename="${fileName}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  ),
});
