import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { sandboxVenues } from "@/sandbox/schema";
import { ensureSandboxData } from "@/sandbox/seed/ensure";
import { connect, sandbox, sandboxSnapshot } from "../sandbox-client";

let owner: string;
let rival: string;
let downtown: string;

beforeAll(async () => {
  const db = await getDb();
  await ensureSandboxData(db);
  [owner, rival] = [await connect("demo_owner"), await connect("rival_owner")];
  const [venue] = await db.select().from(sandboxVenues).where(eq(sandboxVenues.id, 910001));
  downtown = venue!.directoryId;
});

const BASE = { bid: 100010, gmt_offset: "-5", timezone: "EST" };

async function refused(form: Record<string, string | number>, status = 400, type = "invalid_param") {
  const before = await sandboxSnapshot();
  const answer = await sandbox("/v4/checkin/add", { token: owner, form });
  expect(answer.status, JSON.stringify(form)).toBe(status);
  expect(answer.body.meta.error_type).toBe(type);
  expect(await sandboxSnapshot()).toEqual(before);
  return answer;
}

describe("POST /v4/checkin/add", () => {
  it("checks in and answers the new check-in item, without a venue when none was named", async () => {
    const answer = await sandbox("/v4/checkin/add", { token: owner, form: { ...BASE, shout: "First one!", rating: "3.5" } });
    expect(answer.status).toBe(200);
    const item = answer.body.response;
    expect(item).toMatchObject({
      result: "success",
      checkin_id: expect.any(Number),
      checkin_comment: "First one!",
      rating_score: 3.5,
      user: { user_name: "demo_owner" },
      beer: { bid: 100010 },
      venue: [],
      comments: { count: 0, items: [] },
      toasts: { count: 0, auth_toast: false },
    });
    const view = await sandbox(`/v4/checkin/view/${item.checkin_id}`);
    expect(view.body.response.checkin.checkin_comment).toBe("First one!");
    const feed = await sandbox("/v4/user/checkins", { token: owner, query: { limit: 1 } });
    expect(feed.body.response.checkins.items[0].checkin_id).toBe(item.checkin_id);
  });

  it("takes the parameters as a JSON body too", async () => {
    const answer = await sandbox("/v4/checkin/add", { token: owner, json: { ...BASE, rating: 4 } });
    expect(answer.status).toBe(200);
    expect(answer.body.response.rating_score).toBe(4);
  });

  it("places the check-in at the venue a directory id or its MD5 names; an unknown one leaves the venue out", async () => {
    const plain = await sandbox("/v4/checkin/add", {
      token: owner,
      form: { ...BASE, directory_id: downtown, geolat: "40.7195", geolng: "-74.0089" },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.response.venue).toMatchObject({ venue_id: 910001, venue_name: "Demo Taproom Downtown" });
    const md5 = createHash("md5").update(downtown).digest("hex");
    const hashed = await sandbox("/v4/checkin/add", {
      token: owner,
      form: { ...BASE, directory_id: md5, geolat: 40.7, geolng: -74, directory: "on" },
    });
    expect(hashed.body.response.venue.venue_id).toBe(910001);
    const unknown = await sandbox("/v4/checkin/add", {
      token: owner,
      form: { ...BASE, directory_id: "f".repeat(24), geolat: 1, geolng: 2 },
    });
    expect(unknown.status).toBe(200);
    expect(unknown.body.response.venue).toEqual([]);
  });

  it("requires gmt_offset, timezone and bid", async () => {
    await refused({ timezone: "EST", bid: 100010 });
    await refused({ gmt_offset: "-5", bid: 100010 });
    await refused({ gmt_offset: "-5", timezone: "EST" });
    await refused({ ...BASE, gmt_offset: "five" });
    await refused({ ...BASE, bid: "abc" });
    await refused({ ...BASE, bid: 42 }, 404);
  });

  it("keeps shouts to 140 characters", async () => {
    expect((await sandbox("/v4/checkin/add", { token: owner, form: { ...BASE, shout: "x".repeat(140) } })).status).toBe(200);
    // Characters, not bytes: 140 emoji are fine.
    expect((await sandbox("/v4/checkin/add", { token: owner, form: { ...BASE, shout: "🍺".repeat(140) } })).status).toBe(200);
    await refused({ ...BASE, shout: "x".repeat(141) });
  });

  it.each(["0", "5.5", "3.3", "0.5", "6", "-1", "abc", "3.25"])("refuses rating %s", async (rating) => {
    const answer = await refused({ ...BASE, rating });
    expect(answer.body.meta.error_detail).toMatch(/rating/);
  });

  it.each(["1", "3.5", "5", "4.0"])("accepts rating %s", async (rating) => {
    const answer = await sandbox("/v4/checkin/add", { token: owner, form: { ...BASE, rating } });
    expect(answer.status).toBe(200);
    expect(answer.body.response.rating_score).toBe(Number(rating));
  });

  it("requires geolat and geolng with a location, and a location for directory=on", async () => {
    await refused({ ...BASE, directory_id: downtown });
    await refused({ ...BASE, directory_id: downtown, geolat: "40.7" });
    await refused({ ...BASE, directory_id: downtown, geolat: "91", geolng: "0" });
    await refused({ ...BASE, directory: "on" });
    await refused({ ...BASE, directory_id: "not-an-id", geolat: 1, geolng: 1 });
  });

  it("takes social_1, social_2 and directory as on or off only", async () => {
    expect((await sandbox("/v4/checkin/add", { token: owner, form: { ...BASE, social_1: "on", social_2: "off" } })).status).toBe(200);
    await refused({ ...BASE, social_1: "yes" });
    await refused({ ...BASE, social_2: "1" });
    await refused({ ...BASE, directory: "true", directory_id: downtown, geolat: 1, geolng: 1 });
  });
});

describe("comments", () => {
  it("adds a comment of at most 140 characters; empty or longer is 400", async () => {
    const added = await sandbox("/v4/checkin/addcomment/100", { token: owner, form: { comment: "y".repeat(140) } });
    expect(added.status).toBe(200);
    expect(added.body.response).toMatchObject({
      result: "success",
      comment: { comment: "y".repeat(140), comment_owner: true, user: { user_name: "demo_owner" } },
    });
    expect(added.body.response.comments.items.at(-1).comment_id).toBe(added.body.response.comment.comment_id);
    const before = await sandboxSnapshot();
    const forms: Record<string, string>[] = [{ comment: "z".repeat(141) }, { comment: "   " }, {}];
    for (const form of forms) {
      const answer = await sandbox("/v4/checkin/addcomment/100", { token: owner, form });
      expect(answer.status).toBe(400);
      expect(answer.body.meta.error_type).toBe("invalid_param");
    }
    expect(await sandboxSnapshot()).toEqual(before);
    expect((await sandbox("/v4/checkin/addcomment/999999", { token: owner, form: { comment: "hi" } })).status).toBe(404);
  });

  it("deletes only the caller's own comments: someone else's is 403 not_allowed", async () => {
    const added = await sandbox("/v4/checkin/addcomment/101", { token: owner, form: { comment: "mine" } });
    const commentId = added.body.response.comment.comment_id;
    const before = await sandboxSnapshot();
    const other = await sandbox(`/v4/checkin/deletecomment/${commentId}`, { token: rival, method: "POST" });
    expect(other.status).toBe(403);
    expect(other.body.meta.error_type).toBe("not_allowed");
    expect(await sandboxSnapshot()).toEqual(before);
    const own = await sandbox(`/v4/checkin/deletecomment/${commentId}`, { token: owner, method: "POST" });
    expect(own.status).toBe(200);
    expect(own.body.response.result).toBe("success");
    expect(own.body.response.comments.items.map((c: any) => c.comment_id)).not.toContain(commentId);
    expect((await sandbox(`/v4/checkin/deletecomment/${commentId}`, { token: owner, method: "POST" })).status).toBe(404);
    expect((await sandbox("/v4/checkin/deletecomment/abc", { token: owner, method: "POST" })).status).toBe(400);
  });
});

describe("the toast toggle", () => {
  it("toasts on the first call and removes the toast on the second", async () => {
    const first = await sandbox("/v4/checkin/toast/120", { token: owner, method: "POST" });
    expect(first.status).toBe(200);
    expect(first.body.response).toMatchObject({
      result: "success",
      like_type: "toast",
      like_id: expect.any(Number),
      toasts: { auth_toast: true },
    });
    const count = first.body.response.toasts.total_count;
    expect(first.body.response.toasts.items.some((t: any) => t.user.user_name === "demo_owner" && t.like_owner)).toBe(true);

    const view = await sandbox("/v4/checkin/view/120", { token: owner });
    expect(view.body.response.checkin.toasts.auth_toast).toBe(true);

    const second = await sandbox("/v4/checkin/toast/120", { token: owner, method: "POST" });
    expect(second.body.response).toMatchObject({
      result: "success",
      like_type: "toast",
      like_id: null,
      toasts: { auth_toast: false, total_count: count - 1 },
    });
    const third = await sandbox("/v4/checkin/toast/120", { token: owner, method: "POST" });
    expect(third.body.response.toasts).toMatchObject({ auth_toast: true, total_count: count });
  });

  it("needs an existing check-in and an access token", async () => {
    expect((await sandbox("/v4/checkin/toast/999999", { token: owner, method: "POST" })).status).toBe(404);
    expect((await sandbox("/v4/checkin/toast/120", { method: "POST" })).status).toBe(401);
  });
});
