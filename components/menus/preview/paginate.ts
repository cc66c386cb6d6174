// Cuts the board's sections into columns and pages (decision 054), from heights the board measured.
// Pure: no DOM, so the rules are tested apart from the browser (test/components/board-paging.unit.test.ts).
//
// - A column is cut between items, never inside one.
// - A heading never ends a column: it goes to the next one with its first item.
// - A column that starts inside a section starts with that section's heading again, "(continued)": the
//   first column of every page, and every other column, says what it lists.
// - An item (or a heading with its first item) taller than a whole column gets a column of its own.

/** One section as measured: its heading (with its description), the heading "(continued)", each item. */
export type FlowSection = { head: number; continued: number; items: number[] };

/** A run of one section's items, `from` (inclusive) to `to` (exclusive); `continued` when `from` > 0. */
export type ColumnPart = { section: number; continued: boolean; from: number; to: number };
export type Column = ColumnPart[];
export type Page = Column[];

/** The room on a page: each column's height, the number of columns, the space between two parts of a column. */
export type PageFrame = { height: number; columns: number; gap: number };

export function paginate(sections: FlowSection[], frame: PageFrame): Page[] {
  const columns: Column[] = [];
  let column: Column = [];
  let used = 0;
  const close = () => {
    if (column.length > 0) columns.push(column);
    column = [];
    used = 0;
  };
  /** The height a new part takes in the current column: the gap before it, unless it is the first. */
  const opening = (head: number) => (column.length > 0 ? frame.gap : 0) + head;

  sections.forEach((section, index) => {
    const { items } = section;
    if (items.length === 0) {
      // A section the venue left empty is its heading and its "nothing here" line, in one block.
      if (column.length > 0 && used + opening(section.head) > frame.height) close();
      used += opening(section.head);
      column.push({ section: index, continued: false, from: 0, to: 0 });
      return;
    }
    let next = 0;
    while (next < items.length) {
      const continued = next > 0;
      const head = continued ? section.continued : section.head;
      // The heading and at least one item, or a fresh column for both.
      if (column.length > 0 && used + opening(head) + items[next]! > frame.height) close();
      used += opening(head);
      const part: ColumnPart = { section: index, continued, from: next, to: next + 1 };
      used += items[next]!;
      next++;
      while (next < items.length && used + items[next]! <= frame.height) {
        used += items[next]!;
        next++;
      }
      part.to = next;
      column.push(part);
      if (next < items.length) close();
    }
  });
  close();

  const pages: Page[] = [];
  const perPage = Math.max(1, Math.floor(frame.columns));
  for (let start = 0; start < columns.length; start += perPage) pages.push(columns.slice(start, start + perPage));
  return pages;
}
