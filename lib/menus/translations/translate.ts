import type { StoredTranslations } from "@/lib/db/schema/menus";
import { TRANSLATED, type TranslatedField, type TranslatedKind, type TranslationResponse } from "@/lib/menus/schemas/translations";

// One row's texts in a language (decision 097): each translated field the translation gives, else the
// row's own (the default language's) text, and the list of fields that fell back. Shared by the v1
// `?lang=` answers, the phone menu, the embed, print and the board.

type Texts = { name: string; description: string | null; footer?: string | null };
type How = { language: string; isDefault: boolean };

/** How to answer `language` at a location whose languages are `languages` (its default first). */
export const translation = (languages: string[], language: string): How => ({ language, isDefault: language === (languages[0] ?? "en") });

/**
 * A v1 read's answer of one row (decision 100): without `lang` the answer as it always was, untouched;
 * with it, the row's texts in that language and its `translation` (the same as GET /menus/:id?lang=).
 */
export const answerIn = <T extends Texts>(
  kind: TranslatedKind,
  json: T,
  translations: StoredTranslations | null | undefined,
  { lang, languages }: { lang?: string; languages: string[] },
): T => (lang === undefined ? json : translateTexts(kind, json, translations, translation(languages, lang)));

/** The row's texts in `language`; `isDefault`: the language is the location's default (nothing falls back). */
export function translateTexts<T extends Texts>(
  kind: TranslatedKind,
  row: T,
  translations: StoredTranslations | null | undefined,
  { language, isDefault }: How,
): T & { translation: TranslationResponse } {
  const given = isDefault ? undefined : translations?.[language];
  const out: Record<string, unknown> = { ...row };
  const fallback: TranslatedField[] = [];
  for (const field of Object.keys(TRANSLATED[kind]) as TranslatedField[]) {
    const own = (row as Record<string, unknown>)[field];
    if (own === undefined) continue;
    const text = given?.[field];
    if (text) out[field] = text;
    else if (!isDefault && own !== null && own !== "") fallback.push(field);
  }
  return { ...(out as T), translation: { language, fallback } };
}

/** Which fields of `kind` a row has no translation for in `language` (the dashboard's flags). */
export function missingTranslations(
  kind: TranslatedKind,
  row: Partial<Record<TranslatedField, string | null>>,
  translations: StoredTranslations,
  language: string,
) {
  return (Object.keys(TRANSLATED[kind]) as TranslatedField[]).filter((field) => row[field] && !translations[language]?.[field]);
}
