import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, ne, notInArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sandboxFriendships, sandboxUsers } from "@/sandbox/schema";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { connect, sandbox, sandboxSnapshot, uid } from "../sandbox-client";

let owner: string;
let rival: string;
let ownerId: number;
let rivalId: number;

beforeAll(async () => {
  await ensureSandboxData(await getDb());
  [owner, rival] = [await connect("demo_owner"), await connect("rival_owner")];
  [ownerId, rivalId] = [await uid("demo_owner"), await uid("rival_owner")];
});

const friend = (action: string, target: number | string, token: string) => sandbox(`/v4/friend/${action}/${target}`, { token });

function expectParamError(answer: { status: number; body: any }, status = 400) {
  expect(answer.status).toBe(status);
  expect(answer.body.meta.error_type).toBe("invalid_param");
}

describe("the friendship flow", () => {
  it("request → pending → accept → friends → remove", async () => {
    const request = await friend("request", rivalId, owner);
    expect(request.status).toBe(200);
    expect(request.body.response).toMatchObject({
      result: "success",
      request_type: "request",
      target_user: { uid: rivalId, relationship: "request_sent" },
    });

    // Only the target sees it among their pending requests.
    const pending = await sandbox("/v4/user/pending", { token: rival });
    expect(pending.body.response.items.map((item: any) => item.user.user_name)).toContain("demo_owner");
    const mine = await sandbox("/v4/user/pending", { token: owner });
    expect(mine.body.response.items.map((item: any) => item.user.user_name)).not.toContain("rival_owner");

    // Asking twice, asking back, and the requester accepting are all refused.
    const before = await sandboxSnapshot();
    expectParamError(await friend("request", rivalId, owner));
    expectParamError(await friend("request", ownerId, rival));
    expectParamError(await friend("accept", rivalId, owner));
    expectParamError(await friend("remove", rivalId, owner));
    expect(await sandboxSnapshot()).toEqual(before);

    const accept = await friend("accept", ownerId, rival);
    expect(accept.status).toBe(200);
    expect(accept.body.response).toMatchObject({
      result: "success",
      request_type: "accept",
      target_user: { uid: ownerId, relationship: "friends" },
    });
    expectParamError(await friend("accept", ownerId, rival));
    expectParamError(await friend("request", rivalId, owner));
    const friends = await sandbox("/v4/user/friends", { token: rival, query: { limit: 25 } });
    const all = [
      friends.body.response.items,
      (await sandbox("/v4/user/friends", { token: rival, query: { offset: 25 } })).body.response.items,
    ].flat();
    expect(all.map((item: any) => item.user.user_name)).toContain("demo_owner");

    const remove = await friend("remove", rivalId, owner);
    expect(remove.body.response).toMatchObject({ result: "success", request_type: "remove", target_user: { relationship: "none" } });
    expectParamError(await friend("remove", rivalId, owner));
  });

  it("reject: only the target declines a pending request, which can then be sent again", async () => {
    expect((await friend("request", rivalId, owner)).status).toBe(200);
    expectParamError(await friend("reject", rivalId, owner));
    const reject = await friend("reject", ownerId, rival);
    expect(reject.status).toBe(200);
    expect(reject.body.response).toMatchObject({
      result: "success",
      request_type: "reject",
      target_user: { uid: ownerId, relationship: "none" },
    });
    expectParamError(await friend("reject", ownerId, rival));
    const pending = await sandbox("/v4/user/pending", { token: rival });
    expect(pending.body.response.items.map((item: any) => item.user.user_name)).not.toContain("demo_owner");
    expect((await friend("request", rivalId, owner)).status).toBe(200);
    expect((await friend("reject", ownerId, rival)).status).toBe(200);
  });

  it("refuses requesting yourself, unknown users and malformed ids", async () => {
    expectParamError(await friend("request", ownerId, owner));
    expectParamError(await friend("request", 999_999, owner), 404);
    expectParamError(await friend("accept", "abc", owner));
    expectParamError(await friend("remove", "0", owner));
  });

  it("user/pending lists requests to the caller, newest first, all of them unless limited", async () => {
    const all = await sandbox("/v4/user/pending", { token: owner });
    const items = all.body.response.items;
    expect(items.length).toBeGreaterThanOrEqual(4);
    expect(all.body.response.count).toBe(items.length);
    for (const item of items) expect(item.user.relationship).toBe("request_received");
    const times = items.map((item: any) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await sandbox("/v4/user/pending", { token: owner, query: { limit: 2 } })).body.response.count).toBe(2);
    const rest = await sandbox("/v4/user/pending", { token: owner, query: { offset: 1 } });
    expect(rest.body.response.items).toEqual(items.slice(1));
    expectParamError(await sandbox("/v4/user/pending", { token: owner, query: { limit: "x" } }));
  });

  it("user/friends gives 25 per call at most", async () => {
    const db = await getDb();
    const strangers = await db
      .select({ id: sandboxUsers.id })
      .from(sandboxUsers)
      .where(
        and(
          ne(sandboxUsers.id, rivalId),
          notInArray(
            sandboxUsers.id,
            db.select({ id: sandboxFriendships.userLow }).from(sandboxFriendships).where(eq(sandboxFriendships.userHigh, rivalId)),
          ),
        ),
      )
      .limit(40);
    const now = new Date();
    await db
      .insert(sandboxFriendships)
      .values(
        strangers.map(({ id }) => ({
          userLow: Math.min(id, rivalId),
          userHigh: Math.max(id, rivalId),
          requesterId: id,
          status: "accepted" as const,
          createdAt: now,
          acceptedAt: now,
        })),
      )
      .onConflictDoNothing();
    const first = await sandbox("/v4/user/friends/rival_owner");
    expect(first.body.response.count).toBe(25);
    expect((await sandbox("/v4/user/friends/rival_owner", { query: { limit: 40 } })).body.response.count).toBe(25);
    const found = first.body.response.found;
    expect(found).toBeGreaterThan(25);
    const second = await sandbox("/v4/user/friends/rival_owner", { query: { offset: 25 } });
    expect(second.body.response.count).toBe(Math.min(25, found - 25));
    const uids = [...first.body.response.items, ...second.body.response.items].map((item: any) => item.user.uid);
    expect(new Set(uids).size).toBe(uids.length);
  });
});

