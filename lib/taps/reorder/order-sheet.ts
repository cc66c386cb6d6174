import PDFDocument from "pdfkit";
import type { locations } from "@/lib/db/schema";
import { BOLD, collectPdf, INK, MARGIN, MUTED, REGULAR, RULE, SIZES } from "@/lib/menus/off-screen/pdf-kit";
import { paperOf } from "@/lib/menus/schemas/off-screen";
import { venueTimeOf } from "@/lib/shared/clock";
import { formatDateTime } from "@/lib/shared/time-format";
import type { ReorderGroup } from "./schemas";

// A distributor's order sheet (venue-operations §15, decision 096): the venue, the distributor and its
// contact, then one line per beer to order with its kegs. pdfkit in Inter, as the printed menu
// (lib/menus/off-screen/pdf.ts); drawn in process, not on the print worker: a sheet is a page or two
// (at most the location's beers), milliseconds of work, where a long menu is seconds.

type Location = typeof locations.$inferSelect;

/** The order sheet's file name: "order-<distributor>-<local date>.pdf", in safe characters. */
export function orderSheetName(group: ReorderGroup, location: Location, now: Date) {
  const slug = (group.distributor?.name ?? "distributor")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: location.timeZone }).format(now);
  return `order-${slug || "distributor"}-${date}.pdf`;
}

/** The sheet as PDF bytes: the beers with kegs to order, or a line saying there is nothing to order. */
export async function renderOrderSheet(group: ReorderGroup, location: Location, now: Date): Promise<Buffer> {
  const [width, height] = SIZES[paperOf(location.country)];
  const distributor = group.distributor!;
  const doc = new PDFDocument({
    size: [width, height],
    margin: MARGIN,
    font: REGULAR,
    info: { Title: `${location.name} — order for ${distributor.name}`, Author: location.name, Creator: "Taproom" },
    lang: "en",
    displayTitle: true,
  });
  const finish = collectPdf(doc);
  const inner = width - 2 * MARGIN;
  doc.font(BOLD).fontSize(18).fillColor(INK).text(location.name, { width: inner });
  doc.font(REGULAR).fontSize(11).fillColor(MUTED).text(`Order for ${distributor.name}`, { width: inner });
  const contact = [distributor.email, distributor.phone].filter(Boolean).join(" · ");
  if (contact) doc.text(contact, { width: inner });
  doc.text(
    `${formatDateTime(now, venueTimeOf({ country: location.country, time_zone: location.timeZone }))} · lead time ${distributor.lead_time_days} day${distributor.lead_time_days === 1 ? "" : "s"}`,
    { width: inner },
  );
  if (distributor.notes) doc.text(distributor.notes, { width: inner });
  doc.moveDown(1);
  const lines = group.lines.filter((line) => line.suggested_kegs > 0);
  const kegsX = MARGIN + inner - 70;
  const row = (beer: string, kegs: string, bold: boolean) => {
    if (doc.y > height - MARGIN - 30) doc.addPage();
    const y = doc.y;
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(11)
      .fillColor(INK);
    doc.text(beer, MARGIN, y, { width: inner - 80 });
    const after = doc.y;
    doc.text(kegs, kegsX, y, { width: 70, align: "right" });
    doc.y = Math.max(after, doc.y) + 4;
    doc
      .moveTo(MARGIN, doc.y - 2)
      .lineTo(MARGIN + inner, doc.y - 2)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
    doc.x = MARGIN;
  };
  if (lines.length === 0) {
    doc.font(REGULAR).fontSize(11).fillColor(INK).text("Nothing to order: every beer is at par for the lead time.", { width: inner });
  } else {
    row("Beer", "Kegs", true);
    for (const line of lines) row(line.item_name, String(line.suggested_kegs), false);
    row("Total", String(lines.reduce((sum, line) => sum + line.suggested_kegs, 0)), true);
  }
  return finish();
}
