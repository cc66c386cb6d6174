import type {
  sandboxBadges,
  sandboxBeers,
  sandboxBreweries,
  sandboxCheckins,
  sandboxComments,
  sandboxFriendships,
  sandboxToasts,
  sandboxUserBadges,
  sandboxUsers,
  sandboxVenues,
  sandboxWishlist,
} from "@/sandbox/schema";
import { seededRandom, type Random } from "./random";
import * as words from "./words";
import { demoVenues, SANDBOX_USERS, venueRows } from "./places";
import { slugify } from "./slug";
import { demoBeerRows, demoBreweryRows } from "./demo-beers";

const SEED = 20_150_620;
const DAY = 86_400_000;
const ID_BASE = { brewery: 2000, beer: 100_000, user: 5000 } as const;
const COUNT = { breweries: 100, beers: 520, users: 200, checkins: 3200, comments: 1300, toasts: 6000 } as const;
const FEED_DAYS = 180;

export type SandboxData = {
  breweries: (typeof sandboxBreweries.$inferInsert)[];
  beers: (typeof sandboxBeers.$inferInsert)[];
  venues: (typeof sandboxVenues.$inferInsert)[];
  users: (typeof sandboxUsers.$inferInsert)[];
  friendships: (typeof sandboxFriendships.$inferInsert)[];
  badges: (typeof sandboxBadges.$inferInsert)[];
  userBadges: (typeof sandboxUserBadges.$inferInsert)[];
  wishlist: (typeof sandboxWishlist.$inferInsert)[];
  checkins: (typeof sandboxCheckins.$inferInsert)[];
  comments: (typeof sandboxComments.$inferInsert)[];
  toasts: (typeof sandboxToasts.$inferInsert)[];
};

const daysAgo = (anchor: number, r: Random, min: number, max: number) => new Date(anchor - r.float(min, max, 6) * DAY);

function breweries(r: Random, anchor: number): SandboxData["breweries"] {
  const names = new Set<string>();
  return Array.from({ length: COUNT.breweries }, (_, index) => {
    let name: string;
    do name = `${r.pick(words.BREWERY_FIRST)} ${r.pick(words.BREWERY_SECOND)} ${r.pick(words.BREWERY_SUFFIX)}`;
    while (names.has(name));
    names.add(name);
    // Every city of the list gets a brewery before any gets a second one.
    const city = index < words.CITIES.length ? words.CITIES[index]! : r.pick(words.CITIES);
    const slug = slugify(name);
    return {
      id: ID_BASE.brewery + index + 1,
      name,
      slug,
      breweryType: r.pick(words.BREWERY_TYPES),
      description: `${name} brews in ${city.city} since ${2026 - r.int(2, 30)}.`,
      city: city.city,
      state: city.state,
      countryName: city.country,
      lat: (city.lat + r.float(-0.05, 0.05, 5)).toFixed(7),
      lng: (city.lng + r.float(-0.05, 0.05, 5)).toFixed(7),
      url: `https://${slug}.sandbox.taproom.test`,
      twitter: slug.replace(/-/g, "").slice(0, 15),
      createdAt: daysAgo(anchor, r, 400, 4000),
    };
  });
}

function beers(r: Random, anchor: number, brewers: SandboxData["breweries"]): SandboxData["beers"] {
  return Array.from({ length: COUNT.beers }, (_, index) => {
    const brewery = index < brewers.length ? brewers[index]! : r.pick(brewers);
    const style = r.pick(words.STYLES);
    const name = `${r.pick(words.BEER_FIRST)} ${r.pick(words.BEER_SECOND)}`;
    const abv = r.float(style.abv[0], style.abv[1], 1);
    return {
      id: ID_BASE.beer + index + 1,
      breweryId: brewery.id,
      name,
      slug: `${brewery.slug}-${slugify(name)}`,
      style: style.name,
      abv: abv.toFixed(1),
      ibu: r.int(style.ibu[0], style.ibu[1]),
      // Written as a brewery writes it: the style as the catalogue names it, never lower-cased into a sentence.
      description: `${name} from ${brewery.name}. ${style.name}: ${style.note}. ${abv.toFixed(1)}% ABV.`,
      inProduction: r.chance(0.9),
      isHomebrew: false,
      ratingScore: r.float(2.9, 4.45, 3).toFixed(3),
      ratingCount: r.int(40, 25_000),
      createdAt: daysAgo(anchor, r, 200, 3000),
    };
  });
}

