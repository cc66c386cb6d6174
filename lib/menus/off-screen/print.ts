import type { Db } from "@/lib/db/client";
import type { Scope } from "@/lib/server/scope";
import { keptLocation } from "@/lib/locations/reads";
import { formatDateTime, venueTimeOf } from "@/lib/shared/time-format";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { fullMenu } from "@/lib/menus/full-menu";
import { translatedFullMenu } from "@/lib/menus/translations/reads";
import { invalid } from "@/lib/server/errors";
import { guestSections, labelWords, NO_FILTER } from "./guest-menu";
import { type Layout, type Paper, paperOf } from "@/lib/menus/schemas/off-screen";
import { printedPdf } from "./print-pool";
import { guestWords, statementOf } from "@/lib/shared/guest-words";

export type PrintAsk = { paper?: Paper; layout: Layout; lang?: string };

/**
 * The most items a printed menu holds (decision 077): about 130 pages of the list layout, drawn in a
 * few seconds on the worker thread. A longer menu is refused (422) rather than tying the thread up.
 */
export const PRINT_MAX_ITEMS = 2000;

/**
 * GET /menus/:id/print.pdf: the caller's menu as the full menu answers it now (the same read, its 86s
 * and schedules in force), as guests read it (guest-menu.ts), with the venue's name and the time it was
 * printed on the venue's clock. 404 when the menu is not the caller's; 422 past PRINT_MAX_ITEMS.
 * Drawn on the print worker (print-pool.ts) and kept by the full menu's tag (which changes with every
 * version, 86 and schedule the print shows), the venue's name and clock, the paper and the layout: the
 * same menu asked again is the PDF already drawn, its "Printed" line the time it was drawn.
 */
export async function printMenu(
  db: Db,
  scope: Scope,
  ask: PrintAsk,
  clock: () => number = Date.now,
): Promise<{ pdf: Buffer; fileName: string }> {
  // In `lang` when asked (decision 097): its tag differs from the default's, so the kept PDF does too.
  const full = ask.lang ? await translatedFullMenu(db, scope, { lang: ask.lang }, clock) : await fullMenu(db, scope, {}, clock);
  const { menu } = JSON.parse(Buffer.from(await full.body()).toString("utf8")) as { menu: MenuTreeResponse };
  const location = await keptLocation(db, { businessId: scope.businessId, id: menu.location_id });
  const paper = ask.paper ?? paperOf(location.country);
  // Dietary tags and allergens in words (venue-operations §13) joined to the details here: the worker
  // draws what it is given (pdf.ts imports no code of the app's).
  // The print's own words in the menu's language when the catalogue has it (decision 100), else English.
  const language = menu.translation?.language ?? location.languages[0] ?? "en";
  const words = guestWords(language);
  const sections = guestSections(menu, NO_FILTER, words).map((section) => ({
    ...section,
    items: section.items.map((item) => ({ ...item, details: [item.details, ...labelWords(item, words)].filter(Boolean).join(" · ") })),
  }));
  const count = sections.reduce((sum, section) => sum + section.items.length, 0);
  if (count > PRINT_MAX_ITEMS) {
    throw invalid(
      [{ path: "menu", message: `has ${count} items a guest would read; a printed menu holds at most ${PRINT_MAX_ITEMS}` }],
      `The menu is too long to print (at most ${PRINT_MAX_ITEMS} items); print a shorter menu or split it.`,
    );
  }
  const key = JSON.stringify([
    menu.id,
    full.tag,
    location.name,
    location.country,
    location.timeZone,
    location.labelling,
    language,
    paper,
    ask.layout,
  ]);
  const venue = () => venueTimeOf({ country: location.country, time_zone: location.timeZone });
  const pdf = await printedPdf(
    key,
    () => ({
      venue: location.name,
      menu: menu.name,
      description: menu.description,
      footer: menu.footer,
      printed: words.printed(formatDateTime(new Date(clock()), venue(), words.language === "en" ? undefined : words.language)),
      statement: statementOf(words, location.labelling),
      sections,
      words: {
        // The document's language is the menu's: most of what it says is the venue's own text.
        language,
        kcal: words.kcal,
        empty: words.empty_menu,
        continued: words.continued("{menu}"),
        page: words.page_of("{page}", "{pages}"),
      },
    }),
    { paper, layout: ask.layout },
  );
  const slug =
    menu.name
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "menu";
  return { pdf, fileName: `${slug}-${ask.layout}.pdf` };
}
