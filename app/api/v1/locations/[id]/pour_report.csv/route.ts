import { endpoint, resource } from "@/lib/http/handler";
import { getLocation } from "@/lib/locations/locations";
import { idParams } from "@/lib/shared/schemas";
import { costsHidden, seesCost } from "@/lib/taps/earnings/costs";
import { pourReport, reportCsv } from "@/lib/taps/earnings/report";
import { pourReportCsv, pourReportQuery } from "@/lib/taps/earnings/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/pour_report.csv — the pour report as a CSV file (same query)
  GET: endpoint(
    { may: "manage", scope: "insights", at: "location", params: idParams, query: pourReportQuery, response: pourReportCsv },
    async ({ db, caller, params, query }) => {
      if (!seesCost(caller)) throw costsHidden();
      const location = await getLocation(db, { businessId: caller.user.businessId, id: params.id });
      const report = await pourReport(db, { location, query });
      return new Response(reportCsv(report), {
        headers: {
          "content-type": "text/csv; charset=utf-8",
          "content-disposition": `attachment; filename="pour-report-${report.group}-${report.from}-${report.to}.csv"`,
        },
      });
    },
  ),
});
