// Languages guests read a location's menus in (venue-operations §13, decision 097): BCP 47 tags in their
// canonical spelling, the location's list (its default first), and the choice of one for a request from
// `?lang=` then `Accept-Language` (RFC 9110 §12.5.4's q-values, RFC 4647's lookup). Isomorphic and free
// of zod: the handlers, the guest pages, the board and the dashboard read the same rules.

/** A location lists at most this many languages, its default included. */
export const MAX_LANGUAGES = 10;
/** What a location starts with. */
export const DEFAULT_LANGUAGES = ["en"] as const;

// language (2–3 letters), then optional script (4 letters), region (2 letters or 3 digits) and variants:
// what a menu needs, not every BCP 47 extension (private use and extensions are refused).
const TAG = /^[a-z]{2,3}(-[A-Z][a-z]{3})?(-([A-Z]{2}|\d{3}))?(-([a-z\d]{5,8}|\d[a-z\d]{3}))*$/;

/** The tag's canonical spelling (`EN-us` → `en-US`), or null when it is not a language tag we take. */
export function canonicalLanguage(value: string): string | null {
  if (value.length === 0 || value.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical && TAG.test(canonical) ? canonical : null;
  } catch {
    return null;
  }
}

/** The language's name in itself ("Deutsch", "English"), for a switch a guest who reads only it can find. */
export function languageName(tag: string): string {
  try {
    const name = new Intl.DisplayNames([tag], { type: "language" }).of(tag);
    return name ? name.charAt(0).toLocaleUpperCase(tag) + name.slice(1) : tag;
  } catch {
    return tag;
  }
}

type Range = { range: string; q: number; order: number };

/** Accept-Language's ranges with q > 0, best first (ties in the header's order). Malformed parts are skipped. */
export function acceptedRanges(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: Range[] = [];
  header
    .split(",")
    .slice(0, 32)
    .forEach((part, order) => {
      const [rawRange, ...params] = part.trim().split(";");
      const range = rawRange?.trim() ?? "";
      if (!/^(\*|[A-Za-z]{1,8}(-[A-Za-z\d]{1,8})*)$/.test(range)) return;
      let q = 1;
      for (const param of params) {
        const match = param.trim().match(/^q=([01](\.\d{0,3})?)$/i);
        if (match) q = Math.min(1, Number(match[1]));
        else if (/^q=/i.test(param.trim())) q = -1;
      }
      if (q > 0) ranges.push({ range: range.toLowerCase(), q, order });
    });
  return ranges.sort((a, b) => b.q - a.q || a.order - b.order).map((r) => r.range);
}

/**
 * The language of `languages` (the location's, default first) to answer: `asked` (`?lang=`) when the
 * location has it, else the best Accept-Language range that one of them matches (exact, then a
 * language the range covers, `de` → `de-CH`, then the range cut short, `de-AT` → `de`), else the default.
 */
export function chooseLanguage(languages: readonly string[], { asked, accept }: { asked?: string | null; accept?: string | null }): string {
  const fallback = languages[0] ?? "en";
  const lower = languages.map((tag) => tag.toLowerCase());
  if (asked) {
    const at = lower.indexOf(asked.toLowerCase());
    if (at >= 0) return languages[at]!;
  }
  for (const range of acceptedRanges(accept)) {
    if (range === "*") return fallback;
    const exact = lower.indexOf(range);
    if (exact >= 0) return languages[exact]!;
    const covered = lower.findIndex((tag) => tag.startsWith(`${range}-`));
    if (covered >= 0) return languages[covered]!;
    const parts = range.split("-");
    while (parts.length > 1) {
      parts.pop();
      const cut = lower.indexOf(parts.join("-"));
      if (cut >= 0) return languages[cut]!;
    }
  }
  return fallback;
}
