import { describe, expect, it } from "vitest";
import { type FlowSection, type Page, paginate } from "@/components/menus/preview/paginate";

// The TV board's pages (decision 054, issue 38 row 5): cut between items, a heading never alone at
// the foot of a column, and a column that starts inside a section starts with its heading "(continued)".

/** A section with a 60 px heading (50 px "continued") and items of the given heights. */
const section = (...items: number[]): FlowSection => ({ head: 60, continued: 50, items });
const uniform = (count: number, height = 100) => section(...Array.from({ length: count }, () => height));

/** Each page as text: columns split by " | ", parts as "s<section>[c]:<from>-<to>". */
const describePages = (pages: Page[]) =>
  pages.map((columns) =>
    columns
      .map((parts) => parts.map((part) => `s${part.section}${part.continued ? "c" : ""}:${part.from}-${part.to}`).join(" "))
      .join(" | "),
  );

describe("paginate", () => {
  it("keeps a menu that fits on one page, each section whole, in order", () => {
    const pages = paginate([uniform(3), uniform(2)], { height: 1000, columns: 2, gap: 20 });
    // 60 + 300, then 20 + 60 + 200: 640 px of one column.
    expect(describePages(pages)).toEqual(["s0:0-3 s1:0-2"]);
  });

  it("cuts a column between items and starts the next one with the section's heading, continued", () => {
    // 60 + 9 × 100 = 960 fits a 1000 px column; the tenth item does not.
    const pages = paginate([uniform(12)], { height: 1000, columns: 2, gap: 20 });
    expect(describePages(pages)).toEqual(["s0:0-9 | s0c:9-12"]);
  });

  it("repeats the heading on a page that starts inside a section (the issue's page 2)", () => {
    // One column a page: 9 items, then the rest of the section on page 2 under "(continued)".
    const pages = paginate([uniform(4), uniform(14)], { height: 1000, columns: 1, gap: 20 });
    expect(describePages(pages)).toEqual(["s0:0-4 s1:0-4", "s1c:4-13", "s1c:13-14"]);
    for (const [columns] of pages.slice(1)) expect(columns![0]).toMatchObject({ continued: true });
  });

  it("never leaves a heading at the foot of a column: it moves on with its first item", () => {
    // 60 + 800 + 20 = 880 used; the next heading (60) fits in 120, but not with its 100 px item.
    const pages = paginate([uniform(8), uniform(2)], { height: 1000, columns: 3, gap: 20 });
    expect(describePages(pages)).toEqual(["s0:0-8 | s1:0-2"]);
  });

  it("counts the gap between two parts of a column, and none at a column's top", () => {
    // 60 + 400 = 460; 20 + 60 + 400 = 940; one more part would need 20 + 60 + 100 > 60 left.
    const exact = paginate([uniform(4), uniform(4), uniform(1)], { height: 940, columns: 2, gap: 20 });
    expect(describePages(exact)).toEqual(["s0:0-4 s1:0-4 | s2:0-1"]);
    const oneLess = paginate([uniform(4), uniform(4)], { height: 939, columns: 2, gap: 20 });
    expect(describePages(oneLess)).toEqual(["s0:0-4 s1:0-3 | s1c:3-4"]);
  });

  it("uses the continued heading's own height", () => {
    // Column 2: 50 + 9 × 100 = 950 fits 1000; with the full 60 px heading and 10 items it would not.
    const pages = paginate([uniform(19)], { height: 1000, columns: 3, gap: 0 });
    expect(describePages(pages)).toEqual(["s0:0-9 | s0c:9-18 | s0c:18-19"]);
    const tall: FlowSection = { head: 60, continued: 150, items: Array.from({ length: 19 }, () => 100) };
    expect(describePages(paginate([tall], { height: 1000, columns: 3, gap: 0 }))).toEqual(["s0:0-9 | s0c:9-17 | s0c:17-19"]);
  });

  it("gives an item taller than a column a column of its own instead of losing it", () => {
    const pages = paginate([section(100, 1500, 100)], { height: 1000, columns: 2, gap: 20 });
    expect(describePages(pages)).toEqual(["s0:0-1 | s0c:1-2", "s0c:2-3"]);
  });

  it("keeps a section the venue left empty, as its heading block", () => {
    const empty: FlowSection = { head: 110, continued: 50, items: [] };
    expect(describePages(paginate([uniform(2), empty, uniform(1)], { height: 1000, columns: 1, gap: 20 }))).toEqual([
      "s0:0-2 s1:0-0 s2:0-1",
    ]);
    // An empty section that does not fit goes to the next column whole.
    expect(describePages(paginate([uniform(9), empty], { height: 1000, columns: 2, gap: 20 }))).toEqual(["s0:0-9 | s1:0-0"]);
  });

  it("lays out 46 items in four sections across pages with every item exactly once", () => {
    const menu = [uniform(24, 62), uniform(14, 62), uniform(5, 62), uniform(3, 62)];
    const pages = paginate(menu, { height: 930, columns: 2, gap: 27 });
    const placed = pages
      .flat(2)
      .flatMap((part) => Array.from({ length: part.to - part.from }, (_, i) => `${part.section}.${part.from + i}`));
    expect(placed).toEqual(menu.flatMap((s, index) => s.items.map((_, i) => `${index}.${i}`)));
    expect(pages.length).toBe(2);
    for (const columns of pages) {
      for (const column of columns) {
        const height = column.reduce(
          (sum, part, i) =>
            sum +
            (i > 0 ? 27 : 0) +
            (part.continued ? 50 : 60) +
            menu[part.section]!.items.slice(part.from, part.to).reduce((a, b) => a + b, 0),
          0,
        );
        expect(height).toBeLessThanOrEqual(930);
        // A column that does not start a section starts with its heading again.
        expect(column[0]!.continued).toBe(column[0]!.from > 0);
      }
    }
  });

  it("answers no pages for no sections", () => {
    expect(paginate([], { height: 1000, columns: 2, gap: 20 })).toEqual([]);
  });
});
