import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { qrSvgResponse } from "@/lib/menus/schemas/off-screen";
import { phoneMenuQr } from "@/lib/menus/off-screen/qr";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/qr.svg — the phone menu's address (/m/:id) as a QR code to print
  GET: endpoint({ may: "read", scope: "menus", at: "location", params: idParams, response: qrSvgResponse }, async ({ db, caller, params }) => {
    const { svg, fileName } = await phoneMenuQr(db, { businessId: caller.user.businessId, id: params.id });
    return new Response(svg, {
      headers: { "content-type": "image/svg+xml; charset=utf-8", "content-disposition": `inline; filename="${fileName}"` },
    });
  }),
});
