import PDFDocument from "pdfkit";
import type { GuestItem, GuestPrice, GuestSection } from "./guest-menu";
import { BOLD, collectPdf, INK, MARGIN, MUTED, REGULAR, RULE, SIZES } from "./pdf-kit.js";
import type { Layout, Paper } from "@/lib/menus/schemas/off-screen";

// A menu as a printable PDF (venue-operations §9, decision 066), drawn with pdfkit in Inter (TTF from
// the @expo-google-fonts/inter package, SIL OFL 1.1, embedded and subset: the text is extractable).
// Everything is placed by hand on a content box: a section is measured first and starts a new column
// (or page) when it does not fit the rest of this one but fits a whole one; a longer one breaks between
// items, never between its heading and its first item. Page numbers ("page 2 of 3") are written once
// every page is laid out (pdfkit's buffered pages).

type PrintPrice = GuestPrice;
type PrintItem = GuestItem;
type PrintSection = GuestSection;
export type PrintableMenu = {
  venue: string;
  menu: string;
  description: string | null;
  footer: string | null;
  /** "Printed 28 Nov 2026, 9:05 PM", on the venue's clock. */
  printed: string;
  /** The labelling rule's statement ("Adults need around 2000 kcal a day."), printed under the menu; null: none. */
  statement?: string | null;
  sections: PrintSection[];
  /**
   * The document's language and the print's own words in it (decision 100), as plain strings: this file
   * runs on the worker thread. `continued` holds `{menu}`, `page` holds `{page}` and `{pages}`. Absent: English.
   */
  words?: PrintWords;
};
export type PrintWords = { language: string; kcal: string; empty: string; continued: string; page: string };
const ENGLISH_WORDS: PrintWords = {
  language: "en",
  kcal: "kcal",
  empty: "Nothing on this menu right now.",
  continued: "{menu} (continued)",
  page: "Page {page} of {pages}",
};
const wordsOf = (menu: PrintableMenu) => menu.words ?? ENGLISH_WORDS;

const HEADER = 56;
const FOOTER = 28;
const GUTTER = 24;

type Doc = PDFKit.PDFDocument;
/** One thing drawn in a column: its height at the columns' width, and how to draw it at (x, y). */
type Block = { height: number; draw: (x: number, y: number) => void };

// No-break spaces inside each price: a narrow column wraps between prices, never inside one.
const priceText = (prices: PrintPrice[], kcal: string) =>
  prices
    .map(({ label, price, calories }) =>
      `${label ? `${label} ${price}` : price}${calories !== null ? ` · ${calories} ${kcal}` : ""}`.replace(/ /g, "\u00a0"),
    )
    .join("   ");
// The item's details, its dietary tags and allergens in words already among them (print.ts: this file runs
// on the worker thread, compiled alone, so it imports types only from the rest of the app).
const detailsOf = (item: PrintItem) => item.details;

function itemBlock(doc: Doc, item: PrintItem, column: number, layout: Layout, kcal: string): Block {
  const tapWidth = layout === "tap-list" ? 34 : 0;
  const width = column - tapWidth;
  doc.font(BOLD).fontSize(10.5);
  const prices = priceText(item.prices, kcal);
  const pricesWidth = Math.min(doc.widthOfString(prices), width * 0.45);
  const nameWidth = width - pricesWidth - (prices ? 10 : 0);
  const nameHeight = doc.heightOfString(item.name, { width: nameWidth });
  const pricesHeight = prices ? doc.heightOfString(prices, { width: pricesWidth + 1, align: "right" }) : 0;
  const firstLine = Math.max(nameHeight, pricesHeight);
  doc.font(REGULAR).fontSize(8.5);
  const details = detailsOf(item);
  const detailsHeight = details ? doc.heightOfString(details, { width }) : 0;
  const description = layout === "tap-list" ? null : item.description;
  const descriptionHeight = description ? doc.heightOfString(description, { width }) + 1 : 0;
  const height = firstLine + detailsHeight + descriptionHeight + 7;
  return {
    height,
    draw: (left, y) => {
      const x = left + tapWidth;
      if (tapWidth) {
        doc.font(BOLD).fontSize(13).fillColor(INK);
        doc.text(item.tap ?? "–", left, y - 1, { width: tapWidth - 8, align: "right", lineBreak: false });
      }
      doc.font(BOLD).fontSize(10.5).fillColor(INK);
      doc.text(item.name, x, y, { width: nameWidth });
      if (prices) doc.text(prices, x + width - pricesWidth - 1, y, { width: pricesWidth + 1, align: "right" });
      let at = y + firstLine;
      doc.font(REGULAR).fontSize(8.5).fillColor(MUTED);
      if (details) {
        doc.text(details, x, at, { width });
        at += detailsHeight;
      }
      if (description) doc.text(description, x, at + 1, { width });
    },
  };
}

