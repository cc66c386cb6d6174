import { ApiError } from "@/lib/api/errors";

/** A beer as the menus need it, whatever catalogue it came from. Decimals are strings. */
export type CatalogueBeer = {
  untappdId: number;
  name: string;
  brewery: string | null;
  breweryId: number | null;
  breweryLocation: string | null;
  style: string | null;
  description: string | null;
  abv: string | null;
  ibu: string | null;
  labelImage: string | null;
  labelImageHd: string | null;
  slug: string | null;
  inProduction: boolean;
  rating: string | null;
};

/** The seam between menus and the beer platform: the v4 client implements it. */
export type BeerCatalogue = {
  getBeer(untappdId: number): Promise<CatalogueBeer | null>;
  searchBeers(query: string, options: { limit: number }): Promise<CatalogueBeer[]>;
};

// Until a catalogue is connected, catalogue-backed requests say so instead of guessing.
const unconnected: BeerCatalogue = {
  async getBeer() {
    throw new ApiError("catalogue_unavailable", "The beer catalogue is not connected; add the item by name instead.");
  },
  async searchBeers() {
    throw new ApiError("catalogue_unavailable", "The beer catalogue is not connected.");
  },
};

const slot = Symbol.for("taproom.beer-catalogue");
type Slot = { [slot]?: BeerCatalogue };

export function beerCatalogue(): BeerCatalogue {
  return (globalThis as Slot)[slot] ?? unconnected;
}

/** Installs the catalogue implementation (the v4 client at start-up; a fixture in tests). */
export function useBeerCatalogue(catalogue: BeerCatalogue | undefined) {
  (globalThis as Slot)[slot] = catalogue;
}