function users(r: Random, anchor: number): SandboxData["users"] {
  const taken = new Set<string>(SANDBOX_USERS.map((u) => u.userName));
  const named = SANDBOX_USERS.map((seed, index) => ({
    id: ID_BASE.user + index + 1,
    ...seed,
    email: `${seed.userName}@sandbox.taproom.test`,
    url: "",
    isPrivate: false,
    isSupporter: true,
    createdAt: daysAgo(anchor, r, 700, 900),
  }));
  const others = Array.from({ length: COUNT.users - named.length }, (_, index) => {
    const firstName = r.pick(words.FIRST_NAMES);
    const lastName = r.pick(words.LAST_NAMES);
    let userName = `${firstName}_${lastName}`.toLowerCase().replace(/[^a-z0-9_]/g, "");
    while (taken.has(userName)) userName = `${firstName.toLowerCase()}${r.int(1, 999)}`;
    taken.add(userName);
    const city = r.pick(words.CITIES);
    return {
      id: ID_BASE.user + named.length + index + 1,
      userName,
      firstName,
      lastName,
      email: `${userName}@sandbox.taproom.test`,
      location: `${city.city}, ${city.state}`,
      bio: r.pick(words.BIOS),
      url: "",
      isPrivate: r.chance(0.1),
      isSupporter: r.chance(0.15),
      createdAt: daysAgo(anchor, r, 200, 2500),
    };
  });
  return [...named, ...others];
}

const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

function friendships(r: Random, anchor: number, people: SandboxData["users"]): SandboxData["friendships"] {
  const rows = new Map<string, SandboxData["friendships"][number]>();
  const add = (requester: number, target: number, status: "pending" | "accepted") => {
    const key = pairKey(requester, target);
    if (requester === target || rows.has(key)) return;
    const createdAt = daysAgo(anchor, r, status === "pending" ? 1 : 30, status === "pending" ? 20 : 600);
    rows.set(key, {
      userLow: Math.min(requester, target),
      userHigh: Math.max(requester, target),
      requesterId: requester,
      status,
      createdAt,
      acceptedAt: status === "accepted" ? new Date(createdAt.getTime() + r.int(1, 72) * 3_600_000) : null,
    });
  };
  const [owner, rival] = [people[0]!.id, people[1]!.id];
  const strangers = people.slice(2).map((u) => u.id);
  // The demo owners: friends, requests waiting for them, and one of their own waiting for an answer.
  const picks = r.sample(strangers, 36);
  for (const id of picks.slice(0, 18)) {
    if (r.chance(0.5)) add(owner, id, "accepted");
    else add(id, owner, "accepted");
  }
  for (const id of picks.slice(18, 22)) add(id, owner, "pending");
  add(owner, picks[22]!, "pending");
  for (const id of picks.slice(23, 33)) add(id, rival, "accepted");
  for (const id of picks.slice(33, 35)) add(id, rival, "pending");
  for (let i = 0; i < 900; i++) add(r.pick(strangers), r.pick(strangers), "accepted");
  for (let i = 0; i < 40; i++) add(r.pick(strangers), r.pick(strangers), "pending");
  return [...rows.values()];
}

export function generateSandboxData(anchor: Date): SandboxData {
  const r = seededRandom(SEED);
  const now = anchor.getTime();
  const brewers = breweries(r, now);
  const catalogue = beers(r, now, brewers);
  const venues = venueRows(r, now, demoVenues, 50);
  const people = users(r, now);
  const friends = friendships(r, now, people);
  const activity = generateActivity(r, now, { beers: catalogue, venues, users: people, friendships: friends });
  // The demo's tap list joins the catalogue after every draw, so it leaves the generated world as it was.
  return {
    breweries: [...brewers, ...demoBreweryRows(anchor)],
    beers: [...catalogue, ...demoBeerRows(anchor)],
    venues,
    users: people,
    friendships: friends,
    ...activity,
  };
}

type World = Pick<SandboxData, "beers" | "venues" | "users" | "friendships">;

function friendLists(friendships: SandboxData["friendships"]) {
  const lists = new Map<number, number[]>();
  for (const f of friendships) {
    if (f.status !== "accepted") continue;
    lists.set(f.userLow, [...(lists.get(f.userLow) ?? []), f.userHigh]);
    lists.set(f.userHigh, [...(lists.get(f.userHigh) ?? []), f.userLow]);
  }
  return lists;
}

