import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sandboxCheckins, sandboxFriendships, sandboxUsers, sandboxVenues } from "@/sandbox/schema";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { connect, sandbox, uid } from "../sandbox-client";

let owner: string;
let ownerId: number;

beforeAll(async () => {
  await ensureSandboxData(await getDb());
  owner = await connect("demo_owner");
  ownerId = await uid("demo_owner");
});

const ids = (answer: { body: any }): number[] => answer.body.response.checkins.items.map((item: any) => item.checkin_id);

async function checkinCount(userId: number) {
  const [row] = await (await getDb()).select({ n: count() }).from(sandboxCheckins).where(eq(sandboxCheckins.userId, userId));
  return row!.n;
}

/** A private account that has friends but is not the demo owner's friend. */
async function privateTrio() {
  const db = await getDb();
  const friendships = await db.select().from(sandboxFriendships).where(eq(sandboxFriendships.status, "accepted"));
  const friendsOf = (id: number) => friendships.flatMap((f) => (f.userLow === id ? [f.userHigh] : f.userHigh === id ? [f.userLow] : []));
  const candidates = await db.select().from(sandboxUsers).where(eq(sandboxUsers.isPrivate, true)).orderBy(sandboxUsers.id);
  const privateUser = candidates.find((user) => friendsOf(user.id).length > 0 && !friendsOf(user.id).includes(ownerId))!;
  return { privateUser, friendId: friendsOf(privateUser.id)[0]! };
}

