import { z } from "zod";
import { langQuery } from "./translations";
import { idParam } from "@/lib/shared/schemas";
import {
  DISPLAY_FIELD_DEFAULTS,
  DISPLAY_FIELDS,
  DISPLAY_LAYOUTS,
  DISPLAY_THEMES,
  type DisplayLook,
  type DisplayOptions,
} from "../display-options";
import { LABELLING } from "@/lib/shared/labels";
import { instantQuery, menuTreeResponse } from "./menus";

// The menu display (/preview/menus/:menuId): what its page renders and what its script fetches
// again when the menu's version changes (GET /preview/menus/:menuId/data).

export const previewParams = z.object({ menuId: idParam });
/** `at`: what guests see at that instant (the dashboard's "what guests see at…"), not live. */
/** `opened=1`: a paired TV's first read of its menu (a menu view, "TV Board"); its reads after a change say nothing. */
export const previewQuery = z.object({
  at: instantQuery.optional(),
  opened: z.literal("1").optional(),
  /** The board's language (decision 097): the menu's texts in it, the default's where not translated. */
  lang: langQuery,
});

export const previewResponse = z.strictObject({
  /** The menu as guests see it (86'd items left out). */
  menu: menuTreeResponse,
  location: z.strictObject({
    name: z.string(),
    city: z.string().nullable(),
    /** The venue's country by name: a brewery in it is placed without it ("Brooklyn, NY"). */
    country_name: z.string().nullable(),
    currency: z.string(),
    /** What the board must show (venue-operations §13): allergens as words (eu, uk), calories beside prices (uk, us). */
    labelling: z.enum(LABELLING),
    /** The language the board is in (its own, else the location's default): its own words follow it (decision 100). */
    language: z.string(),
  }),
  /** A draft, shown only to the menu's own business. */
  draft: z.boolean(),
  /** The viewer is signed in to the menu's business. */
  staff: z.boolean(),
  /** The venue's IANA zone: the board's "as of HH:MM" is venue time. */
  time_zone: z.string(),
  /**
   * When what guests see next changes by time alone (a schedule's window or a happy hour starts or
   * ends, venue-operations §7): the board fetches again then, with no edit and no reload. Null: never.
   */
  changes_at: z.string().nullable(),
  /** The venue's clock (its country's, decision 062): "as of 9:05 PM" or "as of 21:05". */
  clock: z.enum(["12h", "24h"]),
  /** The items pouring from a keg at or under the location's keg_low_percent (venue-operations §8): "almost gone" where the board shows it. */
  almost_gone: z.array(z.number().int().positive()),
});

export type PreviewResponse = z.infer<typeof previewResponse>;

/** What the board's stream sends (`event: version`): the menu's version, nothing else about the change. */
export const displayVersionEvent = z.strictObject({ version: z.number().int().positive() });

// The board's own query (decision 054): how a TV shows the menu, chosen in the dashboard and kept in the
// link. A board is a page a TV opens once and keeps; a wrong value must not leave it blank, so each
// value that is missing or not understood falls back to its default, as `theme` always has.

export {
  DISPLAY_FIELD_DEFAULTS,
  DISPLAY_FIELDS,
  DISPLAY_LAYOUTS,
  DISPLAY_THEMES,
  type DisplayFields,
  type DisplayLayout,
  type DisplayLook,
  type DisplayOptions,
  type DisplayTheme,
} from "../display-options";

/** A repeated parameter counts by its first value, as browsers and Next.js's searchParams give it. */
const first = (value: unknown) => (Array.isArray(value) ? value[0] : value);
const flag = z.preprocess(
  first,
  z
    .enum(["1", "0", "true", "false"])
    .transform((value) => value === "1" || value === "true")
    .optional()
    .catch(undefined),
);

/**
 * `?theme=light|dark`, `?layout=full|compact`, `?brewery_place=`, `?description=`, `?labels=`, `?almost_gone=` (`1` or
 * `0`; unset: the layout's default) and `?refresh=<seconds>` for TVs that reload themselves, whole
 * seconds from 30 to 3600 (anything else means no refresh).
 */
export const displayQuery = z.object({
  theme: z.preprocess(first, z.enum(DISPLAY_THEMES).catch("light")),
  layout: z.preprocess(first, z.enum(DISPLAY_LAYOUTS).catch("full")),
  brewery_place: flag,
  description: flag,
  labels: flag,
  almost_gone: flag,
  refresh: z.preprocess(
    first,
    z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number)
      .pipe(z.number().int().min(30).max(3600))
      .nullable()
      .catch(null),
  ),
});

export function displayOptions(query: Record<string, string | string[] | undefined>): DisplayOptions {
  const parsed = displayQuery.parse(query);
  const defaults = DISPLAY_FIELD_DEFAULTS[parsed.layout];
  return {
    theme: parsed.theme,
    layout: parsed.layout,
    fields: {
      brewery_place: parsed.brewery_place ?? defaults.brewery_place,
      description: parsed.description ?? defaults.description,
      labels: parsed.labels ?? defaults.labels,
      almost_gone: parsed.almost_gone ?? defaults.almost_gone,
    },
    refresh: parsed.refresh,
  };
}

/** The board's link for these options (the dashboard offers it to copy): only what differs from the defaults. */
export function displayPath(menuId: number, options: DisplayLook & { refresh?: number | null }): string {
  const query = new URLSearchParams();
  if (options.layout !== "full") query.set("layout", options.layout);
  if (options.theme !== "light") query.set("theme", options.theme);
  const defaults = DISPLAY_FIELD_DEFAULTS[options.layout];
  for (const field of DISPLAY_FIELDS) {
    if (options.fields[field] !== defaults[field]) query.set(field, options.fields[field] ? "1" : "0");
  }
  if (options.refresh) query.set("refresh", String(options.refresh));
  const search = query.toString();
  return `/preview/menus/${menuId}${search ? `?${search}` : ""}`;
}
