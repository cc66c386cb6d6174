import { stringify } from "csv-stringify/sync";
import type { Db } from "@/lib/db/client";
import { getMenu } from "@/lib/menus/access";
import { menuTree } from "@/lib/menus/tree";
import type { Scope } from "@/lib/server/scope";
import { CSV_COLUMNS, type CsvColumn, guardFormula } from "./rows";

type Cells = Record<CsvColumn, string>;
const blank: Cells = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])) as Cells;

/** A file name a browser can save anywhere: the menu's name in ASCII, then its id. */
function fileName(name: string, id: number) {
  const slug = name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug || "menu"}-${id}.csv`;
}

/**
 * GET /menus/:id/export.csv (decision 059): one row per item and container in menu order, an item
 * without containers on one row without container and price, an empty section on a row with only its
 * name. Written with a UTF-8 BOM and CRLF line ends, so Excel opens accents and quotes as they are.
 * The on-deck section is not part of the file.
 */
export async function exportMenuCsv(db: Db, scope: Scope): Promise<{ fileName: string; csv: string }> {
  const { menu, location } = await getMenu(db, scope);
  const tree = await menuTree(db, { menu, currency: location.currency });
  const records: Cells[] = [];
  for (const section of tree.sections) {
    if (section.items.length === 0) records.push({ ...blank, section: section.name });
    for (const item of section.items) {
      const cells: Cells = {
        ...blank,
        section: section.name,
        item: item.name,
        brewery: item.brewery ?? "",
        style: item.style ?? "",
        abv: item.abv ?? "",
        ibu: item.ibu ?? "",
        description: item.description ?? "",
        untappd_id: item.untappd_id === null ? "" : String(item.untappd_id),
      };
      if (item.containers.length === 0) records.push(cells);
      // In the editor's order (their positions), as the import gives them back; guests read them by volume.
      for (const container of [...item.containers].sort((a, b) => a.position - b.position)) {
        records.push({ ...cells, container: container.container_size?.name ?? container.name ?? "", price: container.price });
      }
    }
  }
  const guarded = records.map((cells) => Object.fromEntries(Object.entries(cells).map(([column, cell]) => [column, guardFormula(cell)])));
  const csv = stringify(guarded, { header: true, columns: [...CSV_COLUMNS], bom: true, record_delimiter: "windows" });
  return { fileName: fileName(menu.name, menu.id), csv };
}
