import { z } from "zod";
import { canonicalLanguage, MAX_LANGUAGES } from "@/lib/shared/language";
import { optionalText } from "@/lib/shared/schemas";

// The venue's own texts in other languages (venue-operations §13, decision 097): the `translations`
// field of menu, section and item writes, the location's `languages`, and what a `?lang=` answer adds.

/** The texts of each kind a translation may give, with the ceilings of the rows' own fields. */
export const TRANSLATED = {
  menu: { name: 255, description: 2000, footer: 2000 },
  section: { name: 255, description: 2000 },
  item: { name: 255, description: 5000 },
} as const;
export type TranslatedKind = keyof typeof TRANSLATED;
export type TranslatedField = "name" | "description" | "footer";

const languageKey = z.string().refine((tag) => canonicalLanguage(tag) !== null, "must be a language tag such as de or pt-BR");

/**
 * `{ "de": { "name": "…", "description": "…" } }`: by language tag, the texts given. A write changes
 * only the languages it names (each replaced whole); a language given as null, or with no text left, is
 * removed. A text null or blank is no text: the default's shows.
 */
export function translationsInput(kind: TranslatedKind) {
  const fields = Object.fromEntries(Object.entries(TRANSLATED[kind]).map(([field, max]) => [field, optionalText(max)]));
  return z
    .record(
      languageKey,
      z.strictObject(fields, { error: `must be an object of ${Object.keys(TRANSLATED[kind]).join(", ")}, or null` }).nullable(),
      { error: "must be an object keyed by language tag" },
    )
    .refine((map) => Object.keys(map).length <= MAX_LANGUAGES, `lists at most ${MAX_LANGUAGES} languages`)
    .transform((map): TranslationsPatch => {
      const patch: TranslationsPatch = {};
      for (const [tag, texts] of Object.entries(map)) {
        const kept = Object.fromEntries(Object.entries(texts ?? {}).filter(([, text]) => typeof text === "string" && text !== ""));
        patch[canonicalLanguage(tag)!] = Object.keys(kept).length > 0 ? kept : null;
      }
      return patch;
    })
    .optional();
}
/** One language's texts of a row (lib/db/schema's StoredTranslations holds them by language). */
export type TranslationTexts = { name?: string; description?: string; footer?: string };
/** What a write does to a row's translations: each language named set whole, or removed (null). */
export type TranslationsPatch = Record<string, TranslationTexts | null>;

/** `?lang=` of a v1 read: a tag; absent, the answer is exactly as it was before translations. */
export const langQuery = languageKey.transform((tag) => canonicalLanguage(tag)!).optional();

/** What a `?lang=` answer adds to each menu, section and item: the language, and which texts are the default's. */
export const translationResponse = z.strictObject({
  language: z.string(),
  /** The fields whose text is the default language's, for want of a translation. */
  fallback: z.array(z.enum(["name", "description", "footer"])),
});
export type TranslationResponse = z.infer<typeof translationResponse>;

/** The dashboard's side-by-side form (decision 097): one row per menu, section and item, its texts in one language. */
export const translationForm = z.object({
  rows: z.array(
    z
      .object({
        kind: z.enum(["menu", "section", "item"]),
        id: z.number().int().positive(),
        name: z.string(),
        description: z.string(),
        footer: z.string(),
      })
      .superRefine((row, ctx) => {
        for (const [field, max] of Object.entries(TRANSLATED[row.kind]) as [TranslatedField, number][]) {
          if (row[field].length > max) ctx.addIssue({ code: "custom", path: [field], message: `must be at most ${max} characters` });
        }
      }),
  ),
});
export type TranslationFormValues = z.infer<typeof translationForm>;
