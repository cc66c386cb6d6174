import { and, count, eq } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Database, Db } from "@/lib/db/client";
import { businesses, customItemTypes, events, hours, locations, users } from "@/lib/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { issueTokenPair } from "@/lib/auth/tokens";
import { ensureSizes } from "@/lib/container-sizes/container-sizes";
import { ALL_DEFAULT_SIZES, type SizeSeed } from "@/lib/shared/size-defaults";
import { env } from "@/lib/server/env";
import { errorFields, log } from "@/lib/server/log";
import { seedMenus } from "./menus";
import { seedCustomMenu } from "./custom-menus";
import { seedDemoActivity } from "./activity/generate";
import { connectDemoPos } from "./pos";

// Contract §2: the demo accounts the tests, the dashboard and the README rely on.
export const DEMO = {
  owner: { email: "owner@demo.test", password: "demo-owner-pass", name: "Olivia Owner", platformUsername: "demo_owner" },
  rival: { email: "rival@demo.test", password: "demo-rival-pass", name: "Rory Rival", platformUsername: "rival_owner" },
} as const;

type LocationSeed = Omit<typeof locations.$inferInsert, "businessId">;

const DEMO_BUSINESSES: {
  name: string;
  user: (typeof DEMO)[keyof typeof DEMO];
  locations: LocationSeed[];
}[] = [
  {
    name: "Demo Taproom Group",
    user: DEMO.owner,
    locations: [
      {
        name: "Demo Taproom Downtown",
        address1: "120 Hudson Street",
        city: "New York",
        region: "NY",
        postcode: "10013",
        country: "US",
        countryName: "United States",
        latitude: "40.7195000",
        longitude: "-74.0089000",
        phone: "+1 212 555 0142",
        website: "https://downtown.demo-taproom.test",
        contactEmail: "downtown@demo.test",
        untappdVenueId: 910001,
        timeZone: "America/New_York",
        currency: "USD",
        numberOfTaps: 24,
      },
      {
        name: "Demo Taproom Harbor",
        address1: "Oostelijke Handelskade 12",
        city: "Amsterdam",
        region: "Noord-Holland",
        postcode: "1019 BM",
        country: "NL",
        countryName: "Netherlands",
        latitude: "52.3765000",
        longitude: "4.9380000",
        phone: "+31 20 555 0199",
        website: "https://harbor.demo-taproom.test",
        contactEmail: "harbor@demo.test",
        untappdVenueId: 910002,
        timeZone: "Europe/Amsterdam",
        currency: "EUR",
        numberOfTaps: 16,
      },
    ],
  },
  {
    name: "Rival Brewpub",
    user: DEMO.rival,
    locations: [
      {
        name: "Rival Brewpub",
        address1: "455 Valencia Street",
        city: "San Francisco",
        region: "CA",
        postcode: "94103",
        country: "US",
        countryName: "United States",
        latitude: "37.7652000",
        longitude: "-122.4218000",
        phone: "+1 415 555 0117",
        website: "https://rival-brewpub.test",
        contactEmail: "hello@rival-brewpub.test",
        untappdVenueId: 910003,
        timeZone: "America/Los_Angeles",
        currency: "USD",
        numberOfTaps: 12,
      },
    ],
  },
];

// The list every business picks from, in its order: name, volume in its own unit, group (1 draft, 2 can,
// 3 bottle, 4 wine, 5 taster, 6 to go); then every country's own sizes (lib/shared/size-defaults.ts).
const CONTAINER_SIZES: SizeSeed[] = [
  { name: "Pint", volume: "16", unit: "oz", group: 1 },
  { name: "Half Pint", volume: "8", unit: "oz", group: 1 },
  { name: "10 oz", volume: "10", unit: "oz", group: 1 },
  { name: "20 oz Imperial Pint", volume: "568.2613", unit: "ml", group: 1 },
  { name: "40cl Draft", volume: "400", unit: "ml", group: 1 },
  { name: "4 oz Taster", volume: "4", unit: "oz", group: 5 },
  { name: "12 oz Can", volume: "12", unit: "oz", group: 2 },
  { name: "16 oz Can", volume: "16", unit: "oz", group: 2 },
  { name: "12 oz Bottle", volume: "12", unit: "oz", group: 3 },
  { name: "330 ml Bottle", volume: "330", unit: "ml", group: 3 },
  { name: "750 ml Bottle", volume: "750", unit: "ml", group: 3 },
  { name: "Glass of Wine", volume: "5", unit: "oz", group: 4 },
  { name: "Bottle of Wine", volume: "750", unit: "ml", group: 4 },
  { name: "32 oz Crowler", volume: "32", unit: "oz", group: 6 },
  { name: "64 oz Growler", volume: "64", unit: "oz", group: 6 },
  ...ALL_DEFAULT_SIZES,
];

// Monday first: [open, close] as venue wall-clock; close before open closes after midnight.
const WEEK: ([string, string] | "closed")[] = [
  "closed",
  ["16:00", "23:00"],
  ["16:00", "23:00"],
  ["16:00", "00:30"],
  ["12:00", "02:00"],
  ["12:00", "02:00"],
  ["12:00", "22:00"],
];

async function ensureContainerSizes(db: Db) {
  await ensureSizes(db, CONTAINER_SIZES);
}

export const CUSTOM_ITEM_TYPES = ["wine", "cocktail", "food"] as const;