function headingBlock(doc: Doc, section: PrintSection, width: number): Block {
  doc.font(BOLD).fontSize(13);
  const nameHeight = doc.heightOfString(section.name, { width });
  doc.font(REGULAR).fontSize(9);
  const descriptionHeight = section.description ? doc.heightOfString(section.description, { width }) : 0;
  const height = 6 + nameHeight + 3 + descriptionHeight + 6;
  return {
    height,
    draw: (x, y) => {
      doc
        .font(BOLD)
        .fontSize(13)
        .fillColor(INK)
        .text(section.name, x, y + 6, { width });
      const rule = y + 6 + nameHeight + 1;
      doc
        .moveTo(x, rule)
        .lineTo(x + width, rule)
        .lineWidth(0.6)
        .strokeColor(RULE)
        .stroke();
      if (section.description)
        doc
          .font(REGULAR)
          .fontSize(9)
          .fillColor(MUTED)
          .text(section.description, x, rule + 3, { width });
    },
  };
}

/**
 * Places blocks top to bottom in columns, page after page; `keep` groups blocks that move together when
 * they fit. A dry flow draws nothing and adds no page, only counts them; `height` shortens its columns
 * (to balance the columns of a menu that fits on one page).
 */
class Flow {
  private column = 0;
  private y: number;
  pages = 1;
  /** A group that fits a whole column was broken (only a shortened column does that). */
  broke = false;
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  private readonly lefts: number[];
  private readonly dry: boolean;
  private readonly whole: number;

  constructor(
    private readonly doc: Doc,
    columns: number,
    options: { dry?: boolean; height?: number } = {},
  ) {
    const [width, height] = [doc.page.width, doc.page.height];
    this.dry = options.dry ?? false;
    this.top = MARGIN + HEADER;
    this.whole = height - MARGIN - FOOTER - this.top;
    this.bottom = Math.min(this.top + this.whole, this.top + (options.height ?? Number.POSITIVE_INFINITY));
    this.width = (width - 2 * MARGIN - (columns - 1) * GUTTER) / columns;
    this.lefts = Array.from({ length: columns }, (_, index) => MARGIN + index * (this.width + GUTTER));
    this.y = this.top;
  }

  private get room() {
    return this.bottom - this.y;
  }

  private get atTop() {
    return this.y === this.top;
  }

  private next() {
    if (this.column + 1 < this.lefts.length) this.column += 1;
    else {
      if (!this.dry) this.doc.addPage();
      this.pages += 1;
      this.column = 0;
    }
    this.y = this.top;
  }

  /** Moves on when `height` does not fit the rest of this column but would fit a fresh one. */
  keep(height: number) {
    if (height > this.bottom - this.top && height <= this.whole) this.broke = true;
    if (height > this.room && !this.atTop && height <= this.bottom - this.top) this.next();
  }

  place(block: Block) {
    if (block.height > this.room && !this.atTop) this.next();
    if (!this.dry) block.draw(this.lefts[this.column]!, this.y);
    this.y += block.height;
  }

  gap(height: number) {
    if (!this.atTop) this.y = Math.min(this.y + height, this.bottom);
  }
}

