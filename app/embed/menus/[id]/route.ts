import { endpoint } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { embedQuery } from "@/lib/menus/schemas/off-screen";
import { embeddedMenu, guestLanguageAsk } from "@/lib/menus/off-screen/guest-reads";
import { embedHtml, notFoundHtml } from "@/lib/menus/off-screen/html";
import { notFoundPage, pageAnswer } from "@/lib/menus/off-screen/page-answer";
import { embedTheme } from "@/lib/menus/off-screen/theme";
import { embedContentSecurityPolicy } from "@/lib/server/security-headers";
import { countMenuView, FOLLOW_HEADER, GUEST_SOURCES } from "@/lib/insights/menu-views";

// GET /embed/menus/:id — a published menu for a venue's own page, framed only by its location's
// embed_origins (its own frame-ancestors policy; server.ts sets none on this path), themed by the query,
// in the guest's language (?lang=, else Accept-Language: decision 097).
/** The query without `lang`: what each language link keeps (the theme). */
const themeQuery = (request: Request) => {
  const query = new URLSearchParams(new URL(request.url).search);
  query.delete("lang");
  return query;
};

export const GET = endpoint({ auth: false, params: idParams, query: embedQuery }, async ({ db, params, query, request }) => {
  const page = await embeddedMenu(db, params.id, Date.now, guestLanguageAsk(request));
  if (!page)
    return notFoundPage(notFoundHtml("No such menu, or it is not published."), {
      "content-security-policy": embedContentSecurityPolicy([]),
    });
  // Opened on the venue's page: a view; the page following its menu's changes asks again: not one.
  if (!request.headers.has(FOLLOW_HEADER)) countMenuView(db, { locationId: page.location.id, source: GUEST_SOURCES.embed });
  const theme = embedTheme(query);
  return pageAnswer(
    request,
    page,
    (menu) => embedHtml(menu, theme, page.location, { language: page.language, languages: page.location.languages }, themeQuery(request)),
    { "content-security-policy": embedContentSecurityPolicy(page.location.embedOrigins) },
    JSON.stringify(theme),
  );
});
