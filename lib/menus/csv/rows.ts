import { parse } from "csv-parse/browser/esm/sync";
import type { z } from "zod";
import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE, decimalInput, moneyInput, positiveId } from "@/lib/shared/schemas";

// A menu as CSV (venue-operations §6; decision 059), the part both sides share: the server validates
// an upload with it and the dashboard shows the same rows in its preview. Isomorphic (csv-parse's
// browser build, which Node runs too): no database, no Node built-in. The sizes a container may name
// are passed in; catalogue ids are checked by the server (lib/menus/csv/import.ts).

export const CSV_COLUMNS = [
  "section",
  "item",
  "brewery",
  "style",
  "abv",
  "ibu",
  "description",
  "container",
  "price",
  "untappd_id",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
/** One data row as written, trimmed; `line` as a spreadsheet numbers it (the header is line 1). */
export type CsvRow = { line: number } & Record<CsvColumn, string>;
export type CsvError = { line: number; field: string; message: string };
export type Delimiter = "," | ";";

const BOM = "\uFEFF";
/**
 * The most data rows a file may have (decision 077): one import is one transaction, which holds the
 * embedded database (one connection) while it writes, so its size is bounded. Blank rows do not count.
 */
export const CSV_MAX_ROWS = 2000;

// A cell a spreadsheet would run as a formula (=, +, -, @ first: CSV injection) is written with a
// leading ' (OWASP's advice), and reading takes one off again, so a name like "=Kriek" survives the
// round trip and never runs in Excel. A cell that already starts with ' before one of them gets one more.
const FORMULA = /^'*[=+\-@\t\r]/;
/** The cell as written to a file. */
export const guardFormula = (cell: string) => (FORMULA.test(cell) ? `'${cell}` : cell);
/** The cell as read from a file (already trimmed). */
export const unguardFormula = (cell: string) => (cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell);
const MAX_TEXT = { section: 255, item: 255, brewery: 255, style: 255, description: 5000, container: 255 } as const;
const normalise = (cell: string) => cell.trim().toLowerCase();
const isHeader = (cells: string[]) =>
  cells.length === CSV_COLUMNS.length && CSV_COLUMNS.every((name) => cells.map(normalise).includes(name));

/** The delimiter the header row is written with: `,`, or `;` (Excel's in locales with a decimal comma). */
function delimiterOf(text: string): Delimiter {
  const header = text.split(/\r?\n/, 1)[0] ?? "";
  for (const delimiter of [",", ";"] as const) {
    try {
      const [cells] = parse(header, { delimiter, relax_column_count: true });
      if (cells && isHeader(cells)) return delimiter;
    } catch {
      // Not this delimiter.
    }
  }
  return header.includes(";") && !header.includes(",") ? ";" : ",";
}

function headerErrors(header: string[]): CsvError[] {
  const names = header.map(normalise);
  const errors: CsvError[] = names.flatMap((name, index) => {
    if (name === "" && index === names.length - 1) return [];
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      return [{ line: 1, field: header[index]!.trim(), message: `is not a column; the header is ${CSV_COLUMNS.join(",")}` }];
    }
    return names.indexOf(name) === index ? [] : [{ line: 1, field: name, message: "is in the header twice" }];
  });
  for (const column of CSV_COLUMNS)
    if (!names.includes(column)) errors.push({ line: 1, field: column, message: "is missing from the header" });
  return errors;
}

/**
 * The rows of a CSV text: a UTF-8 BOM and CRLF or LF line ends are taken, and `;` as the delimiter
 * when the header is written with it. Blank rows are skipped but counted, so every line number is
 * the row a spreadsheet shows. The header's columns may come in any order.
 */
