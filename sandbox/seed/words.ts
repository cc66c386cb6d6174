// Word lists the generator combines into a plausible catalogue. Nothing here names a real brewery.

export type City = { city: string; state: string; country: string; lat: number; lng: number; gmtOffset: number; timezone: string };

export const CITIES: City[] = [
  { city: "New York", state: "NY", country: "United States", lat: 40.7128, lng: -74.006, gmtOffset: -5, timezone: "EST" },
  { city: "Amsterdam", state: "Noord-Holland", country: "Netherlands", lat: 52.3676, lng: 4.9041, gmtOffset: 1, timezone: "CET" },
  { city: "San Francisco", state: "CA", country: "United States", lat: 37.7749, lng: -122.4194, gmtOffset: -8, timezone: "PST" },
  { city: "Portland", state: "OR", country: "United States", lat: 45.5152, lng: -122.6784, gmtOffset: -8, timezone: "PST" },
  { city: "San Diego", state: "CA", country: "United States", lat: 32.7157, lng: -117.1611, gmtOffset: -8, timezone: "PST" },
  { city: "Denver", state: "CO", country: "United States", lat: 39.7392, lng: -104.9903, gmtOffset: -7, timezone: "MST" },
  { city: "Asheville", state: "NC", country: "United States", lat: 35.5951, lng: -82.5515, gmtOffset: -5, timezone: "EST" },
  { city: "Chicago", state: "IL", country: "United States", lat: 41.8781, lng: -87.6298, gmtOffset: -6, timezone: "CST" },
  { city: "Burlington", state: "VT", country: "United States", lat: 44.4759, lng: -73.2121, gmtOffset: -5, timezone: "EST" },
  { city: "Brooklyn", state: "NY", country: "United States", lat: 40.6782, lng: -73.9442, gmtOffset: -5, timezone: "EST" },
  { city: "Seattle", state: "WA", country: "United States", lat: 47.6062, lng: -122.3321, gmtOffset: -8, timezone: "PST" },
  { city: "Austin", state: "TX", country: "United States", lat: 30.2672, lng: -97.7431, gmtOffset: -6, timezone: "CST" },
  { city: "Rotterdam", state: "Zuid-Holland", country: "Netherlands", lat: 51.9244, lng: 4.4777, gmtOffset: 1, timezone: "CET" },
  { city: "Utrecht", state: "Utrecht", country: "Netherlands", lat: 52.0907, lng: 5.1214, gmtOffset: 1, timezone: "CET" },
  { city: "Brussels", state: "Brussels", country: "Belgium", lat: 50.8503, lng: 4.3517, gmtOffset: 1, timezone: "CET" },
  { city: "Ghent", state: "East Flanders", country: "Belgium", lat: 51.0543, lng: 3.7174, gmtOffset: 1, timezone: "CET" },
  { city: "London", state: "England", country: "United Kingdom", lat: 51.5074, lng: -0.1278, gmtOffset: 0, timezone: "GMT" },
  { city: "Manchester", state: "England", country: "United Kingdom", lat: 53.4808, lng: -2.2426, gmtOffset: 0, timezone: "GMT" },
  { city: "Berlin", state: "Berlin", country: "Germany", lat: 52.52, lng: 13.405, gmtOffset: 1, timezone: "CET" },
  { city: "Munich", state: "Bavaria", country: "Germany", lat: 48.1351, lng: 11.582, gmtOffset: 1, timezone: "CET" },
  { city: "Copenhagen", state: "Capital Region", country: "Denmark", lat: 55.6761, lng: 12.5683, gmtOffset: 1, timezone: "CET" },
  { city: "Prague", state: "Prague", country: "Czech Republic", lat: 50.0755, lng: 14.4378, gmtOffset: 1, timezone: "CET" },
  { city: "Montreal", state: "QC", country: "Canada", lat: 45.5017, lng: -73.5673, gmtOffset: -5, timezone: "EST" },
  { city: "Toronto", state: "ON", country: "Canada", lat: 43.6532, lng: -79.3832, gmtOffset: -5, timezone: "EST" },
  { city: "Melbourne", state: "VIC", country: "Australia", lat: -37.8136, lng: 144.9631, gmtOffset: 10, timezone: "AEST" },
  { city: "Tokyo", state: "Tokyo", country: "Japan", lat: 35.6762, lng: 139.6503, gmtOffset: 9, timezone: "JST" },
];

