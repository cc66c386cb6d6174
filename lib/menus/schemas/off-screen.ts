import { z } from "zod";
import { langQuery } from "./translations";

// Menus off the screen (venue-operations §9, decision 066): the printed menu's choices and the files.

export const PAPERS = ["letter", "a4"] as const;
export const LAYOUTS = ["list", "columns", "tap-list"] as const;
export type Paper = (typeof PAPERS)[number];
export type Layout = (typeof LAYOUTS)[number];

/** Countries that print on US Letter; everywhere else A4 (ISO 216). */
const LETTER_COUNTRIES = new Set(["US", "CA", "MX", "PH", "CL", "CO", "VE", "GT", "CR", "PR"]);

/** The paper a venue prints on when the caller names none (the print dialog starts on it too). */
export const paperOf = (country: string | null): Paper => (country && LETTER_COUNTRIES.has(country.toUpperCase()) ? "letter" : "a4");

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` }).meta({ description: what });

/** `paper` absent: the venue's (US Letter in the Americas that use it, A4 elsewhere); `layout` absent: list. */
export const printQuery = z.object({
  paper: choice(PAPERS, "US Letter or ISO A4; absent: the venue's country's").optional(),
  layout: choice(LAYOUTS, "`list` (one column), `columns` (two), `tap-list` (tap numbers first)").default("list"),
  /** The menu's texts in this language, the default's where not translated (decision 097). */
  lang: langQuery,
});

/** GET /locations/:id/google_menu.json (decision 100). */
export const googleMenuQuery = z.object({
  /** The menus in this language when the location has it (as the phone menu's ?lang=), else the default. */
  lang: langQuery,
});

export const printPdfResponse = z.string().meta({ contentMediaType: "application/pdf" });
export const qrSvgResponse = z.string().meta({ contentMediaType: "image/svg+xml" });

/** The embedded menu's fonts: the visitor's own (no web font is loaded). */
export const EMBED_FONTS = {
  system: "system-ui,-apple-system,'Segoe UI',Roboto,sans-serif",
  serif: "Georgia,'Times New Roman',serif",
  mono: "ui-monospace,Menlo,Consolas,monospace",
} as const;

const color = z
  .string()
  .regex(/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i, "must be a hex colour such as 1a1a1a or #1a1a1a")
  .transform((value) => (value.startsWith("#") ? value : `#${value}`))
  .optional();

/**
 * GET /embed/menus/:id's theme (the CSS variables --tr-bg, --tr-fg, --tr-muted, --tr-accent, --tr-font);
 * each absent one keeps its default. The snippet passes its `data-*` attributes of the same names.
 */
export const embedQuery = z.object({
  bg: color,
  fg: color,
  muted: color,
  accent: color,
  font: z
    .enum(Object.keys(EMBED_FONTS) as [keyof typeof EMBED_FONTS, ...(keyof typeof EMBED_FONTS)[]], {
      error: "must be system, serif or mono",
    })
    .optional(),
});
export type EmbedQuery = z.infer<typeof embedQuery>;
export const EMBED_THEME_KEYS = ["bg", "fg", "muted", "accent", "font"] as const;

// ---- search listings (venue-operations §13, decision 084) ----

const googleLabel = z.strictObject({
  displayName: z.string().max(140),
  description: z.string().max(1000).optional(),
  languageCode: z.string(),
});
const googleMoney = z.strictObject({
  currencyCode: z.string().length(3),
  units: z.string().regex(/^\d+$/),
  nanos: z.number().int().min(0).max(999_999_999),
});
const googleAttributes = z.strictObject({
  price: googleMoney,
  allergen: z.array(z.enum(["DAIRY", "EGG", "FISH", "PEANUT", "SHELLFISH", "SOY", "TREE_NUT", "WHEAT"])).optional(),
  dietaryRestriction: z.array(z.enum(["VEGAN", "VEGETARIAN"])).optional(),
  nutritionFacts: z.strictObject({ calories: z.strictObject({ lowerAmount: z.number().int(), unit: z.literal("CALORIE") }) }).optional(),
});
/**
 * GET /locations/:id/google_menu.json: the body Google Business Profile's `locations.updateFoodMenus`
 * takes (`FoodMenus`, without its `name`, which is the Google location's): the published menus as guests read them.
 */
export const googleFoodMenusResponse = z
  .strictObject({
    menus: z.array(
      z.strictObject({
        labels: z.array(googleLabel).min(1),
        sourceUrl: z.string(),
        sections: z.array(
          z.strictObject({
            labels: z.array(googleLabel).min(1),
            items: z
              .array(
                z.strictObject({
                  labels: z.array(googleLabel).min(1),
                  attributes: googleAttributes,
                  options: z.array(z.strictObject({ labels: z.array(googleLabel).min(1), attributes: googleAttributes })).optional(),
                }),
              )
              .min(1),
          }),
        ),
      }),
    ),
  })
  .meta({ description: "Google Business Profile FoodMenus (v4), without `name`" });
