import { endpoint, resource } from "@/lib/http/handler";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { reorder, reorderCsv } from "@/lib/taps/reorder/reorder";
import { reorderCsv as reorderCsvResponse, reorderQuery } from "@/lib/taps/reorder/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/reorder.csv — the reorder suggestions as a CSV file (same query)
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: reorderQuery, response: reorderCsvResponse },
    async ({ db, caller, params, query }) => {
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      const answer = await reorder(db, { location, query });
      return new Response(reorderCsv(answer), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="reorder-${answer.at.slice(0, 10)}.csv"`,
        },
      });
    },
  ),
});
