import { EMBED_FONTS, type EmbedQuery } from "@/lib/menus/schemas/off-screen";

/** The CSS variables of a guest page: colours as validated hex, the font one of EMBED_FONTS. */
export type EmbedTheme = { bg: string; fg: string; muted: string; accent: string; font: string };

/** The phone menu's look, and the embed's defaults. Contrast: --tr-muted on --tr-bg 8:1, the text 17:1 (AA asks 4.5:1). */
export const DEFAULT_THEME: EmbedTheme = { bg: "#ffffff", fg: "#1a1a1a", muted: "#4d4d4d", accent: "#8a4b00", font: EMBED_FONTS.system };

export const embedTheme = (query: EmbedQuery): EmbedTheme => ({
  bg: query.bg ?? DEFAULT_THEME.bg,
  fg: query.fg ?? DEFAULT_THEME.fg,
  muted: query.muted ?? DEFAULT_THEME.muted,
  accent: query.accent ?? DEFAULT_THEME.accent,
  font: EMBED_FONTS[query.font ?? "system"],
});