export function readCsv(input: string): { rows: CsvRow[]; errors: CsvError[]; delimiter: Delimiter } {
  const text = input.startsWith(BOM) ? input.slice(BOM.length) : input;
  const delimiter = delimiterOf(text);
  if (text.trim() === "")
    return {
      rows: [],
      errors: [{ line: 1, field: "", message: `the file is empty; it needs the header ${CSV_COLUMNS.join(",")}` }],
      delimiter,
    };
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false });
  } catch (error) {
    const records = (error as { records?: number }).records ?? 0;
    return {
      rows: [],
      errors: [{ line: records + 1, field: "", message: `cannot be read as CSV: ${(error as Error).message}` }],
      delimiter,
    };
  }
  const header = records[0] ?? [];
  const errors = headerErrors(header);
  if (errors.length > 0) return { rows: [], errors, delimiter };
  const index = new Map(header.map((name, at) => [normalise(name), at]));
  const rows: CsvRow[] = [];
  records.forEach((cells, at) => {
    const line = at + 1;
    if (at === 0 || cells.every((cell) => cell.trim() === "")) return;
    const extra = cells.slice(header.length).filter((cell) => cell.trim() !== "");
    if (extra.length > 0) errors.push({ line, field: "", message: `has ${cells.length} cells; the header has ${header.length}` });
    const row = { line } as CsvRow;
    for (const column of CSV_COLUMNS) row[column] = unguardFormula((cells[index.get(column)!] ?? "").trim());
    const garbled = CSV_COLUMNS.find((column) => row[column].includes("\uFFFD"));
    if (garbled) errors.push({ line, field: garbled, message: "is not UTF-8 text: save the file as “CSV UTF-8”" });
    const controlled = CSV_COLUMNS.find((column) => CONTROL_CHARACTER.test(row[column]));
    if (controlled) errors.push({ line, field: controlled, message: CONTROL_CHARACTER_MESSAGE });
    rows.push(row);
  });
  if (rows.length > CSV_MAX_ROWS) {
    const over = rows[CSV_MAX_ROWS]!.line;
    const message = `is past the ${CSV_MAX_ROWS.toLocaleString("en-US")}-row limit: the file has ${rows.length.toLocaleString("en-US")} rows; split it into files of at most ${CSV_MAX_ROWS.toLocaleString("en-US")}`;
    return { rows: [], errors: [{ line: over, field: "", message }], delimiter };
  }
  return { rows, errors, delimiter };
}

export type PlannedContainer = { line: number; sizeId: number; price: string };
/** An item as the file gives it; `name` empty when a catalogue beer's row leaves it to the catalogue. */
export type PlannedItem = {
  line: number;
  untappdId: number | null;
  name: string;
  brewery: string | null;
  style: string | null;
  abv: string | null;
  ibu: string | null;
  description: string | null;
  containers: PlannedContainer[];
};
export type PlannedSection = { line: number; name: string; items: PlannedItem[] };
export type ContainerSizeName = { id: number; name: string };

const checked = <T>(schema: z.ZodType<T>, value: string): { value: T } | { message: string } => {
  const result = schema.safeParse(value);
  return result.success ? { value: result.data } : { message: result.error.issues[0]?.message ?? "is not valid" };
};
const ABV = decimalInput(0, 100);
const IBU = decimalInput(0, 10_000);

/** A number as the file writes it: `4,5` is 4.5 in a `;` file, where the comma cannot be a delimiter. */
const numberText = (value: string, delimiter: Delimiter) => (delimiter === ";" ? value.replace(",", ".") : value);
const orNull = (value: string) => (value === "" ? null : value);

type Parsed = { untappdId: number | null; abv: string | null; ibu: string | null; sizeId: number | null; price: string | null };

/** The row's cells read as values, each cell in error named. */
function parseRow(row: CsvRow, sizes: Map<string, ContainerSizeName>, delimiter: Delimiter, errors: CsvError[]): Parsed {
  const fail = (field: CsvColumn, message: string) => errors.push({ line: row.line, field, message });
  for (const [field, max] of Object.entries(MAX_TEXT) as [keyof typeof MAX_TEXT, number][]) {
    if (row[field].length > max) fail(field, `must be at most ${max} characters`);
  }
  const number = <T>(field: CsvColumn, schema: z.ZodType<T>): T | null => {
    if (row[field] === "") return null;
    const result = checked(schema, numberText(row[field], delimiter));
    if ("message" in result) {
      fail(field, result.message);
      return null;
    }
    return result.value;
  };
  const untappdId = number("untappd_id", positiveId);
  const abv = number("abv", ABV);
  const ibu = number("ibu", IBU);
  // The money schema reads "-2" as not a number; a spreadsheet user needs the reason.
  const negative = /^-\s*\d/.test(row.price);
  if (negative) fail("price", "must not be negative");
  const price = negative ? null : number("price", moneyInput);
  let sizeId: number | null = null;
  if (row.container !== "") {
    const size = sizes.get(normalise(row.container));
    if (size) sizeId = size.id;
    else fail("container", `is not a container size; the sizes are ${[...sizes.values()].map((s) => s.name).join(", ")}`);
  }
  if (row.container === "" && row.price !== "") fail("container", "is required on a row with a price");
  if (row.container !== "" && row.price === "") fail("price", "is required on a row with a container");
  if (row.item === "" && row.untappd_id === "") {
    const other = (["brewery", "style", "abv", "ibu", "description", "container", "price"] as const).find((field) => row[field] !== "");
    if (other) fail("item", "can't be blank on a row with other values (a row with only a section is an empty section)");
  }
  return { untappdId, abv: abv === null ? null : String(abv), ibu: ibu === null ? null : String(ibu), sizeId, price };
}