export type Style = { name: string; abv: [number, number]; ibu: [number, number]; note: string };

export const STYLES: Style[] = [
  { name: "IPA - American", abv: [5.8, 7.5], ibu: [45, 75], note: "pine and grapefruit over a dry, crackery base" },
  { name: "IPA - New England / Hazy", abv: [5.8, 7.2], ibu: [25, 50], note: "juicy, soft and opaque with mango and citrus" },
  { name: "IPA - Imperial / Double", abv: [7.8, 10], ibu: [60, 100], note: "big resinous hops held up by a sturdy malt bill" },
  { name: "IPA - Session", abv: [3.8, 4.9], ibu: [30, 50], note: "all the hop aroma at a gentler strength" },
  { name: "IPA - West Coast", abv: [6.2, 7.5], ibu: [60, 85], note: "clear, bitter and bone dry with dank hops" },
  { name: "Pale Ale - American", abv: [4.6, 5.8], ibu: [30, 45], note: "bright citrus hops and a light caramel backbone" },
  { name: "Pilsner - Czech / Bohemian", abv: [4.2, 5.2], ibu: [30, 40], note: "soft bread, spicy noble hops and a long bitter finish" },
  { name: "Pilsner - German", abv: [4.6, 5.2], ibu: [25, 40], note: "crisp, floral and snappy" },
  { name: "Lager - Helles", abv: [4.6, 5.3], ibu: [16, 22], note: "gentle grainy malt and a clean finish" },
  { name: "Lager - Vienna", abv: [4.7, 5.5], ibu: [18, 30], note: "toasty amber malt, smooth and dry" },
  { name: "Stout - Imperial / Double", abv: [9, 12.5], ibu: [50, 80], note: "roasted coffee, dark chocolate and molasses" },
  { name: "Stout - Oatmeal", abv: [4.5, 6.5], ibu: [25, 40], note: "silky oats, cocoa and light roast" },
  { name: "Stout - Irish Dry", abv: [4, 5], ibu: [30, 45], note: "roasty, dry and easy" },
  { name: "Porter - American", abv: [4.8, 6.5], ibu: [25, 50], note: "chocolate, toffee and a touch of smoke" },
  { name: "Sour - Berliner Weisse", abv: [3, 4.2], ibu: [3, 8], note: "tart, light and refreshing" },
  { name: "Sour - Fruited", abv: [4.5, 6.5], ibu: [5, 12], note: "bright acidity with heaps of real fruit" },
  { name: "Sour - Flanders Red Ale", abv: [5.5, 7], ibu: [10, 20], note: "oak-aged cherry tartness over caramel malt" },
  { name: "Wheat Beer - Hefeweizen", abv: [4.8, 5.6], ibu: [10, 15], note: "banana and clove from a classic yeast" },
  { name: "Wheat Beer - Witbier", abv: [4.5, 5.5], ibu: [10, 20], note: "coriander, orange peel and a soft haze" },
  { name: "Belgian Tripel", abv: [7.8, 9.5], ibu: [20, 40], note: "golden, spicy and deceptively light" },
  { name: "Belgian Dubbel", abv: [6.5, 7.8], ibu: [15, 25], note: "dark fruit, caramel and warming spice" },
  { name: "Belgian Quadrupel", abv: [9.5, 11.5], ibu: [20, 35], note: "raisin, fig and dark candi sugar" },
  { name: "Farmhouse Ale - Saison", abv: [5.5, 7], ibu: [20, 35], note: "peppery, dry and effervescent" },
  { name: "Red Ale - Irish", abv: [4, 5.5], ibu: [18, 28], note: "toffee sweetness with a dry finish" },
  { name: "Brown Ale - English", abv: [4.2, 5.4], ibu: [20, 30], note: "nutty, malty and mellow" },
  { name: "Barleywine - English", abv: [9, 12], ibu: [35, 70], note: "rich toffee and dried fruit, built to age" },
  { name: "Kölsch", abv: [4.4, 5.2], ibu: [18, 25], note: "delicate fruit and a crisp, clean body" },
  { name: "Cream Ale", abv: [4.2, 5.6], ibu: [10, 20], note: "light, smooth and endlessly drinkable" },
  { name: "Bock - Doppelbock", abv: [7, 9.5], ibu: [16, 26], note: "liquid bread with a caramel richness" },
  { name: "Cider - Dry", abv: [5, 7], ibu: [0, 0], note: "crisp apple and a bone-dry finish" },
];