describe("check-in feeds", () => {
  it("checkin/recent: the caller's friends' check-ins, 25 by default, at most 50", async () => {
    const feed = await sandbox("/v4/checkin/recent", { token: owner });
    expect(feed.status).toBe(200);
    expect(feed.body.response.checkins.count).toBe(25);
    const friends = await sandbox("/v4/user/friends", { token: owner });
    const friendIds = new Set(friends.body.response.items.map((item: any) => item.user.uid));
    for (const item of feed.body.response.checkins.items) expect(friendIds.has(item.user.uid)).toBe(true);
    expect(ids(feed)).toEqual([...ids(feed)].sort((a, b) => b - a));

    expect(ids(await sandbox("/v4/checkin/recent", { token: owner, query: { limit: 50 } }))).toHaveLength(50);
    // Over the maximum: clamped to it.
    expect(ids(await sandbox("/v4/checkin/recent", { token: owner, query: { limit: 80 } }))).toHaveLength(50);
    expect(ids(await sandbox("/v4/checkin/recent", { token: owner, query: { limit: 7 } }))).toHaveLength(7);
  });

  it("user, beer, brewery and venue feeds: 25 by default and at most 25", async () => {
    for (const path of ["/v4/user/checkins/demo_owner", "/v4/venue/checkins/910001"]) {
      expect(ids(await sandbox(path))).toHaveLength(25);
      expect(ids(await sandbox(path, { query: { limit: 40 } }))).toHaveLength(25);
      expect(ids(await sandbox(path, { query: { limit: 10 } }))).toHaveLength(10);
    }
    expect((await sandbox("/v4/brewery/checkins/2001", { query: { limit: 40 } })).body.response.checkins.count).toBeLessThanOrEqual(25);
    expect((await sandbox("/v4/beer/checkins/100001", { query: { limit: 40 } })).status).toBe(200);
  });

  it("refuse a limit, offset, max_id or min_id that is not a whole number with 400 invalid_param", async () => {
    const queries: Record<string, string>[] = [
      { limit: "ten" },
      { limit: "2.5" },
      { limit: "0" },
      { limit: "-3" },
      { max_id: "x" },
      { max_id: "0" },
      { min_id: "-1" },
    ];
    for (const query of queries) {
      const answer = await sandbox("/v4/user/checkins/demo_owner", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.meta.error_type).toBe("invalid_param");
    }
    expect((await sandbox("/v4/user/friends/demo_owner", { query: { offset: "1.5" } })).status).toBe(400);
  });

  it("page backwards with max_id (inclusive) until next_url is empty, without gaps or repeats", async () => {
    const seen: number[] = [];
    let query: Record<string, string | number> = { limit: 10 };
    for (let page = 0; page < 20; page++) {
      const answer = await sandbox("/v4/user/checkins/demo_owner", { query });
      seen.push(...ids(answer));
      const { pagination } = answer.body.response;
      if (pagination.next_url === "") {
        expect(pagination.max_id).toBe("");
        break;
      }
      const next = new URL(pagination.next_url);
      expect(next.pathname).toBe("/sandbox/v4/user/checkins/demo_owner");
      expect(next.searchParams.get("max_id")).toBe(String(pagination.max_id));
      expect(next.searchParams.get("limit")).toBe("10");
      expect(next.searchParams.has("client_secret")).toBe(false);
      expect(pagination.max_id).toBe(seen.at(-1)! - 1);
      query = { limit: 10, max_id: pagination.max_id };
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(seen).toHaveLength(await checkinCount(ownerId));
  });

  it("max_id starts at that check-in; min_id keeps only newer ones", async () => {
    const all = ids(await sandbox("/v4/user/checkins/demo_owner"));
    const middle = all[10]!;
    expect(ids(await sandbox("/v4/user/checkins/demo_owner", { query: { max_id: middle } }))[0]).toBe(middle);
    const newer = ids(await sandbox("/v4/user/checkins/demo_owner", { query: { min_id: middle } }));
    expect(newer).toEqual(all.slice(0, 10));
    const since = await sandbox("/v4/user/checkins/demo_owner", { query: { min_id: all[0]! } });
    expect(ids(since)).toEqual([]);
    expect(new URL(since.body.response.pagination.since_url).searchParams.get("min_id")).toBe(String(all[0]));
  });

  it("beer, brewery and venue feeds show public accounts only", async () => {
    const { privateUser } = await privateTrio();
    const token = await connect(privateUser.userName);
    const db = await getDb();
    const [venue] = await db.select().from(sandboxVenues).where(eq(sandboxVenues.id, 910002));
    const added = await sandbox("/v4/checkin/add", {
      token,
      form: { bid: 100002, gmt_offset: 1, timezone: "CET", directory_id: venue!.directoryId, geolat: 52.37, geolng: 4.93 },
    });
    expect(added.status).toBe(200);
    const id = added.body.response.checkin_id;
    expect(ids(await sandbox("/v4/beer/checkins/100002"))).not.toContain(id);
    expect(ids(await sandbox("/v4/venue/checkins/910002"))).not.toContain(id);
    expect(ids(await sandbox(`/v4/brewery/checkins/${added.body.response.brewery.brewery_id}`))).not.toContain(id);
    expect(ids(await sandbox("/v4/user/checkins", { token }))).toContain(id);
  });

  it("a private account's own feed answers 403 not_allowed to strangers, and to itself and its friends", async () => {
    const { privateUser, friendId } = await privateTrio();
    const stranger = await sandbox(`/v4/user/checkins/${privateUser.userName}`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.meta.error_type).toBe("not_allowed");
    expect((await sandbox(`/v4/user/checkins/${privateUser.userName}`, { token: owner })).status).toBe(403);
    const self = await connect(privateUser.userName);
    expect((await sandbox(`/v4/user/checkins/${privateUser.userName}`, { token: self })).status).toBe(200);
    const [friend] = await (await getDb()).select().from(sandboxUsers).where(eq(sandboxUsers.id, friendId));
    const friendToken = await connect(friend!.userName);
    expect((await sandbox(`/v4/user/checkins/${privateUser.userName}`, { token: friendToken })).status).toBe(200);
  });

  it("answers 404 for a beer, brewery or venue that does not exist", async () => {
    for (const path of ["/v4/beer/checkins/42", "/v4/brewery/checkins/42", "/v4/venue/checkins/42"]) {
      const answer = await sandbox(path);
      expect(answer.status).toBe(404);
      expect(answer.body.meta.error_type).toBe("invalid_param");
    }
  });

  it("thepub/local: public accounts' check-ins at venues within the radius of a point, paged like the other feeds", async () => {
    const db = await getDb();
    const venues = new Map((await db.select().from(sandboxVenues)).map((venue) => [venue.id, venue]));
    const downtown = venues.get(910001)!;
    const point = { lat: Number(downtown.lat), lng: Number(downtown.lng) };
    const km = (venueId: number) => {
      const venue = venues.get(venueId)!;
      const rad = (degrees: number) => (degrees * Math.PI) / 180;
      const h =
        Math.sin(rad(Number(venue.lat) - point.lat) / 2) ** 2 +
        Math.cos(rad(point.lat)) * Math.cos(rad(Number(venue.lat))) * Math.sin(rad(Number(venue.lng) - point.lng) / 2) ** 2;
      return 2 * 6371 * Math.asin(Math.sqrt(h));
    };
    const near = await sandbox("/v4/thepub/local", { query: { ...point, limit: 25 } });
    expect(near.status).toBe(200);
    const items = near.body.response.checkins.items;
    expect(items).toHaveLength(25);
    expect(ids(near)).toEqual([...ids(near)].sort((a, b) => b - a));
    // The default radius is 25 miles; every check-in is at a venue within it, of a public account.
    for (const item of items) expect(km(item.venue.venue_id)).toBeLessThanOrEqual(25 * 1.609344);
    expect(items.some((item: any) => item.venue.venue_id === 910001)).toBe(true);
    const privateIds = new Set((await db.select().from(sandboxUsers).where(eq(sandboxUsers.isPrivate, true))).map((user) => user.id));
    for (const item of items) expect(privateIds.has(item.user.uid)).toBe(false);
    // Within 1 km there is only the venue itself: the same check-ins as its own feed.
    expect([...venues.keys()].filter((id) => km(id) <= 1)).toEqual([910001]);
    const venueFeed = ids(await sandbox("/v4/venue/checkins/910001", { query: { limit: 25 } }));
    expect(ids(await sandbox("/v4/thepub/local", { query: { ...point, dist_pref: "km", radius: 1, limit: 25 } }))).toEqual(venueFeed);

    // Links carry the point and the radius; the next page is older, none repeated.
    const next = new URL(near.body.response.pagination.next_url);
    expect(next.pathname).toBe("/sandbox/v4/thepub/local");
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      lat: String(point.lat),
      lng: String(point.lng),
      radius: "25",
      dist_pref: "m",
    });
    const older = await sandbox("/v4/thepub/local", { query: Object.fromEntries(next.searchParams) });
    expect(Math.max(...ids(older))).toBeLessThan(Math.min(...ids(near)));

    // Nothing near the middle of the ocean; lat and lng are required, dist_pref is m or km, radius a whole number.
    expect((await sandbox("/v4/thepub/local", { query: { lat: 0, lng: -30 } })).body.response.checkins.count).toBe(0);
    const refused: Record<string, string | number>[] = [
      { lng: 4.9 },
      { lat: 52.4 },
      { lat: 95, lng: 0 },
      { ...point, dist_pref: "mi" },
      { ...point, radius: "2.5" },
    ];
    for (const query of refused) {
      const answer = await sandbox("/v4/thepub/local", { query });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.meta.error_type).toBe("invalid_param");
    }
  });

  it("user names are matched without regard to case", async () => {
    expect((await sandbox("/v4/user/checkins/Demo_Owner", { query: { limit: 1 } })).status).toBe(200);
  });
});
