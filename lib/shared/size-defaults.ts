// Sizes by country (issue 49, decision 088): a location's country decides which sizes it starts with,
// each held and shown in its own unit. Isomorphic: the server puts them in the shared list when a
// location names its country; the dashboard's size pickers offer them first.

export type SizeUnit = "oz" | "ml" | "l";

/** A size of the shared list as it is seeded: its name, volume in its own unit, and group (1 draft, 2 can, 3 bottle, 4 wine, 5 taster, 6 to go). */
export type SizeSeed = { name: string; volume: string; unit: SizeUnit; group: number };

/** US fluid ounces in one millilitre's worth: the v1 `ounces` field of a size held in ml or l. */
const ML_PER_US_OUNCE = 29.5735295625;

/** The v1 field `ounces` (a decimal string, 4 places) for a volume in its own unit. */
export function ouncesOf(volume: string, unit: SizeUnit): string {
  const ml = unit === "oz" ? null : unit === "l" ? Number(volume) * 1000 : Number(volume);
  return (ml === null ? Number(volume) : ml / ML_PER_US_OUNCE).toFixed(4);
}

const IMPERIAL: SizeSeed[] = [
  { name: "568 ml Pint", volume: "568", unit: "ml", group: 1 },
  { name: "284 ml Half Pint", volume: "284", unit: "ml", group: 1 },
];
const METRIC: SizeSeed[] = [
  { name: "0.3 l", volume: "0.3", unit: "l", group: 1 },
  { name: "0.4 l", volume: "0.4", unit: "l", group: 1 },
  { name: "0.5 l", volume: "0.5", unit: "l", group: 1 },
];
const US: SizeSeed[] = [
  { name: "Pint", volume: "16", unit: "oz", group: 1 },
  { name: "12 oz", volume: "12", unit: "oz", group: 1 },
];

// Ireland pays in euros but pours imperial pints, as the UK does (and the Crown dependencies).
const IMPERIAL_COUNTRIES = new Set(["GB", "IE", "IM", "JE", "GG"]);
// The euro area but Ireland (2026).
const EURO_AREA = new Set([
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PT",
  "SK",
  "SI",
  "ES",
]);

/** The sizes a location in `country` (ISO 3166-1 alpha-2) starts with, smallest last as they are listed; none for a country without its own. */
export function defaultSizesFor(country: string | null | undefined): SizeSeed[] {
  const code = country?.toUpperCase() ?? "";
  if (IMPERIAL_COUNTRIES.has(code)) return IMPERIAL;
  if (EURO_AREA.has(code)) return METRIC;
  if (code === "US") return US;
  return [];
}

// The zones of the countries with sizes of their own: a location with no country yet (the short form
// that creates one asks only its name, zone and currency) takes its sizes from its zone's country.
const ZONE_COUNTRY: Record<string, string> = {
  "Europe/London": "GB",
  "Europe/Belfast": "GB",
  "Europe/Dublin": "IE",
  "Europe/Isle_of_Man": "IM",
  "Europe/Jersey": "JE",
  "Europe/Guernsey": "GG",
  "Europe/Amsterdam": "NL",
  "Europe/Brussels": "BE",
  "Europe/Luxembourg": "LU",
  "Europe/Paris": "FR",
  "Europe/Berlin": "DE",
  "Europe/Busingen": "DE",
  "Europe/Vienna": "AT",
  "Europe/Rome": "IT",
  "Europe/Madrid": "ES",
  "Atlantic/Canary": "ES",
  "Africa/Ceuta": "ES",
  "Europe/Lisbon": "PT",
  "Atlantic/Madeira": "PT",
  "Atlantic/Azores": "PT",
  "Europe/Helsinki": "FI",
  "Europe/Tallinn": "EE",
  "Europe/Riga": "LV",
  "Europe/Vilnius": "LT",
  "Europe/Athens": "GR",
  "Europe/Malta": "MT",
  "Asia/Nicosia": "CY",
  "Europe/Nicosia": "CY",
  "Asia/Famagusta": "CY",
  "Europe/Bratislava": "SK",
  "Europe/Ljubljana": "SI",
  "Europe/Zagreb": "HR",
  "Europe/Sofia": "BG",
  "America/New_York": "US",
  "America/Chicago": "US",
  "America/Denver": "US",
  "America/Phoenix": "US",
  "America/Los_Angeles": "US",
  "America/Anchorage": "US",
  "Pacific/Honolulu": "US",
  "America/Detroit": "US",
  "America/Boise": "US",
  "America/Juneau": "US",
  "America/Sitka": "US",
  "America/Nome": "US",
  "America/Adak": "US",
  "America/Yakutat": "US",
  "America/Metlakatla": "US",
  "America/Menominee": "US",
};
const US_ZONE_PREFIXES = ["America/Indiana/", "America/Kentucky/", "America/North_Dakota/", "US/"];

/** The country whose sizes a location pours: its own, or else its time zone's (null when neither says). */
export function sizesCountry(location: { country: string | null; timeZone: string }): string | null {
  if (location.country) return location.country.toUpperCase();
  return ZONE_COUNTRY[location.timeZone] ?? (US_ZONE_PREFIXES.some((prefix) => location.timeZone.startsWith(prefix)) ? "US" : null);
}

/** Every country's defaults, once each: what the shared list holds from its first seeding. */
export const ALL_DEFAULT_SIZES: SizeSeed[] = [...US, ...IMPERIAL, ...METRIC];

/** A volume as people read it, in its own unit: "568 ml", "0.5 l", "16 oz", "19.2 oz". */
export function volumeText(size: { volume: string; unit: SizeUnit }): string {
  const digits = size.unit === "ml" ? 0 : size.unit === "l" ? 2 : 1;
  return `${Number(size.volume).toLocaleString("en-US", { maximumFractionDigits: digits, useGrouping: false })} ${size.unit}`;
}

/** A size named for a picker: "Pint · 16 oz", "568 ml Pint" (a name that already says its volume keeps to it). */
export function sizeLabel(size: { name: string; volume: string; unit: SizeUnit }): string {
  const volume = volumeText(size);
  return size.name.replace(/\s+/g, " ").toLowerCase().includes(volume.toLowerCase()) ? size.name : `${size.name} · ${volume}`;
}

type Listed = { id: number; name: string; volume: string; unit: SizeUnit; ounces: string };

/**
 * A picker's sizes at a location in `country`: that country's own first (by volume), then every other
 * size by volume; `preferred` is what a new price starts on: the country's largest (its pint or 0.5 l),
 * else the list's first.
 */
export function sizesForCountry<T extends Listed>(
  sizes: T[],
  country: string | null | undefined,
): { own: T[]; other: T[]; preferred: T | undefined } {
  const names = new Set(defaultSizesFor(country).map((size) => size.name));
  const byVolume = (a: T, b: T) => Number(a.ounces) - Number(b.ounces);
  const own = sizes.filter((size) => names.has(size.name)).sort(byVolume);
  const other = sizes.filter((size) => !names.has(size.name)).sort(byVolume);
  return { own, other, preferred: own.at(-1) ?? sizes[0] };
}
