// Suggested matches (pos.md §3), pure: a POS variation to a container of the location by the item's
// name (case, accents, punctuation, "I.P.A." = "IPA", a brewery's name in front) and the size (a
// variation named "Pint", "16oz", "Half", "Taster" to the container of that size). Never applied
// without a person's confirmation.

export type Candidate = {
  itemId: number;
  containerId: number;
  name: string;
  brewery: string | null;
  sizeName: string | null;
  ounces: number | null;
  /** The container's price, a decimal string. */
  price: string;
};

/** Lower case, no accents, no punctuation, single spaces: "Hop Tide I.P.A." → "hop tide ipa". */
export function normalName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

const SIZE_WORDS: [RegExp, number][] = [
  [/\bimperial pint\b|\b20 ?oz\b/, 19.2152],
  [/\bhalf\b|\b8 ?oz\b/, 8],
  [/\bpint\b|\b16 ?oz\b/, 16],
  [/\btaster\b|\bflight\b|\b4 ?oz\b/, 4],
  [/\b10 ?oz\b/, 10],
  [/\b12 ?oz\b/, 12],
];

/** The ounces a variation's name stands for, or null. */
export function ouncesOf(variationName: string): number | null {
  const name = normalName(variationName);
  const explicit = /\b(\d+(?:\.\d+)?) ?(oz|ounces?)\b/.exec(name);
  if (explicit) return Number(explicit[1]);
  const ml = /\b(\d+) ?(ml|cl)\b/.exec(name);
  if (ml) return (Number(ml[1]) * (ml[2] === "cl" ? 10 : 1)) / 29.5735;
  return SIZE_WORDS.find(([pattern]) => pattern.test(name))?.[1] ?? null;
}

function sameItem(posName: string, candidate: Candidate): boolean {
  const pos = normalName(posName);
  const name = normalName(candidate.name);
  if (!name) return false;
  if (pos === name) return true;
  const brewery = candidate.brewery ? normalName(candidate.brewery) : "";
  // "Acme Brewing Harbor Haze" / "Acme Harbor Haze" for "Harbor Haze" by Acme Brewing
  if (brewery && (pos === `${brewery} ${name}` || (pos.endsWith(` ${name}`) && brewery.startsWith(pos.slice(0, -name.length - 1)))))
    return true;
  return false;
}

/** The container a POS variation suggests, or null. */
export function suggest(posName: string, variationName: string, variationsOfItem: number, candidates: Candidate[]): Candidate | null {
  const sameName = candidates.filter((candidate) => sameItem(posName, candidate));
  if (sameName.length === 0) return null;
  const itemIds = new Set(sameName.map((candidate) => candidate.itemId));
  if (itemIds.size > 1) return null; // two items of that name at the location: a person decides
  const wanted = normalName(variationName);
  const byName = sameName.filter((candidate) => candidate.sizeName && normalName(candidate.sizeName) === wanted);
  if (byName.length === 1) return byName[0]!;
  const ounces = ouncesOf(variationName);
  if (ounces !== null) {
    const bySize = sameName.filter((candidate) => candidate.ounces !== null && Math.abs(candidate.ounces - ounces) < 0.25);
    if (bySize.length === 1) return bySize[0]!;
  }
  if (sameName.length === 1 && variationsOfItem === 1) return sameName[0]!;
  return null;
}

/** Integer minor units as a decimal string with two places ("650" → "6.50"), as container prices are. */
export const decimalOf = (minor: number) => (minor / 100).toFixed(2);
/** A decimal price as integer minor units ("6.50" → 650). */
export const minorOf = (decimal: string | number) => Math.round(Number(decimal) * 100);
