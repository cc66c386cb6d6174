// The lists a location form picks from, built from the browser's own Intl data (no list shipped):
// IANA time zones with their current offsets, ISO 4217 currencies and ISO 3166 countries with names.

export type ZoneOption = { id: string; city: string; region: string; offset: string; search: string };

/** "Europe/Amsterdam" → city "Amsterdam", region "Europe"; "America/Argentina/Salta" → "Salta", "America · Argentina". */
function splitZone(id: string) {
  const parts = id.split("/");
  const city = (parts.at(-1) ?? id).replaceAll("_", " ");
  const region = parts.slice(0, -1).join(" · ").replaceAll("_", " ");
  return { city, region };
}

function offsetOf(id: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat("en-US", { timeZone: id, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName");
    // "GMT+01:00" reads as UTC+01:00; plain "GMT" is UTC itself.
    return part ? part.value.replace(/^GMT$/, "UTC+00:00").replace(/^GMT/, "UTC") : "";
  } catch {
    return "";
  }
}

let zones: ZoneOption[] | null = null;

/** Every zone the browser knows (UTC included), by name; built once, on first use. */
export function timeZoneOptions(): ZoneOption[] {
  if (zones) return zones;
  const ids = new Set<string>(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);
  ids.add("UTC");
  const now = new Date();
  zones = [...ids].sort().map((id) => {
    const { city, region } = splitZone(id);
    const offset = offsetOf(id, now);
    // What a person may type: the city with spaces, the region, the offset with or without its zeros.
    const short = offset.replace(/:00$/, "").replace(/([+-])0(\d)/, "$1$2");
    return { id, city, region, offset, search: `${id} ${city} ${region} ${offset} ${short}`.toLowerCase().replaceAll("_", " ") };
  });
  return zones;
}

/** Whether `id` is a zone of the list (case as written). */
export function isKnownZone(id: string): boolean {
  return timeZoneOptions().some((zone) => zone.id === id);
}

/** Zones whose words all appear in the query ("new york", "amst", "utc+1"). */
export function searchZones(query: string): ZoneOption[] {
  const words = query.toLowerCase().replaceAll("_", " ").replaceAll("/", " ").split(/\s+/).filter(Boolean);
  const all = timeZoneOptions();
  if (words.length === 0) return all;
  return all.filter((zone) => words.every((word) => zone.search.includes(word)));
}

/** The browser's own zone, or UTC. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

// The currency of the country a zone is in, where that is easy to know; anything else is USD.
const CURRENCY_ZONES: Record<string, string[]> = {
  USD: [
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Los_Angeles",
    "America/Phoenix",
    "America/Anchorage",
    "America/Adak",
    "America/Boise",
    "America/Detroit",
    "America/Juneau",
    "America/Sitka",
    "America/Nome",
    "America/Menominee",
    "America/Puerto_Rico",
    "America/Guayaquil",
    "America/El_Salvador",
    "America/Panama",
    "Pacific/Honolulu",
  ],
  CAD: [
    "America/Toronto",
    "America/Vancouver",
    "America/Edmonton",
    "America/Winnipeg",
    "America/Halifax",
    "America/St_Johns",
    "America/Regina",
    "America/Moncton",
    "America/Whitehorse",
    "America/Yellowknife",
    "America/Iqaluit",
    "America/Goose_Bay",
    "America/Glace_Bay",
  ],
  MXN: ["America/Mexico_City", "America/Cancun", "America/Merida", "America/Monterrey", "America/Tijuana", "America/Hermosillo"],
  EUR: [
    "Europe/Amsterdam",
    "Europe/Berlin",
    "Europe/Paris",
    "Europe/Madrid",
    "Europe/Rome",
    "Europe/Brussels",
    "Europe/Vienna",
    "Europe/Dublin",
    "Europe/Lisbon",
    "Europe/Helsinki",
    "Europe/Athens",
    "Europe/Luxembourg",
    "Europe/Monaco",
    "Europe/Tallinn",
    "Europe/Riga",
    "Europe/Vilnius",
    "Europe/Bratislava",
    "Europe/Ljubljana",
    "Europe/Malta",
    "Europe/Zagreb",
    "Europe/Andorra",
    "Europe/Vatican",
    "Europe/San_Marino",
    "Europe/Podgorica",
    "Europe/Busingen",
    "Atlantic/Canary",
    "Atlantic/Madeira",
    "Atlantic/Azores",
    "Africa/Ceuta",
    "Asia/Nicosia",
    "Asia/Famagusta",
    "Europe/Nicosia",
  ],
  GBP: ["Europe/London", "Europe/Belfast", "Europe/Guernsey", "Europe/Jersey", "Europe/Isle_of_Man"],
  CHF: ["Europe/Zurich", "Europe/Vaduz"],
  SEK: ["Europe/Stockholm"],
  NOK: ["Europe/Oslo"],
  DKK: ["Europe/Copenhagen", "Atlantic/Faroe"],
  ISK: ["Atlantic/Reykjavik"],
  PLN: ["Europe/Warsaw"],
  CZK: ["Europe/Prague"],
  HUF: ["Europe/Budapest"],
  RON: ["Europe/Bucharest"],
  UAH: ["Europe/Kyiv", "Europe/Kiev"],
  TRY: ["Europe/Istanbul"],
  NZD: ["Pacific/Auckland", "Pacific/Chatham"],
  JPY: ["Asia/Tokyo"],
  KRW: ["Asia/Seoul"],
  CNY: ["Asia/Shanghai"],
  HKD: ["Asia/Hong_Kong"],
  SGD: ["Asia/Singapore"],
  TWD: ["Asia/Taipei"],
  INR: ["Asia/Kolkata", "Asia/Calcutta"],
  THB: ["Asia/Bangkok"],
  VND: ["Asia/Ho_Chi_Minh", "Asia/Saigon"],
  PHP: ["Asia/Manila"],
  IDR: ["Asia/Jakarta"],
  MYR: ["Asia/Kuala_Lumpur"],
  ILS: ["Asia/Jerusalem"],
  AED: ["Asia/Dubai"],
  ZAR: ["Africa/Johannesburg"],
  BRL: ["America/Sao_Paulo", "America/Bahia", "America/Fortaleza", "America/Recife", "America/Manaus", "America/Belem"],
  CLP: ["America/Santiago"],
  COP: ["America/Bogota"],
  PEN: ["America/Lima"],
};
const CURRENCY_PREFIXES: [string, string][] = [
  ["Australia/", "AUD"],
  ["America/Argentina/", "ARS"],
  ["America/Indiana/", "USD"],
  ["America/Kentucky/", "USD"],
  ["America/North_Dakota/", "USD"],
  ["US/", "USD"],
  ["Canada/", "CAD"],
];
const zoneCurrency = new Map(Object.entries(CURRENCY_ZONES).flatMap(([currency, ids]) => ids.map((id) => [id, currency] as const)));

/** The currency most venues in `zone` price in, or USD when the zone does not say. */
export function currencyForZone(zone: string): string {
  return zoneCurrency.get(zone) ?? CURRENCY_PREFIXES.find(([prefix]) => zone.startsWith(prefix))?.[1] ?? "USD";
}

export type NamedCode = { code: string; name: string };

/** Listed first: the currencies most of our venues price in. */
export const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "JPY", "MXN", "BRL", "ZAR"];

let currencies: NamedCode[] | null = null;

/** ISO 4217 currencies the browser knows, by code, with their English names. */
export function currencyOptions(): NamedCode[] {
  if (currencies) return currencies;
  const codes = new Set<string>(typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : []);
  for (const code of COMMON_CURRENCIES) codes.add(code);
  const names = new Intl.DisplayNames(["en"], { type: "currency", fallback: "code" });
  currencies = [...codes].sort().map((code) => ({ code, name: names.of(code) ?? code }));
  return currencies;
}

// ISO 3166-1 alpha-2: the officially assigned codes (the browser names them; it has no list of its own).
const COUNTRY_CODES =
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI " +
  "CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ " +
  "GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS " +
  "LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG " +
  "PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK " +
  "TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW";

let countries: NamedCode[] | null = null;

/** Countries by English name. */
export function countryOptions(): NamedCode[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
  countries = COUNTRY_CODES.split(" ")
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return countries;
}