describe("the wish list", () => {
  it("adds and deletes by bid; a duplicate add or an absent delete is 400", async () => {
    const add = await sandbox("/v4/user/wishlist/add", { token: owner, query: { bid: 100300 } });
    expect(add.status).toBe(200);
    expect(add.body.response).toMatchObject({ result: "success", beer: { bid: 100300, wish_list: true } });
    const list = await sandbox("/v4/user/wishlist", { token: owner });
    expect(list.body.response.beers.items[0].beer.bid).toBe(100300);
    const info = await sandbox("/v4/beer/info/100300", { token: owner, query: { compact: "true" } });
    expect(info.body.response.beer.wish_list).toBe(true);

    expectParamError(await sandbox("/v4/user/wishlist/add", { token: owner, query: { bid: 100300 } }));
    const remove = await sandbox("/v4/user/wishlist/delete", { token: owner, query: { bid: 100300 } });
    expect(remove.body.response).toMatchObject({ result: "success", beer: { bid: 100300, wish_list: false } });
    expectParamError(await sandbox("/v4/user/wishlist/delete", { token: owner, query: { bid: 100300 } }));
    expectParamError(await sandbox("/v4/user/wishlist/add", { token: owner, query: { bid: 42 } }), 404);
    expectParamError(await sandbox("/v4/user/wishlist/add", { token: owner, query: { bid: "x" } }));
    expectParamError(await sandbox("/v4/user/wishlist/add", { token: owner }));
  });

  it("sorts by date (default), checkin, rating and ABV; 25 by default, at most 50", async () => {
    for (let bid = 100_301; bid <= 100_330; bid++) await sandbox("/v4/user/wishlist/add", { token: owner, query: { bid } });
    const byDate = await sandbox("/v4/user/wishlist/demo_owner");
    expect(byDate.body.response.sort).toBe("date");
    expect(byDate.body.response.beers.count).toBe(25);
    const total = byDate.body.response.found;
    expect(total).toBeGreaterThan(25);
    expect((await sandbox("/v4/user/wishlist/demo_owner", { query: { limit: 60 } })).body.response.beers.count).toBe(Math.min(50, total));
    const dates = byDate.body.response.beers.items.map((item: any) => Date.parse(item.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const values = async (sort: string, pick: (item: any) => number) =>
      (await sandbox("/v4/user/wishlist/demo_owner", { query: { sort, limit: 50 } })).body.response.beers.items.map(pick);
    const abv = (item: any) => item.beer.beer_abv;
    const rating = (item: any) => item.beer.rating_score;
    expect(await values("highest_abv", abv)).toEqual((await values("highest_abv", abv)).sort((a: number, b: number) => b - a));
    expect(await values("lowest_abv", abv)).toEqual((await values("lowest_abv", abv)).sort((a: number, b: number) => a - b));
    expect(await values("highest_rated", rating)).toEqual((await values("highest_rated", rating)).sort((a: number, b: number) => b - a));
    expect(await values("lowest_rated", rating)).toEqual((await values("lowest_rated", rating)).sort((a: number, b: number) => a - b));
    expect((await sandbox("/v4/user/wishlist/demo_owner", { query: { sort: "checkin" } })).status).toBe(200);
    expect((await sandbox("/v4/user/wishlist/demo_owner", { query: { sort: "random" } })).body.response.sort).toBe("date"); // unknown: the default
  });
});

describe("notifications", () => {
  const latestOwnCheckin = async () =>
    (await sandbox("/v4/user/checkins", { token: owner, query: { limit: 1 } })).body.response.checkins.items[0].checkin_id as number;

  it("lists the last 25 toasts and comments on the caller's check-ins, newest first", async () => {
    const answer = await sandbox("/v4/notifications", { token: owner });
    expect(answer.status).toBe(200);
    const items = answer.body.response.notifications.items;
    expect(items).toHaveLength(25);
    expect(answer.body.response.notifications.count).toBe(25);
    const times = items.map((item: any) => Date.parse(item.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const item of items) {
      expect(["toast", "comment"]).toContain(item.type);
      expect(item.user.user_name).not.toBe("demo_owner");
    }
    expect(items.some((item: any) => item.type === "toast") && items.some((item: any) => item.type === "comment")).toBe(true);
  });

  it("shows a new toast and a new comment first, and never pages beyond the last 25", async () => {
    const checkinId = await latestOwnCheckin();
    await sandbox(`/v4/checkin/toast/${checkinId}`, { token: rival, method: "POST" });
    await sandbox(`/v4/checkin/addcomment/${checkinId}`, { token: rival, form: { comment: "Cheers from the rival!" } });
    const items = (await sandbox("/v4/notifications", { token: owner })).body.response.notifications.items;
    expect(items[0]).toMatchObject({
      type: "comment",
      comment: "Cheers from the rival!",
      user: { user_name: "rival_owner" },
      checkin: { checkin_id: checkinId },
    });
    expect(items[1]).toMatchObject({ type: "toast", user: { user_name: "rival_owner" }, checkin: { checkin_id: checkinId } });

    expect((await sandbox("/v4/notifications", { token: owner, query: { limit: 5 } })).body.response.notifications.count).toBe(5);
    expect((await sandbox("/v4/notifications", { token: owner, query: { limit: 40 } })).body.response.notifications.count).toBe(25);
    expect((await sandbox("/v4/notifications", { token: owner, query: { offset: 20 } })).body.response.notifications.count).toBe(5);
    expect((await sandbox("/v4/notifications", { token: owner, query: { offset: 25 } })).body.response.notifications.count).toBe(0);
  });

  it("reading them clears the unread counts in the envelope", async () => {
    await sandbox("/v4/notifications", { token: owner });
    const after = await sandbox("/v4/user/info", { token: owner, query: { compact: "true" } });
    expect(after.body.notifications.unread_count).toMatchObject({ comments: 0, toasts: 0 });
    const fresh = await sandbox("/v4/checkin/add", { token: owner, form: { bid: 100001, gmt_offset: "-5", timezone: "EST" } });
    await sandbox(`/v4/checkin/toast/${fresh.body.response.checkin_id}`, { token: rival, method: "POST" });
    const next = await sandbox("/v4/user/info", { token: owner, query: { compact: "true" } });
    expect(next.body.notifications.unread_count.toasts).toBe(1);
  });
});
