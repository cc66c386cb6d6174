// The board's options (decision 054) without a schema library, for the board's own first load (decision
// 068): its not-found page reads the link's options in the browser. lib/menus/schemas/preview.ts
// re-exports these and holds the query's schema (displayQuery, displayOptions); test/menus/display-options.unit.test.ts
// holds readDisplayOptions to the same answers.

export const DISPLAY_THEMES = ["light", "dark"] as const;
/** `full`: labels, brewery, style, description and prices per beer; `compact`: one line per beer. */
export const DISPLAY_LAYOUTS = ["full", "compact"] as const;
export type DisplayTheme = (typeof DISPLAY_THEMES)[number];
export type DisplayLayout = (typeof DISPLAY_LAYOUTS)[number];

/** What a beer shows besides its tap, name, style, ABV and prices: each can be turned off or on. */
export type DisplayFields = { brewery_place: boolean; description: boolean; labels: boolean; almost_gone: boolean };
export const DISPLAY_FIELDS = ["brewery_place", "description", "labels", "almost_gone"] as const satisfies readonly (keyof DisplayFields)[];

/** Each layout's fields when the link says nothing: the full board shows everything, the compact one line. */
export const DISPLAY_FIELD_DEFAULTS: Record<DisplayLayout, DisplayFields> = {
  full: { brewery_place: true, description: true, labels: true, almost_gone: false },
  compact: { brewery_place: false, description: false, labels: false, almost_gone: false },
};

export type DisplayOptions = { theme: DisplayTheme; layout: DisplayLayout; fields: DisplayFields; refresh: number | null };
/** What the board looks like: its options but the reload. */
export type DisplayLook = Omit<DisplayOptions, "refresh">;

/** A repeated parameter counts by its first value, as browsers and Next.js's searchParams give it. */
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const flag = (value: string | string[] | undefined) => {
  const text = first(value);
  return text === "1" || text === "true" ? true : text === "0" || text === "false" ? false : undefined;
};
const oneOf = <T extends string>(values: readonly T[], value: string | string[] | undefined, fallback: T): T => {
  const text = first(value);
  return values.includes(text as T) ? (text as T) : fallback;
};

/** displayOptions of lib/menus/schemas/preview.ts, read by hand: each value not understood is its default. */
export function readDisplayOptions(query: Record<string, string | string[] | undefined>): DisplayOptions {
  const layout = oneOf(DISPLAY_LAYOUTS, query.layout, "full");
  const defaults = DISPLAY_FIELD_DEFAULTS[layout];
  const refreshText = first(query.refresh);
  const refresh = typeof refreshText === "string" && /^\d{1,4}$/.test(refreshText) ? Number(refreshText) : null;
  return {
    theme: oneOf(DISPLAY_THEMES, query.theme, "light"),
    layout,
    fields: {
      brewery_place: flag(query.brewery_place) ?? defaults.brewery_place,
      description: flag(query.description) ?? defaults.description,
      labels: flag(query.labels) ?? defaults.labels,
      almost_gone: flag(query.almost_gone) ?? defaults.almost_gone,
    },
    refresh: refresh !== null && refresh >= 30 && refresh <= 3600 ? refresh : null,
  };
}

/** A record id from a path segment as idParam reads it (1 to 2^31 - 1, no leading zero), or null. */
export function idFromSegment(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2_147_483_647 ? id : null;
}