function drawSection(doc: Doc, flow: Flow, section: PrintSection, layout: Layout, kcal: string) {
  // Measured at the width of the column it will be drawn in: every column of a layout is as wide.
  const heading = headingBlock(doc, section, flow.width);
  const items = section.items.map((item) => itemBlock(doc, item, flow.width, layout, kcal));
  flow.keep(items.reduce((sum, item) => sum + item.height, heading.height));
  // The heading never ends a column alone: it moves with the first item.
  flow.keep(heading.height + (items[0]?.height ?? 0));
  flow.place(heading);
  for (const item of items) flow.place(item);
  flow.gap(10);
}

function drawFrame(doc: Doc, menu: PrintableMenu, page: number, pages: number) {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = doc.page.height - MARGIN;
  doc.font(BOLD).fontSize(16).fillColor(INK).text(menu.venue, MARGIN, MARGIN, { width, lineBreak: false, ellipsis: true });
  doc
    .font(REGULAR)
    .fontSize(10)
    .fillColor(MUTED)
    .text(page === 1 ? menu.menu : wordsOf(menu).continued.replace("{menu}", menu.menu), MARGIN, MARGIN + 21, {
      width,
      lineBreak: false,
      ellipsis: true,
    });
  doc.font(REGULAR).fontSize(8).fillColor(MUTED);
  doc.text(menu.printed, MARGIN, bottom - 10, { width: width / 2, lineBreak: false });
  const pageOf = wordsOf(menu).page.replace("{page}", String(page)).replace("{pages}", String(pages));
  doc.text(pageOf, MARGIN + width / 2, bottom - 10, { width: width / 2, align: "right", lineBreak: false });
}

/** The menu as PDF bytes. Empty sections are the caller's to leave out; an empty menu prints its header and a line. */
export async function renderMenuPdf(menu: PrintableMenu, { paper, layout }: { paper: Paper; layout: Layout }): Promise<Buffer> {
  // Margins 0: every position is the Flow's, so pdfkit never breaks a page on its own.
  const doc = new PDFDocument({
    size: SIZES[paper],
    margin: 0,
    bufferPages: true,
    font: REGULAR,
    info: { Title: `${menu.venue} — ${menu.menu}`, Author: menu.venue, Creator: "Taproom" },
    lang: wordsOf(menu).language,
    displayTitle: true,
  });
  const finish = collectPdf(doc);
  const columns = layout === "columns" ? 2 : 1;
  const note = (flow: Flow, text: string, size: number) => {
    const width = flow.width;
    doc.font(REGULAR).fontSize(size);
    const height = doc.heightOfString(text, { width }) + 8;
    flow.place({
      height,
      draw: (x, y) =>
        doc
          .font(REGULAR)
          .fontSize(size)
          .fillColor(MUTED)
          .text(text, x, y + 2, { width }),
    });
  };
  const lay = (flow: Flow) => {
    if (menu.description) note(flow, menu.description, 9.5);
    if (menu.sections.length === 0) note(flow, wordsOf(menu).empty, 10);
    for (const section of menu.sections) drawSection(doc, flow, section, layout, wordsOf(menu).kcal);
    if (menu.footer) note(flow, menu.footer, 9);
    if (menu.statement) note(flow, menu.statement, 9);
    return flow;
  };
  // Columns of a menu that fits on one page are balanced: the shortest columns that still hold it on
  // one page with every section kept whole that fits a column, found by laying it out dry (a long menu
  // fills its pages' columns top to bottom).
  let height: number | undefined;
  const full = columns > 1 ? lay(new Flow(doc, columns, { dry: true })) : null;
  if (full && full.pages === 1) {
    let [low, high] = [0, full.bottom - full.top];
    while (high - low > 2) {
      const middle = (low + high) / 2;
      const trial = lay(new Flow(doc, columns, { dry: true, height: middle }));
      if (trial.pages === 1 && !trial.broke) high = middle;
      else low = middle;
    }
    height = high;
  }
  lay(new Flow(doc, columns, { height }));
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    drawFrame(doc, menu, index - start + 1, count);
  }
  return finish();
}
