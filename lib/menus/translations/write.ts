import { type AnyColumn, sql, type SQL } from "drizzle-orm";
import type { StoredTranslations } from "@/lib/db/schema";
import type { TranslationsPatch } from "@/lib/menus/schemas/translations";

// How a write's `translations` lands on a row (decision 097): in one statement, the languages it names
// replaced or removed, the others kept, so two editors of two languages do not undo each other.

/** A new row's translations: the languages given with texts. */
export const newTranslations = (patch: TranslationsPatch | undefined): StoredTranslations | undefined =>
  patch && (Object.fromEntries(Object.entries(patch).filter(([, texts]) => texts !== null)) as StoredTranslations);

/** The SET expression for `column`, or undefined when the write does not touch translations. */
export function patchTranslations(column: AnyColumn, patch: TranslationsPatch | undefined): SQL | undefined {
  if (!patch) return undefined;
  const set = newTranslations(patch)!;
  const removed = Object.keys(patch).filter((tag) => patch[tag] === null);
  const tags = sql.join(
    removed.map((tag) => sql`${tag}`),
    sql`, `,
  );
  return sql`(${column} - array[${tags}]::text[]) || ${JSON.stringify(set)}::jsonb`;
}
