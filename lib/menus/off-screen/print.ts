import type { Db } from "@/lib/db/client";
import type { Scope } from "@/lib/server/scope";
import { keptLocation } from "@/lib/locations/reads";
import { formatDateTime, venueTimeOf } from "@/lib/shared/time-format";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { fullMenu } from "@/lib/menus/full-menu";
import { guestSections } from "./guest-menu";
import { type Layout, type Paper, paperOf } from "@/lib/menus/schemas/off-screen";
import { renderMenuPdf } from "./pdf";

export type PrintAsk = { paper?: Paper; layout: Layout };

/**
 * GET /menus/:id/print.pdf: the caller's menu as the full menu answers it now (the same read, its 86s
 * and schedules in force), as guests read it (guest-menu.ts), with the venue's name and the time it was
 * printed on the venue's clock. 404 when the menu is not the caller's.
 */
export async function printMenu(
  db: Db,
  scope: Scope,
  ask: PrintAsk,
  clock: () => number = Date.now,
): Promise<{ pdf: Buffer; fileName: string }> {
  const full = await fullMenu(db, scope, {}, clock);
  const { menu } = JSON.parse(Buffer.from(await full.body()).toString("utf8")) as { menu: MenuTreeResponse };
  const location = await keptLocation(db, { businessId: scope.businessId, id: menu.location_id });
  const venue = venueTimeOf({ country: location.country, time_zone: location.timeZone });
  const pdf = await renderMenuPdf(
    {
      venue: location.name,
      menu: menu.name,
      description: menu.description,
      footer: menu.footer,
      printed: `Printed ${formatDateTime(new Date(clock()), venue)}`,
      sections: guestSections(menu),
    },
    { paper: ask.paper ?? paperOf(location.country), layout: ask.layout },
  );
  const slug =
    menu.name
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase() || "menu";
  return { pdf, fileName: `${slug}-${ask.layout}.pdf` };
}