export const BREWERY_FIRST = [
  "Copper", "Iron", "Harbor", "Lantern", "Foggy", "Northern", "Wild", "Old", "Red", "Black", "Golden", "Crooked",
  "Hidden", "Salt", "Stone", "River", "Granite", "Cedar", "Silver", "Brass", "Tidal", "Prairie", "Forest", "Summit",
  "Barrel", "Anchor", "Kettle", "Orchard", "Ember", "Signal",
];
export const BREWERY_SECOND = [
  "Kettle", "Hollow", "Oak", "Fox", "Owl", "Heron", "Lighthouse", "Mill", "Gate", "Bridge", "Works", "Yard", "Hill",
  "Ridge", "Harbor", "Canal", "Lock", "Field", "Crown", "Hound",
];
export const BREWERY_SUFFIX = ["Brewing Co.", "Brewery", "Beer Project", "Brewing", "Ales", "Brouwerij", "Craft Brewery", "Brewhouse"];
export const BREWERY_TYPES = ["Micro Brewery", "Micro Brewery", "Micro Brewery", "Brew Pub", "Nano Brewery", "Regional Brewery", "Macro Brewery"];

export const BEER_FIRST = [
  "Hazy", "Midnight", "Electric", "Velvet", "Sunset", "Morning", "Lucky", "Rusty", "Salty", "Bitter", "Golden", "Cosmic",
  "Quiet", "Loud", "Second", "Lazy", "Brave", "Wandering", "Double", "Little", "Big", "Slow", "Fast", "Hidden", "Northern",
  "Southern", "Tropical", "Smoky", "Bright", "Dark",
];
export const BEER_SECOND = [
  "Lighthouse", "Harbor", "Orbit", "Comet", "Tide", "Anchor", "Ferry", "Lantern", "Fox", "Heron", "Garden", "Orchard",
  "Meadow", "Compass", "Current", "Horizon", "Canal", "Bicycle", "Tram", "Signal", "Crown", "Cellar", "Wheel", "Kite",
  "Fog", "Ember", "Pilot", "Sailor", "Whale", "Harvest",
];

export const FIRST_NAMES = [
  "Ava", "Liam", "Mia", "Noah", "Emma", "Lucas", "Sofia", "Mason", "Isla", "Ethan", "Lena", "Daan", "Sanne", "Jasper",
  "Fleur", "Milan", "Noor", "Sem", "Julia", "Finn", "Hannah", "Oscar", "Chloe", "Leo", "Grace", "Max", "Zoe", "Elias",
  "Ruby", "Felix", "Nora", "Hugo", "Iris", "Theo", "Maya", "Jonas", "Lotte", "Adam", "Eva", "Kai",
];
export const LAST_NAMES = [
  "Smith", "Jansen", "de Vries", "Bakker", "Garcia", "Miller", "Visser", "Nguyen", "Kowalski", "Murphy", "Rossi",
  "Schmidt", "Novak", "Larsen", "Dubois", "Silva", "Tanaka", "Cohen", "Brown", "Meyer", "Peeters", "Walsh", "Hughes",
  "Ortiz", "Keller",
];

export const VENUE_FIRST = ["The Tipsy", "The Rusty", "The Golden", "The Crooked", "The Hoppy", "The Salty", "The Wandering", "The Blind", "The Lucky", "The Copper"];
export const VENUE_SECOND = ["Tap", "Barrel", "Anchor", "Goose", "Tavern", "Pint", "Cellar", "Corner", "Hound", "Lantern"];
export const VENUE_CATEGORIES = ["Beer Bar", "Brewery", "Pub", "Beer Garden", "Bottle Shop", "Restaurant", "Gastropub"];
export const STREETS = ["Main Street", "Harbor Road", "Canal Street", "Market Square", "Mill Lane", "Station Road", "Park Avenue", "Bridge Street", "High Street", "Water Street"];