/** The same item again: a further container (size and price) for it, whose other cells are blank or the same. */
function continues(previous: { row: CsvRow; item: PlannedItem } | null, row: CsvRow) {
  if (!previous || row.container === "" || previous.item.containers.length === 0) return false;
  return (["section", "item", "brewery", "untappd_id"] as const).every((field) => previous.row[field] === row[field]);
}

/**
 * The menu the rows describe, and every cell in error. A section is a run of consecutive rows with
 * the same `section`; an item is a run of consecutive rows with the same section, item, brewery and
 * untappd_id, one row per container; a row without container and price is an item without containers,
 * and a row with only `section` an empty section.
 */
export function planRows(
  rows: CsvRow[],
  { sizes, delimiter }: { sizes: ContainerSizeName[]; delimiter: Delimiter },
): { sections: PlannedSection[]; errors: CsvError[] } {
  const bySize = new Map<string, ContainerSizeName>();
  for (const size of sizes) if (!bySize.has(normalise(size.name))) bySize.set(normalise(size.name), size);
  const errors: CsvError[] = [];
  const sections: PlannedSection[] = [];
  let previous: { row: CsvRow; item: PlannedItem } | null = null;
  for (const row of rows) {
    const parsed = parseRow(row, bySize, delimiter, errors);
    let section = sections.at(-1);
    if (!section || section.name !== row.section) {
      section = { line: row.line, name: row.section, items: [] };
      sections.push(section);
      previous = null;
    }
    if (row.item === "" && row.untappd_id === "") continue;
    if (continues(previous, row)) {
      const first = previous!;
      for (const field of ["style", "abv", "ibu", "description"] as const) {
        if (row[field] !== "" && row[field] !== first.row[field]) {
          errors.push({
            line: row.line,
            field,
            message: `differs from line ${first.item.line}, the same item's first row: leave it blank or the same`,
          });
        }
      }
      const twice = first.item.containers.find((container) => container.sizeId === parsed.sizeId);
      if (twice)
        errors.push({
          line: row.line,
          field: "container",
          message: `is listed twice for this item (line ${twice.line}): one price per size`,
        });
      else if (parsed.sizeId !== null && parsed.price !== null)
        first.item.containers.push({ line: row.line, sizeId: parsed.sizeId, price: parsed.price });
      continue;
    }
    const item: PlannedItem = {
      line: row.line,
      untappdId: parsed.untappdId,
      name: row.item,
      brewery: orNull(row.brewery),
      style: orNull(row.style),
      abv: parsed.abv,
      ibu: parsed.ibu,
      description: orNull(row.description),
      containers: parsed.sizeId !== null && parsed.price !== null ? [{ line: row.line, sizeId: parsed.sizeId, price: parsed.price }] : [],
    };
    section.items.push(item);
    previous = { row, item };
  }
  return { sections, errors: errors.sort((a, b) => a.line - b.line) };
}

export type CsvCounts = { sections: number; items: number; containers: number };

export function countPlan(sections: PlannedSection[]): CsvCounts {
  const items = sections.flatMap((section) => section.items);
  return { sections: sections.length, items: items.length, containers: items.reduce((sum, item) => sum + item.containers.length, 0) };
}
