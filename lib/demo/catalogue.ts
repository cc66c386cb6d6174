import { reshapeBeer } from "@/lib/beer-platform/catalogue";
import type { BeerCatalogue } from "@/lib/menus/catalogue";
import { demoBeerRows, demoBreweryRows } from "@/sandbox/seed/demo-beers";
import { beerJson } from "@/sandbox/serialize/beer";
import { breweryJson } from "@/sandbox/serialize/brewery";

// The demo venues' beers as the built-in sandbox's catalogue holds them, read from its seed in
// process: no call, no cache, nothing spent of the hourly budget, and no need for the sandbox tables
// to be seeded first. Each beer is the platform's own record (the sandbox's serializers, as beer/info
// answers it) reshaped by the catalogue adapter, so the menus fill a demo item exactly as they fill
// one a manager adds by untappd_id.

const rows = () => {
  const anchor = new Date();
  const breweries = new Map(demoBreweryRows(anchor).map((brewery) => [brewery.id, brewery]));
  return demoBeerRows(anchor).map((beer) => ({ beer, brewery: breweries.get(beer.breweryId)! }));
};

/** The demo's beers by untappd id, through the same seam as the v4 catalogue. */
export function demoCatalogue(): Pick<BeerCatalogue, "getBeer"> & { idOf(name: string): number } {
  const beers = rows();
  return {
    async getBeer(untappdId) {
      const found = beers.find(({ beer }) => beer.id === untappdId);
      return found ? reshapeBeer({ ...beerJson(found.beer), brewery: breweryJson(found.brewery) }) : null;
    },
    /** A demo beer's id by its name; a name the sandbox's catalogue lacks is a mistake in the demo. */
    idOf(name) {
      const found = beers.find(({ beer }) => beer.name === name);
      if (!found) throw new Error(`The sandbox catalogue has no demo beer named ${JSON.stringify(name)}`);
      return found.beer.id;
    },
  };
}