/** Check-ins, comments, toasts, badges and wish lists; ids follow time so feeds page by id. */
function generateActivity(r: Random, now: number, world: World) {
  const friendsOf = friendLists(world.friendships);
  const cityOf = new Map(words.CITIES.map((c) => [`${c.city}, ${c.state}`, c]));
  const userPool = world.users.flatMap((u, index) => Array<number>(index < 2 ? 0 : r.int(1, 10)).fill(u.id));
  const beerPool = world.beers.flatMap((b) => Array<number>(1 + Math.floor(r.next() ** 3 * 20)).fill(b.id!));
  const rating = new Map(world.beers.map((b) => [b.id!, Number(b.ratingScore)]));
  const [demo, others] = [world.venues.slice(0, 3), world.venues.slice(3)];
  const drafts = Array.from({ length: COUNT.checkins }, (_, index) => {
    const userId = index < 45 ? world.users[0]!.id : index < 75 ? world.users[1]!.id : r.pick(userPool);
    const venue = r.chance(0.65) ? (r.chance(0.2) ? r.pick(demo) : r.pick(others)) : null;
    const beerId = r.pick(beerPool);
    const home = cityOf.get(world.users.find((u) => u.id === userId)!.location) ?? words.CITIES[0]!;
    const place = venue ? (words.CITIES.find((c) => c.city === venue.city) ?? home) : home;
    const score = Math.min(5, Math.max(1, Math.round((rating.get(beerId)! + r.float(-1.2, 1.2, 2)) * 2) / 2));
    return {
      userId,
      beerId,
      venueId: venue?.id ?? null,
      rating: r.chance(0.85) ? score.toFixed(1) : null,
      comment: r.chance(0.5) ? r.pick(words.SHOUTS) : "",
      gmtOffset: place.gmtOffset.toFixed(2),
      timezone: place.timezone,
      sourceName: r.pick(["Sandbox for iPhone", "Sandbox for Android", "Sandbox Website"]),
      createdAt: new Date(now - r.float(0.01, FEED_DAYS, 6) * DAY),
    };
  });
  drafts.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const checkins = drafts.map((draft, index) => ({ id: index + 1, ...draft }));
  const privateUsers = new Set(world.users.filter((u) => u.isPrivate).map((u) => u.id));

  const later = (at: Date) => new Date(Math.min(now, at.getTime() + r.int(2, 36 * 60) * 60_000));
  const reactor = (owner: number): number | null => {
    const friends = friendsOf.get(owner) ?? [];
    if (privateUsers.has(owner) || (friends.length > 0 && r.chance(0.8))) return friends.length ? r.pick(friends) : null;
    return r.pick(world.users).id;
  };
  const commentDrafts: Omit<SandboxData["comments"][number], "id">[] = [];
  const toastKeys = new Set<string>();
  const toastDrafts: Omit<SandboxData["toasts"][number], "id">[] = [];
  const react = (checkin: (typeof checkins)[number], kind: "comment" | "toast") => {
    const userId = reactor(checkin.userId);
    if (userId === null) return;
    if (kind === "comment") {
      commentDrafts.push({ checkinId: checkin.id, userId, comment: r.pick(words.COMMENTS), createdAt: later(checkin.createdAt) });
    } else if (!toastKeys.has(`${checkin.id}:${userId}`)) {
      toastKeys.add(`${checkin.id}:${userId}`);
      toastDrafts.push({ checkinId: checkin.id, userId, createdAt: later(checkin.createdAt) });
    }
  };
  // The demo owners' check-ins draw plenty of reactions, so their notifications have more than 25 items.
  for (const checkin of checkins.filter((c) => c.userId === world.users[0]!.id || c.userId === world.users[1]!.id)) {
    for (let i = r.int(1, 3); i > 0; i--) react(checkin, "toast");
    if (r.chance(0.5)) react(checkin, "comment");
  }
  for (let i = 0; i < COUNT.comments; i++) react(r.pick(checkins), "comment");
  for (let i = 0; i < COUNT.toasts; i++) react(r.pick(checkins), "toast");
  const byTime = <T extends { createdAt: Date }>(list: T[]) =>
    list.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((row, index) => ({ id: index + 1, ...row }));

  return {
    checkins,
    comments: byTime(commentDrafts),
    toasts: byTime(toastDrafts),
    ...badgesAndWishes(r, now, world, checkins),
  };
}

function badgesAndWishes(r: Random, now: number, world: World, checkins: SandboxData["checkins"]) {
  const badges = words.BADGES.map(([name, category, description], index) => ({
    id: index + 1,
    name,
    description,
    category,
    imageSlug: slugify(name),
    isLevel: category === "Beer",
  }));
  const levelBadges = badges.filter((b) => b.isLevel);
  const checkinsOf = new Map<number, SandboxData["checkins"]>();
  for (const c of checkins) checkinsOf.set(c.userId, [...(checkinsOf.get(c.userId) ?? []), c]);
  const userBadgeDrafts: Omit<SandboxData["userBadges"][number], "id">[] = [];
  const wishlist: SandboxData["wishlist"] = [];
  world.users.forEach((user, index) => {
    // The demo owner has more than 50, so "the last 50 earned" shows.
    const count = index === 0 ? 60 : r.int(0, 25);
    const levels = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      const badge = i < badges.length && index === 0 ? badges[i]! : r.pick(i < 12 ? badges : levelBadges);
      const level = (levels.get(badge.id) ?? 0) + 1;
      if (level > 1 && !badge.isLevel) continue;
      levels.set(badge.id, level);
      const own = checkinsOf.get(user.id!) ?? [];
      const checkin = own.length ? r.pick(own) : null;
      userBadgeDrafts.push({
        userId: user.id!,
        badgeId: badge.id,
        level,
        checkinId: checkin?.id ?? null,
        createdAt: checkin?.createdAt ?? new Date(now - r.float(1, 365, 6) * DAY),
      });
    }
    for (const beer of r.sample(world.beers, index === 0 ? 12 : r.int(0, 10))) {
      wishlist.push({ userId: user.id!, beerId: beer.id!, createdAt: new Date(now - r.float(0.5, 200, 6) * DAY) });
    }
  });
  const userBadges = userBadgeDrafts
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((row, index) => ({ id: index + 1, ...row }));
  return { badges, userBadges, wishlist };
}
