import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { printPdfResponse, printQuery } from "@/lib/menus/schemas/off-screen";
import { printMenu } from "@/lib/menus/off-screen/print";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/menus/:id/print.pdf — the menu in force now as a printable PDF (paper, layout)
  GET: endpoint(
    { may: "read", scope: "menus", at: "menu", params: idParams, query: printQuery, response: printPdfResponse },
    async ({ db, caller, params, query }) => {
      const { pdf, fileName } = await printMenu(db, { businessId: caller.user.businessId, id: params.id }, query);
      return new Response(new Uint8Array(pdf), {
        headers: {
          "content-type": "application/pdf",
          // Inline: the dashboard's preview frames it; a download keeps the name.
          "content-disposition": `inline; filename="${fileName}"`,
          "cache-control": "private, no-store",
        },
      });
    },
  ),
});