export const SHOUTS = [
  "Great on tap tonight.", "Better than I remembered!", "Perfect after a long day.", "Juicy and dangerously drinkable.",
  "A bit too sweet for me.", "Solid. Would order again.", "Shared a can with friends.", "Fresh from the source!",
  "Loving the aroma on this one.", "Cheers to the weekend!", "Not my style, but well made.", "Roasty goodness.",
  "Tart and refreshing.", "New favorite.", "Crisp, clean, classic.", "Brewery tour sample.", "Patio weather beer.",
  "Paired with tacos. Perfect.", "Trivia night fuel.", "That finish though!",
];

export const COMMENTS = [
  "Cheers!", "Save me one!", "Jealous!", "How was it on tap?", "One of my favorites.", "Need to try this.",
  "Great pick!", "Was it fresh?", "Next round is on me.", "Ha, I had the same one yesterday.", "Looks delicious.",
  "Nice spot!", "Prost!", "Count me in next time.",
];

export const BIOS = [
  "Hop head. Stout lover. Weekend homebrewer.", "Always chasing the next sour.", "Lager is life.", "Traveling one taproom at a time.",
  "Cicerone in training.", "Here for the badges.", "Pint-sized reviews.", "",
];

export const BADGES: [name: string, category: string, description: string][] = [
  ["Newbie", "Beer", "Welcome! You checked in your first beer."],
  ["Middle of the Road", "Beer", "You checked in beers of ten different styles."],
  ["Hopped Up", "Beer", "You checked in five different IPAs."],
  ["Heavy Weight", "Beer", "You checked in five beers with an ABV over 8%."],
  ["Riding Solo", "Beer", "You checked in a beer alone at a venue."],
  ["Pucker Up", "Beer", "You checked in five different sours."],
  ["Stout Month", "Seasonal", "You checked in a stout during stout month."],
  ["Oktoberfest", "Seasonal", "You checked in a Märzen or Festbier during Oktoberfest."],
  ["Summer Sipper", "Seasonal", "You checked in a light beer on a hot day."],
  ["Holiday Cheer", "Seasonal", "You checked in a winter warmer in December."],
  ["Local Love", "Venue", "You checked in at five local venues."],
  ["Taproom Regular", "Venue", "You checked in at the same taproom five times."],
  ["Beer Garden", "Venue", "You checked in at a beer garden."],
  ["Bar Hopper", "Venue", "You checked in at three venues in one night."],
  ["Pub Crawler", "Venue", "You checked in at ten different pubs."],
  ["Social Butterfly", "Social", "You made ten friends."],
  ["Toastmaster", "Social", "Your check-ins received fifty toasts."],
  ["Chatterbox", "Social", "You left twenty comments."],
  ["Trendsetter", "Social", "You checked in a beer before it was trending."],
  ["Globetrotter", "Travel", "You checked in beers from five countries."],
  ["Road Trip", "Travel", "You checked in at venues in three cities."],
  ["Belgian Holiday", "Travel", "You checked in five Belgian-style beers."],
  ["Lager Lover", "Beer", "You checked in ten different lagers."],
  ["Wheat Field", "Beer", "You checked in five wheat beers."],
  ["Dark Side", "Beer", "You checked in ten porters or stouts."],
  ["Farmhand", "Beer", "You checked in five saisons."],
  ["Cider Press", "Beer", "You checked in a cider."],
  ["Barrel Rider", "Beer", "You checked in a barrel-aged beer."],
  ["Night Owl", "Time", "You checked in after midnight."],
  ["Early Bird", "Time", "You checked in before noon."],
  ["Weekend Warrior", "Time", "You checked in on five weekends in a row."],
  ["Happy Hour", "Time", "You checked in between 4 and 6 pm."],
  ["Photographer", "Social", "You added a photo to ten check-ins."],
  ["Critic", "Beer", "You rated fifty beers."],
  ["Explorer", "Beer", "You checked in a hundred unique beers."],
  ["Centurion", "Beer", "You checked in a hundred beers."],
  ["Homebrewer", "Beer", "You checked in a homebrew."],
  ["Tap Takeover", "Venue", "You checked in at a tap takeover."],
  ["Brewery Tourist", "Venue", "You checked in at five breweries."],
  ["Loyal Fan", "Beer", "You checked in five beers from one brewery."],
];
