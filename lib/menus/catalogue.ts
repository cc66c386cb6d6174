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
  /** Per serving, as the catalogue states it (a whole number); null when it states none. */
  calories: number | null;
};

export type CatalogueSearch = { beers: CatalogueBeer[]; near: CatalogueBeer[] };

/**
 * The port between menus and a beer catalogue: the v4 client implements it
 * (lib/beer-platform/catalogue.ts, which also hands out the one in use); tests install a fixture.
 */
export type BeerCatalogue = {
  /** `businessId`: whose share of the platform's hourly budget the lookup draws on. */
  getBeer(untappdId: number, options: { businessId: number }): Promise<CatalogueBeer | null>;
  /** The beers matching the query, best first; when none does, `near`: a few that come close ("did you mean"). */
  searchBeers(query: string, options: { limit: number; businessId: number }): Promise<CatalogueSearch>;
};
