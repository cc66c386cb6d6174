import { v4Catalogue } from "@/lib/beer-platform/catalogue";

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

const slot = Symbol.for("taproom.beer-catalogue");
type Slot = { [slot]?: BeerCatalogue };

/** The v4 client (the sandbox, or the real platform when configured), unless a test installed another. */
export function beerCatalogue(): BeerCatalogue {
  return (globalThis as Slot)[slot] ?? v4Catalogue;
}

/** Tests install a fixture catalogue; undefined goes back to the v4 client. */
export function useBeerCatalogue(catalogue: BeerCatalogue | undefined) {
  (globalThis as Slot)[slot] = catalogue;
}
