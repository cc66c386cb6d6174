import { z } from "zod";
import { endpoint } from "@/lib/http/handler";
import { idParam } from "@/lib/shared/schemas";
import { filterKey, guestFilterOf } from "@/lib/menus/off-screen/guest-menu";
import { guestLanguageAsk, phonePage } from "@/lib/menus/off-screen/guest-reads";
import { notFoundHtml, phonePageHtml } from "@/lib/menus/off-screen/html";
import { notFoundPage, pageAnswer } from "@/lib/menus/off-screen/page-answer";
import { countMenuView, GUEST_SOURCES } from "@/lib/insights/menu-views";

// GET /m/:locationId — the location's published menus for a guest's phone, with its hours, "open now"
// and next events: plain HTML, no script, no sign-in; ETag and no-cache, so each load is current and an
// unchanged page (menus and those words, "open now" included) costs a 304. A guest's
// filter (?without=gluten&only=vegan, a plain form) is part of the page's tag, and so is its language
// (?lang=, else Accept-Language: decision 097). Each load is a menu view ("Phone menu" on Insights).
export const GET = endpoint({ auth: false, params: z.object({ locationId: idParam }) }, async ({ db, params, request }) => {
  const filter = guestFilterOf(new URL(request.url));
  const page = await phonePage(db, params.locationId, Date.now, guestLanguageAsk(request));
  if (!page) return notFoundPage(notFoundHtml("No such menu: ask the venue for its QR code."));
  countMenuView(db, { locationId: page.location.id, source: GUEST_SOURCES.phone });
  return pageAnswer(
    request,
    page,
    ({ trees, info }) => phonePageHtml(page.location, trees, filter, info, { language: page.language, languages: page.location.languages }),
    {},
    filterKey(filter),
  );
});