async function ensureCustomItemTypes(db: Db) {
  await db
    .insert(customItemTypes)
    .values(CUSTOM_ITEM_TYPES.map((name, position) => ({ name, position, imageUrl: `//assets.taproom.test/item-types/${name}.png` })))
    .onConflictDoNothing({ target: customItemTypes.name });
}

async function ensureBusiness(db: Db, name: string) {
  const [found] = await db.select().from(businesses).where(eq(businesses.name, name)).limit(1);
  if (found) return found;
  const [created] = await db.insert(businesses).values({ name }).returning();
  return created!;
}

async function ensureUser(db: Db, businessId: number, seed: (typeof DEMO)[keyof typeof DEMO]) {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, seed.email)).limit(1);
  if (found) return;
  await db.insert(users).values({
    businessId,
    email: seed.email,
    name: seed.name,
    role: "owner",
    platformUsername: seed.platformUsername,
    passwordHash: await hashPassword(seed.password),
    ...issueTokenPair().columns,
  });
}

async function ensureLocation(db: Db, businessId: number, seed: LocationSeed) {
  const [found] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.businessId, businessId), eq(locations.name, seed.name)))
    .limit(1);
  if (found) return found;
  const [created] = await db
    .insert(locations)
    .values({ ...seed, businessId })
    .returning();
  return created!;
}

async function ensureHours(db: Db, locationId: number) {
  await db
    .insert(hours)
    .values(
      WEEK.map((day, index) => ({
        locationId,
        day: index,
        closed: day === "closed",
        openAt: day === "closed" ? null : day[0],
        closeAt: day === "closed" ? null : day[1],
      })),
    )
    .onConflictDoNothing({ target: [hours.locationId, hours.day] });
}

async function ensureEvents(db: Db, location: typeof locations.$inferSelect) {
  const [{ n }] = (await db.select({ n: count() }).from(events).where(eq(events.locationId, location.id))) as [{ n: number }];
  if (n > 0) return;
  const today = DateTime.now().setZone(location.timeZone).startOf("day");
  const nextFriday = today.plus({ days: (5 - today.weekday + 7) % 7 || 7 });
  const at = (day: DateTime, hour: number, minute = 0) => day.set({ hour, minute }).toJSDate();
  await db.insert(events).values([
    {
      locationId: location.id,
      name: "Trivia Night",
      description: "Six rounds, teams of up to five. Winners drink free for the night.",
      startTime: at(nextFriday.minus({ days: 2 }), 19, 30),
      endTime: at(nextFriday.minus({ days: 2 }), 22),
      locationName: location.name,
      street: location.address1,
      city: location.city,
      state: location.region,
      zip: location.postcode,
      country: location.country,
      latitude: location.latitude,
      longitude: location.longitude,
    },
    {
      locationId: location.id,
      name: "Brewer Meet & Tap Takeover",
      description: "Twelve taps from one brewery, with the head brewer pouring.",
      startTime: at(nextFriday, 18),
      endTime: at(nextFriday.plus({ days: 1 }), 1),
      link: "https://events.demo-taproom.test/tap-takeover",
    },
    {
      locationId: location.id,
      name: "Oktoberfest Cask Night",
      description: "Last season's cask festival.",
      startTime: at(today.minus({ days: 30 }), 17),
      endTime: null,
    },
  ]);
}

/** Inserts whatever of the demo data is missing; running it twice changes nothing. */
export async function seedDemo(db: Db) {
  await db.transaction(async (tx) => {
    await ensureContainerSizes(tx);
    await ensureCustomItemTypes(tx);
    for (const seed of DEMO_BUSINESSES) {
      const business = await ensureBusiness(tx, seed.name);
      await ensureUser(tx, business.id, seed.user);
      for (const locationSeed of seed.locations) {
        const location = await ensureLocation(tx, business.id, locationSeed);
        await ensureHours(tx, location.id);
        await ensureEvents(tx, location);
        await seedMenus(tx, location);
        await seedCustomMenu(tx, location);
      }
    }
  });
}

/**
 * The demo data and months of check-ins, subscriptions and menu views, on an empty database; its first
 * location connected to the Square sandbox (a failure there is logged: the demo starts without it).
 */
export async function seedIfEmpty(db: Db) {
  const [{ n }] = (await db.select({ n: count() }).from(businesses)) as [{ n: number }];
  if (n > 0) return;
  await seedDemo(db);
  await seedDemoActivity(db);
  await connectDemoPos(db).catch((error) => log().warn(errorFields(error), "The demo's Square sandbox connection failed"));
}

/** The lists every business picks from (container sizes, custom item types); running it twice changes nothing. */
export async function seedReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    await ensureContainerSizes(tx);
    await ensureCustomItemTypes(tx);
  });
}

/**
 * What start-up gives an empty database: an embedded one the demo data, unless DEMO_DATA=false (a real
 * venue's server: it starts with no business and `/` leads to sign-up), when it gets only the lists
 * every business picks from; PostgreSQL nothing (`npm run db:seed`).
 */
export function startupSeed(kind: Database["kind"], demoData: boolean): "demo" | "reference" | null {
  if (kind !== "pglite") return null;
  return demoData ? "demo" : "reference";
}

/** Start-up and the scripts: seeds an empty database as startupSeed says, under DEMO_DATA. */
export async function seedEmbeddedIfEmpty(database: Database, demoData: boolean = env().DEMO_DATA) {
  const seed = startupSeed(database.kind, demoData);
  if (seed === "demo") await seedIfEmpty(database.db);
  else if (seed === "reference") await seedReferenceData(database.db);
}
