/**
 * A brewery's place as a board shows it (decision 054): the catalogue writes "City, State, Country"; a
 * guest at a venue in that country needs "City, State", so the venue's own country is left out.
 * A brewery abroad keeps its country. A place that was only the venue's country says nothing: null.
 */
export function breweryPlace(place: string | null, venueCountry: string | null): string | null {
  if (!place) return null;
  const parts = place
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  const home = venueCountry?.trim().toLocaleLowerCase("en");
  if (home && parts.length > 0 && parts.at(-1)!.toLocaleLowerCase("en") === home) parts.pop();
  return parts.length > 0 ? parts.join(", ") : null;
}
