import { z } from "zod";
import { endpoint } from "@/lib/http/handler";
import { idParam } from "@/lib/shared/schemas";
import { phoneMenus } from "@/lib/menus/off-screen/guest-reads";
import { notFoundHtml, phoneMenuHtml } from "@/lib/menus/off-screen/html";
import { notFoundPage, pageAnswer } from "@/lib/menus/off-screen/page-answer";

// GET /m/:locationId — the location's published menus for a guest's phone: plain HTML, no script, no
// sign-in; ETag and no-cache, so each load is current and an unchanged menu costs a 304.
export const GET = endpoint({ auth: false, params: z.object({ locationId: idParam }) }, async ({ db, params, request }) => {
  const page = await phoneMenus(db, params.locationId);
  if (!page) return notFoundPage(notFoundHtml("No such menu: ask the venue for its QR code."));
  return pageAnswer(request, page, (menus) => phoneMenuHtml(page.location, menus));
});
