import type { sandboxBeers, sandboxBreweries } from "@/sandbox/schema";
import { slugify } from "./slug";
import { CITIES } from "./words";

// The breweries and beers the demo venues pour (lib/demo/menus.ts puts them on its menus by name).
// Written out rather than drawn, after the generated catalogue (ids 2101… and 100521…), so their
// ids and values never move and the random draws of the rest of the world stay what they were. Like
// the demo venues in places.ts, they are ordinary catalogue rows: beer/info, search and brewery/info
// answer them as any other. They have no seeded check-ins.

type BreweryRow = typeof sandboxBreweries.$inferSelect;
type BeerRow = typeof sandboxBeers.$inferSelect;

const DAY = 86_400_000;

type BrewerySeed = { name: string; type: string; city: string; since: number };

const BREWERIES: BrewerySeed[] = [
  { name: "Tidewater Brewing", type: "Micro Brewery", city: "Brooklyn", since: 2014 },
  { name: "Northbound Beer Co.", type: "Regional Brewery", city: "Burlington", since: 2009 },
  { name: "Foundry Lane Brewery", type: "Brew Pub", city: "Chicago", since: 2012 },
  { name: "Fieldhouse Farm Ales", type: "Micro Brewery", city: "Asheville", since: 2016 },
  { name: "Salt & Barrel", type: "Nano Brewery", city: "San Diego", since: 2019 },
  { name: "Orchard Road Cidery", type: "Cidery", city: "Portland", since: 2013 },
];

type BeerSeed = {
  name: string;
  brewery: string;
  style: string;
  abv: string;
  ibu: number;
  description: string;
  rating: string;
  ratings: number;
};

const BEERS: BeerSeed[] = [
  {
    name: "Harbor Haze",
    brewery: "Tidewater Brewing",
    style: "IPA - New England / Hazy",
    abv: "6.8",
    ibu: 45,
    description: "Juicy, soft and bright with Citra and Mosaic.",
    rating: "3.920",
    ratings: 1843,
  },
  {
    name: "Copper Line Lager",
    brewery: "Northbound Beer Co.",
    style: "Lager - Vienna",
    abv: "4.9",
    ibu: 22,
    description: "Toasty malt, clean finish.",
    rating: "3.610",
    ratings: 976,
  },
  {
    name: "Night Shift Stout",
    brewery: "Foundry Lane Brewery",
    style: "Stout - Oatmeal",
    abv: "5.6",
    ibu: 35,
    description: "Roasted coffee, dark chocolate, silky body.",
    rating: "3.840",
    ratings: 1210,
  },
  {
    name: "Sunday Saison",
    brewery: "Fieldhouse Farm Ales",
    style: "Farmhouse Ale - Saison",
    abv: "6.2",
    ibu: 28,
    description: "Peppery yeast, dry and sparkling.",
    rating: "3.770",
    ratings: 642,
  },
  {
    name: "West Pier Pale",
    brewery: "Tidewater Brewing",
    style: "Pale Ale - American",
    abv: "5.4",
    ibu: 38,
    description: "Grapefruit and pine over a crackery base.",
    rating: "3.700",
    ratings: 1388,
  },
  {
    name: "Gose Almighty",
    brewery: "Salt & Barrel",
    style: "Sour - Gose",
    abv: "4.2",
    ibu: 8,
    description: "Tart, lightly salted, with coriander.",
    rating: "3.730",
    ratings: 415,
  },
  {
    name: "Double Vision",
    brewery: "Northbound Beer Co.",
    style: "IPA - Imperial / Double",
    abv: "8.5",
    ibu: 70,
    description: "Big, resinous and dangerously smooth.",
    rating: "4.050",
    ratings: 2210,
  },
  {
    name: "Porch Pils",
    brewery: "Fieldhouse Farm Ales",
    style: "Pilsner - Czech / Bohemian",
    abv: "5.0",
    ibu: 35,
    description: "Floral Saaz, soft bitterness.",
    rating: "3.680",
    ratings: 903,
  },
  {
    name: "Cider House Rules",
    brewery: "Orchard Road Cidery",
    style: "Cider - Dry",
    abv: "6.0",
    ibu: 0,
    description: "Crisp heirloom apples, bone dry.",
    rating: "3.550",
    ratings: 388,
  },
  {
    name: "Winter Warmer",
    brewery: "Foundry Lane Brewery",
    style: "Winter Ale",
    abv: "7.2",
    ibu: 30,
    description: "Spiced, malty, back in December.",
    rating: "3.810",
    ratings: 530,
  },
];

export const DEMO_BREWERY_ID_BASE = 2100;
export const DEMO_BEER_ID_BASE = 100_520;

/** The demo's breweries as sandbox rows; `anchor` (the seed's time anchor) dates them. */
export function demoBreweryRows(anchor: Date): BreweryRow[] {
  return BREWERIES.map((seed, index) => {
    const city = CITIES.find((c) => c.city === seed.city)!;
    const slug = slugify(seed.name);
    return {
      id: DEMO_BREWERY_ID_BASE + index + 1,
      name: seed.name,
      slug,
      breweryType: seed.type,
      description: `${seed.name} brews in ${city.city} since ${seed.since}.`,
      city: city.city,
      state: city.state,
      countryName: city.country,
      lat: city.lat.toFixed(7),
      lng: city.lng.toFixed(7),
      url: `https://${slug}.sandbox.taproom.test`,
      twitter: slug.replace(/-/g, "").slice(0, 15),
      createdAt: new Date(anchor.getTime() - (2026 - seed.since) * 365 * DAY),
    };
  });
}

/** The demo's beers as sandbox rows, each with its brewery's id. */
export function demoBeerRows(anchor: Date): BeerRow[] {
  const breweries = demoBreweryRows(anchor);
  return BEERS.map((seed, index) => {
    const brewery = breweries.find((b) => b.name === seed.brewery)!;
    return {
      id: DEMO_BEER_ID_BASE + index + 1,
      breweryId: brewery.id,
      name: seed.name,
      slug: `${brewery.slug}-${slugify(seed.name)}`,
      style: seed.style,
      abv: seed.abv,
      ibu: seed.ibu,
      description: seed.description,
      inProduction: true,
      isHomebrew: false,
      ratingScore: seed.rating,
      ratingCount: seed.ratings,
      createdAt: new Date(anchor.getTime() - (400 + index * 45) * DAY),
    };
  });
}
