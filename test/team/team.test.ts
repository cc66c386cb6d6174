import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { api, db, login, type Account, type Credentials } from "../api";
import { snapshot } from "../snapshot";
import { activity, invitations, locations, menus, rateLimits, users } from "@/lib/db/schema";
import { hashToken } from "@/lib/auth/tokens";
import { SESSION_COOKIE } from "@/lib/auth/browser-sessions";
import { resetEnvForTests } from "@/lib/server/env";
import { acceptInvitation, createInvitation, INVITATION_LIFETIME_DAYS, peekInvitation } from "@/lib/team/invitations";
import { withSettings } from "../auth/account-snapshot";
import { listTeam, updateMember } from "@/lib/team/team";
import { settle } from "@/lib/live/bus";

// The team (venue-operations §3): invitations as one-time links, acceptance, roles and scopes, the last
// owner, and what each role sees. Members are made the way a venue makes them: invited, then accepted.

const ORIGIN = "http://127.0.0.1:3000"; // test/api.ts sends every request to this origin
const PASSWORD = "harbor-taps-and-kegs";
const DAY_MS = 24 * 60 * 60 * 1000;

let owner: Account;
let rival: Account;
let downtown: number;
let harbor: number;
let rivalLocation: number;

type Member = { id: number; email: string; rw: Credentials; ro: Credentials };

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const ours = (await api.get("locations", { as: owner.ro })).body.locations;
  downtown = ours.find((l: { name: string }) => l.name.endsWith("Downtown")).id;
  harbor = ours.find((l: { name: string }) => l.name.endsWith("Harbor")).id;
  rivalLocation = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
});

// Each test starts with the businesses' invitation counts at zero: this file invites more than an hour allows.
beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

async function invite(email: string, role: string, locationIds: number[] | null, as: Credentials = owner.rw) {
  return api.post("team/invitations", { as, body: { email, role, location_ids: locationIds } });
}

/** Invites `email` and accepts as `name`: the new member with both tokens. */
async function join(email: string, role: string, locationIds: number[] | null, name = "Sam Lee"): Promise<Member> {
  const invited = await invite(email, role, locationIds);
  expect(invited.status, JSON.stringify(invited.body)).toBe(201);
  const accepted = await api.post("invitations/accept", {
    body: { token: tokenOf(invited.body.invitation.url), name, password: PASSWORD },
  });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
  const [user] = await (await db()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return {
    id: user!.id,
    email,
    rw: { email, token: accepted.body.user.auth_token },
    ro: { email, token: accepted.body.user.auth_token_read_only },
  };
}

/** Everything a refused request must leave as it was: the business tables, invitations and the activity log. */
async function everything() {
  const database = await db();
  return {
    ...(await snapshot()),
    invitations: await database.select().from(invitations).orderBy(asc(invitations.id)),
    activity: await database.select().from(activity).orderBy(asc(activity.id)),
  };
}

async function activityOf(target: { type: string; id: number }) {
  return (await db())
    .select()
    .from(activity)
    .where(and(eq(activity.targetType, target.type), eq(activity.targetId, target.id)))
    .orderBy(asc(activity.id));
}

describe("POST /team/invitations", () => {
  it("answers a one-time link valid 7 days, keeps only its SHA-256, and lists the invitation as pending", async () => {
    const before = Date.now();
    const response = await invite("sam@bar.test", "staff", [harbor]);
    expect(response.status).toBe(201);
    const { invitation } = response.body;
    expect(invitation).toEqual({
      id: expect.any(Number),
      email: "sam@bar.test",
      role: "staff",
      location_ids: [harbor],
      expires_at: expect.stringMatching(/Z$/),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/invitations\/accept\?token=[A-Za-z0-9_-]{43}$/),
      mailed: false,
    });
    const lifetime = Date.parse(invitation.expires_at) - before;
    expect(lifetime).toBeGreaterThanOrEqual(INVITATION_LIFETIME_DAYS * DAY_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(INVITATION_LIFETIME_DAYS * DAY_MS + 60_000);

    const [stored] = await (await db()).select().from(invitations).where(eq(invitations.id, invitation.id));
    const token = tokenOf(invitation.url);
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const team = await api.get("team", { as: owner.ro });
    expect(team.status).toBe(200);
    expect(team.body.invitations).toContainEqual({
      id: invitation.id,
      email: "sam@bar.test",
      role: "staff",
      location_ids: [harbor],
      expires_at: invitation.expires_at,
    });
    expect(await activityOf({ type: "invitation", id: invitation.id })).toMatchObject([
      { kind: "invitation.created", locationId: harbor, summary: "Invited sam@bar.test as staff at Demo Taproom Harbor" },
    ]);
    expect(await peekInvitation(await db(), token)).toEqual({
      email: "sam@bar.test",
      role: "staff",
      businessName: "Demo Taproom Group",
      locationNames: ["Demo Taproom Harbor"],
      expiresAt: new Date(invitation.expires_at),
    });
  });

  it("takes the email in any case and spacing, and stores it lower-cased", async () => {
    const response = await invite("  Casey@Bar.TEST ", "manager", [downtown, harbor, downtown]);
    expect(response.status).toBe(201);
    expect(response.body.invitation).toMatchObject({ email: "casey@bar.test", role: "manager", location_ids: [downtown, harbor] });
  });

  it("invites an owner with no locations (every one), recorded for the business as a whole", async () => {
    const response = await invite("olive@bar.test", "owner", null);
    expect(response.status).toBe(201);
    expect(response.body.invitation).toMatchObject({ role: "owner", location_ids: null });
    expect(await activityOf({ type: "invitation", id: response.body.invitation.id })).toMatchObject([
      { kind: "invitation.created", locationId: null, summary: "Invited olive@bar.test as owner" },
    ]);
  });

  it("revokes the earlier pending invitation of the same email", async () => {
    const first = await invite("twice@bar.test", "staff", [downtown]);
    const second = await invite("twice@bar.test", "manager", [harbor]);
    expect(second.status).toBe(201);
    const team = (await api.get("team", { as: owner.ro })).body;
    expect(team.invitations.filter((i: { email: string }) => i.email === "twice@bar.test")).toEqual([
      expect.objectContaining({ id: second.body.invitation.id, role: "manager" }),
    ]);
    const stale = await api.post("invitations/accept", {
      body: { token: tokenOf(first.body.invitation.url), name: "Twice", password: PASSWORD },
    });
    expect(stale.status).toBe(410);
    expect(stale.body.code).toBe("invitation_expired");
    expect(await activityOf({ type: "invitation", id: first.body.invitation.id })).toMatchObject([
      { kind: "invitation.created" },
      { kind: "invitation.revoked", locationId: downtown },
    ]);
  });

  it.each([
    ["an owner with locations", { email: "a@bar.test", role: "owner", location_ids: [1] }, "location_ids"],
    ["a staff member without locations", { email: "a@bar.test", role: "staff" }, "location_ids"],
    ["a manager with an empty list", { email: "a@bar.test", role: "manager", location_ids: [] }, "location_ids"],
    ["an unknown role", { email: "a@bar.test", role: "admin", location_ids: [1] }, "role"],
    ["no email", { role: "staff", location_ids: [1] }, "email"],
    ["a malformed email", { email: "not an email", role: "staff", location_ids: [1] }, "email"],
  ])("refuses %s with 422 naming the field, changing nothing", async (_, body, field) => {
    const before = await everything();
    const response = await api.post("team/invitations", { as: owner.rw, body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await everything()).toEqual(before);
  });

  it("refuses another business's location, an unknown one and an archived one (422 location_ids), changing nothing", async () => {
    const database = await db();
    const [archived] = await database
      .insert(locations)
      .values({ businessId: (await businessOf(owner)).id, name: "Closed Annex", timeZone: "America/New_York", archivedAt: new Date() })
      .returning();
    const before = await everything();
    for (const ids of [[harbor, rivalLocation], [999_999], [archived!.id]]) {
      const response = await invite("scope@bar.test", "staff", ids);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([{ path: "location_ids", message: expect.stringContaining(String(ids.at(-1))) }]);
    }
    expect(await everything()).toEqual(before);
  });

  // Issue 47 row 7: 409 for an email with an account in any business told an owner who has one.
  it("answers alike whether or not the email has an account in another business; accepting is where it is refused", async () => {
    const elsewhere = await invite("RIVAL@demo.test", "staff", [downtown]);
    const nowhere = await invite("nobody-yet@bar.test", "staff", [downtown]);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(201);
    expect(nowhere.status).toBe(201);
    const shape = (body: { invitation: Record<string, unknown> }) => Object.keys(body.invitation).sort();
    expect(shape(elsewhere.body)).toEqual(shape(nowhere.body));
    expect(elsewhere.body.invitation).toMatchObject({ email: "rival@demo.test", role: "staff", mailed: nowhere.body.invitation.mailed });
    const before = await everything();
    const accepted = await api.post("invitations/accept", {
      body: { token: tokenOf(elsewhere.body.invitation.url), name: "Rita", password: PASSWORD },
    });
    expect(accepted.status).toBe(409);
    expect(accepted.body.code).toBe("email_taken");
    expect(await everything()).toEqual(before);
  });

  it("refuses a member of the business's own team (409 email_taken), changing nothing", async () => {
    const before = await everything();
    const response = await invite("OWNER@demo.test", "staff", [downtown]);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe("email_taken");
    expect(await everything()).toEqual(before);
  });

  it("is limited per business per hour: 429 with Retry-After past INVITATIONS_PER_HOUR, changing nothing; other businesses go on", async () => {
    await withSettings({ INVITATIONS_PER_HOUR: "3" }, async () => {
      // A refused invitation counts nothing.
      expect((await invite("counted-0@bar.test", "staff", [999_999])).status).toBe(422);
      for (let i = 1; i <= 3; i++) expect((await invite(`counted-${i}@bar.test`, "staff", [downtown])).status).toBe(201);
      const before = await everything();
      const limited = await invite("counted-4@bar.test", "staff", [downtown]);
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe("rate_limited");
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await everything()).toEqual(before);
      expect((await invite("counted-5@bar.test", "staff", [rivalLocation], rival.rw)).status).toBe(201);
    });
  });

  it("is limited per business per day too, past the hour's window", async () => {
    const database = await db();
    const [me] = await database.select().from(users).where(eq(users.email, "owner@demo.test"));
    const start = Date.now() + 10 * DAY_MS; // a time of its own, away from the other tests' windows
    const at = (hours: number) => new Date(start + hours * 3_600_000);
    const send = (i: number, hours: number) =>
      createInvitation(database, {
        businessId: me!.businessId,
        inviter: me!,
        input: { email: `daily-${i}@bar.test`, role: "staff", locationIds: [downtown] },
        now: at(hours),
      }).then(
        () => 201,
        (error: { status: number }) => error.status,
      );
    await withSettings({ INVITATIONS_PER_HOUR: "2", INVITATIONS_PER_DAY: "3" }, async () => {
      expect([await send(1, 0), await send(2, 0), await send(3, 0)]).toEqual([201, 201, 429]);
      expect([await send(4, 1), await send(5, 1)]).toEqual([201, 429]);
      expect(await send(6, 25)).toBe(201);
    });
  });

  it("is the owners' alone: a manager and a staff member are refused 403 forbidden_role", async () => {
    const manager = await join("inviting-manager@bar.test", "manager", [downtown, harbor], "Mo Manager");
    const staff = await join("inviting-staff@bar.test", "staff", [downtown], "Stu Staff");
    const before = await everything();
    for (const who of [manager, staff]) {
      const response = await invite("nobody@bar.test", "staff", [downtown], who.rw);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("forbidden_role");
      expect(response.body.detail).toContain("owner role");
    }
    expect(await everything()).toEqual(before);
  });

  it("refuses the read-only token", async () => {
    const response = await api.post("team/invitations", { as: owner.ro, body: { email: "ro@bar.test", role: "owner" } });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("read_only_token");
  });
});

async function businessOf(who: Account): Promise<{ id: number }> {
  return (await api.get("current_user", { as: who.ro })).body.current_user.business;
}

describe("mailing the link", () => {
  let server: SMTPServer;
  const received: string[] = [];
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, done) {
        let text = "";
        stream.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push(text);
          done();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.APP_URL;
    resetEnvForTests();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("mails the link under APP_URL when SMTP_URL is set, and says so", async () => {
    const { port } = server.server.address() as { port: number };
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.APP_URL = "https://taproom.example.test/";
    resetEnvForTests();
    const response = await invite("mailed@bar.test", "staff", [harbor]);
    expect(response.status).toBe(201);
    expect(response.body.invitation.mailed).toBe(true);
    expect(response.body.invitation.url).toMatch(/^https:\/\/taproom\.example\.test\/invitations\/accept\?token=/);
    expect(received).toHaveLength(1);
    const mail = received[0]!.replace(/=\r?\n/g, "");
    expect(mail).toContain("To: mailed@bar.test");
    expect(mail).toContain(tokenOf(response.body.invitation.url));
    expect(mail).toContain("Demo Taproom Group");
  });

  it("answers mailed: false with a working link when the mail server cannot be reached", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetEnvForTests();
    const response = await invite("unmailed@bar.test", "staff", [harbor]);
    expect(response.status).toBe(201);
    expect(response.body.invitation.mailed).toBe(false);
    expect(await peekInvitation(await db(), tokenOf(response.body.invitation.url))).not.toBeNull();
  });
});

describe("POST /invitations/accept", () => {
  it("creates the member once, with the invitation's role and locations; a second use is 410", async () => {
    const invited = await invite("lee@bar.test", "staff", [harbor]);
    const token = tokenOf(invited.body.invitation.url);
    const accepted = await api.post("invitations/accept", { body: { token, name: "  Lee Park ", password: PASSWORD } });
    expect(accepted.status).toBe(201);
    expect(accepted.body).toEqual({
      user: { email: "lee@bar.test", auth_token: expect.any(String), auth_token_read_only: expect.any(String) },
    });
    const me = await api.get("current_user", { as: { email: "lee@bar.test", token: accepted.body.user.auth_token } });
    expect(me.status).toBe(200);
    expect(me.body.current_user).toMatchObject({
      email: "lee@bar.test",
      name: "Lee Park",
      role: "staff",
      location_ids: [harbor],
      business: { name: "Demo Taproom Group" },
    });
    // The password works too.
    const session = await api.post("sessions", { body: { email: "lee@bar.test", password: PASSWORD } });
    expect(session.status).toBe(200);

    const before = await everything();
    const again = await api.post("invitations/accept", { body: { token, name: "Someone Else", password: "another-long-password" } });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe("invitation_expired");
    expect(await everything()).toEqual(before);
    expect(await peekInvitation(await db(), token)).toBeNull();

    const team = (await api.get("team", { as: owner.ro })).body;
    expect(team.invitations.map((i: { id: number }) => i.id)).not.toContain(invited.body.invitation.id);
    const member = team.members.find((m: { email: string }) => m.email === "lee@bar.test");
    expect(member).toEqual({
      id: me.body.current_user.id,
      email: "lee@bar.test",
      name: "Lee Park",
      role: "staff",
      location_ids: [harbor],
      last_active_at: expect.stringMatching(/Z$/),
    });
    // Joining is the new member's own first act.
    const joined = await activityOf({ type: "member", id: member.id });
    expect(joined).toMatchObject([{ kind: "member.joined", locationId: harbor, summary: "Lee Park joined as staff" }]);
    expect(joined[0]!.actor).toEqual({ user_id: member.id, name: "Lee Park", via: "token" });
  });

  it("lets exactly one of two simultaneous acceptances through", async () => {
    const invited = await invite("race@bar.test", "staff", [downtown]);
    const token = tokenOf(invited.body.invitation.url);
    const answers = await Promise.all([
      api.post("invitations/accept", { body: { token, name: "Racer One", password: PASSWORD } }),
      api.post("invitations/accept", { body: { token, name: "Racer Two", password: PASSWORD } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
    expect(await (await db()).select().from(users).where(eq(users.email, "race@bar.test"))).toHaveLength(1);
  });

  it("refuses an unknown token with 410, and an expired one (7 days on, by an injected clock)", async () => {
    const unknown = await api.post("invitations/accept", { body: { token: "x".repeat(43), name: "Nobody", password: PASSWORD } });
    expect(unknown.status).toBe(410);
    expect(unknown.body.code).toBe("invitation_expired");

    const invited = await invite("late@bar.test", "staff", [downtown]);
    const token = tokenOf(invited.body.invitation.url);
    const expiry = new Date(invited.body.invitation.expires_at);
    const database = await db();
    const before = await everything();
    const late = new Date(expiry.getTime() + 1);
    await expect(acceptInvitation(database, { token, name: "Late", password: PASSWORD, via: "token", now: late })).rejects.toMatchObject({
      code: "invitation_expired",
      status: 410,
    });
    expect(await peekInvitation(database, token, late)).toBeNull();
    expect(await everything()).toEqual(before);
    // Still pending a moment before its end; the team's list drops it at its end.
    expect(await peekInvitation(database, token, new Date(expiry.getTime() - 1))).not.toBeNull();
    const viewer = { businessId: (await businessOf(owner)).id, locationIds: null };
    const listed = async (now: Date) => (await listTeam(database, viewer, now)).invitations.map((i) => i.id);
    expect(await listed(new Date(expiry.getTime() - 1))).toContain(invited.body.invitation.id);
    expect(await listed(expiry)).not.toContain(invited.body.invitation.id);
  });

  it("refuses a weak password with 422 on password and keeps the invitation usable", async () => {
    const invited = await invite("weak@bar.test", "staff", [downtown]);
    const token = tokenOf(invited.body.invitation.url);
    const before = await everything();
    for (const password of ["short", "weak@bar.test", "password123"]) {
      const response = await api.post("invitations/accept", { body: { token, name: "Weak", password } });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual([{ path: "password", message: expect.any(String) }]);
    }
    const blank = await api.post("invitations/accept", { body: { token, name: " ", password: PASSWORD } });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual([{ path: "name", message: expect.any(String) }]);
    expect(await everything()).toEqual(before);
    expect((await api.post("invitations/accept", { body: { token, name: "Strong", password: PASSWORD } })).status).toBe(201);
  });

  it("answers 409 email_taken when the email got an account after the invitation", async () => {
    const invited = await invite("taken-later@bar.test", "staff", [downtown]);
    const rivalInvite = await invite("taken-later@bar.test", "staff", [rivalLocation], rival.rw);
    expect(rivalInvite.status).toBe(201);
    const first = await api.post("invitations/accept", {
      body: { token: tokenOf(rivalInvite.body.invitation.url), name: "Taken", password: PASSWORD },
    });
    expect(first.status).toBe(201);
    const before = await everything();
    const second = await api.post("invitations/accept", {
      body: { token: tokenOf(invited.body.invitation.url), name: "Taken", password: PASSWORD },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe("email_taken");
    expect(await everything()).toEqual(before);
  });
});

describe("POST /api/session/accept-invitation", () => {
  it("accepts and signs the new member in with a session cookie, answering who they are", async () => {
    const invited = await invite("browser@bar.test", "manager", [downtown]);
    const response = await api.post("/api/session/accept-invitation", {
      body: { token: tokenOf(invited.body.invitation.url), name: "Bea Browser", password: PASSWORD },
      headers: { origin: ORIGIN },
    });
    expect(response.status).toBe(201);
    expect(response.body.user).toMatchObject({ email: "browser@bar.test", name: "Bea Browser", role: "manager", location_ids: [downtown] });
    const cookie = response.headers.get("set-cookie")!;
    expect(cookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[^;]+; Path=/; HttpOnly; SameSite=Lax`));
    const me = await api.get("current_user", { headers: { cookie: cookie.split(";")[0]! } });
    expect(me.status).toBe(200);
    expect(me.body.current_user.email).toBe("browser@bar.test");
    const joined = await activityOf({ type: "member", id: me.body.current_user.id });
    expect(joined[0]!.actor).toMatchObject({ via: "session" });
  });

  it("refuses another site (403 cross_site_request), changing nothing", async () => {
    const invited = await invite("cross@bar.test", "staff", [downtown]);
    const before = await everything();
    const response = await api.post("/api/session/accept-invitation", {
      body: { token: tokenOf(invited.body.invitation.url), name: "Cross", password: PASSWORD },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("cross_site_request");
    expect(await everything()).toEqual(before);
  });
});

describe("DELETE /team/invitations/:id", () => {
  it("revokes: the link stops working and the invitation leaves the list", async () => {
    const invited = await invite("revoked@bar.test", "staff", [downtown, harbor]);
    const { id } = invited.body.invitation;
    const response = await api.delete(`team/invitations/${id}`, { as: owner.rw });
    expect(response.status).toBe(204);
    const accept = await api.post("invitations/accept", {
      body: { token: tokenOf(invited.body.invitation.url), name: "R", password: PASSWORD },
    });
    expect(accept.status).toBe(410);
    expect((await api.get("team", { as: owner.ro })).body.invitations.map((i: { id: number }) => i.id)).not.toContain(id);
    const revoked = (await activityOf({ type: "invitation", id })).filter((row) => row.kind === "invitation.revoked");
    expect(revoked.map((row) => row.locationId).sort()).toEqual([downtown, harbor].sort());
    expect(revoked[0]!.summary).toBe("Revoked the invitation of revoked@bar.test");
    // Again: nothing more to do, nothing recorded.
    const before = await everything();
    expect((await api.delete(`team/invitations/${id}`, { as: owner.rw })).status).toBe(204);
    expect(await everything()).toEqual(before);
  });

  it("answers 404 for another business's invitation and an unknown one, 409 for an accepted one, changing nothing", async () => {
    const invited = await invite("kept@bar.test", "staff", [downtown]);
    await join("accepted@bar.test", "staff", [downtown]);
    const [accepted] = await (await db()).select().from(invitations).where(eq(invitations.email, "accepted@bar.test"));
    const before = await everything();
    expect((await api.delete(`team/invitations/${invited.body.invitation.id}`, { as: rival.rw })).status).toBe(404);
    expect((await api.delete("team/invitations/999999", { as: owner.rw })).status).toBe(404);
    const used = await api.delete(`team/invitations/${accepted!.id}`, { as: owner.rw });
    expect(used.status).toBe(409);
    expect(await everything()).toEqual(before);
  });
});

describe("PATCH /team/:id", () => {
  let refusals = 0;
  it("changes a member's role and locations, recorded at each location concerned", async () => {
    const member = await join("promoted@bar.test", "staff", [harbor], "Pat Promoted");
    expect((await api.get("team", { as: member.ro })).status).toBe(403);

    const promoted = await api.patch(`team/${member.id}`, { as: owner.rw, body: { role: "manager" } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.member).toMatchObject({ id: member.id, role: "manager", location_ids: [harbor] });
    // The member's own token may now read the team: the kept caller was dropped with the users row.
    expect((await api.get("team", { as: member.ro })).status).toBe(200);

    const moved = await api.patch(`team/${member.id}`, { as: owner.rw, body: { location_ids: [downtown, harbor] } });
    expect(moved.status).toBe(200);
    expect(moved.body.member.location_ids).toEqual([downtown, harbor]);
    const me = await api.get("current_user", { as: member.ro });
    expect(me.body.current_user).toMatchObject({ role: "manager", location_ids: [downtown, harbor] });

    const rows = (await activityOf({ type: "member", id: member.id })).filter((row) => row.kind === "member.updated");
    expect(rows.map((row) => [row.locationId, row.summary])).toEqual([
      [harbor, "Pat Promoted: staff → manager"],
      [harbor, "Pat Promoted: manager at Demo Taproom Downtown and Demo Taproom Harbor"],
      [downtown, "Pat Promoted: manager at Demo Taproom Downtown and Demo Taproom Harbor"],
    ]);

    // The same again changes nothing and records nothing.
    const before = await everything();
    const same = await api.patch(`team/${member.id}`, { as: owner.rw, body: { role: "manager", location_ids: [harbor, downtown] } });
    expect(same.status).toBe(200);
    expect(await everything()).toEqual(before);
  });

  it("makes a member an owner (every location) and an owner a manager with locations", async () => {
    const member = await join("second-owner@bar.test", "manager", [downtown], "Second Owner");
    const owned = await api.patch(`team/${member.id}`, { as: owner.rw, body: { role: "owner" } });
    expect(owned.status).toBe(200);
    expect(owned.body.member).toMatchObject({ role: "owner", location_ids: null });
    const before = await everything();
    const missing = await api.patch(`team/${member.id}`, { as: owner.rw, body: { role: "staff" } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ path: "location_ids", message: expect.stringContaining("required") }]);
    const scoped = await api.patch(`team/${member.id}`, { as: owner.rw, body: { location_ids: [harbor] } });
    expect(scoped.status).toBe(422);
    expect(await everything()).toEqual(before);
    const back = await api.patch(`team/${member.id}`, { as: owner.rw, body: { role: "manager", location_ids: [harbor] } });
    expect(back.status).toBe(200);
    expect(back.body.member).toMatchObject({ role: "manager", location_ids: [harbor] });
  });

  it.each([
    ["an empty body", {}, "role"],
    ["an unknown role", { role: "boss" }, "role"],
    ["no locations for staff", { role: "staff", location_ids: null }, "location_ids"],
    ["an empty list", { location_ids: [] }, "location_ids"],
    ["locations for an owner", { role: "owner", location_ids: [1] }, "location_ids"],
  ])("refuses %s with 422, changing nothing", async (_, body, field) => {
    const member = await join(`refused-${++refusals}@bar.test`, "staff", [downtown]);
    const before = await everything();
    const response = await api.patch(`team/${member.id}`, { as: owner.rw, body });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await everything()).toEqual(before);
  });

  it("refuses a location of another business with 422 location_ids", async () => {
    const member = await join("scoped@bar.test", "staff", [downtown]);
    const before = await everything();
    const response = await api.patch(`team/${member.id}`, { as: owner.rw, body: { location_ids: [downtown, rivalLocation] } });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("location_ids");
    expect(await everything()).toEqual(before);
  });
});

describe("the last owner", () => {
  it("cannot be demoted or removed (409 last_owner), and can once another owner exists", async () => {
    const me = (await api.get("current_user", { as: owner.ro })).body.current_user;
    const before = await everything();
    const demoted = await api.patch(`team/${me.id}`, { as: owner.rw, body: { role: "manager", location_ids: [downtown] } });
    expect(demoted.status).toBe(409);
    expect(demoted.body.code).toBe("last_owner");
    const removed = await api.delete(`team/${me.id}`, { as: owner.rw });
    expect(removed.status).toBe(409);
    expect(removed.body.code).toBe("last_owner");
    expect(await everything()).toEqual(before);

    // Two owners demoted at once: the owners' rows are locked in turn, so one change wins and the
    // other finds the last owner (the data function itself: both requests' callers are owners).
    const other = await join("co-owner@bar.test", "owner", null, "Cora Owner");
    const businessId = me.business_id as number;
    const database = await db();
    const demote = (id: number) => updateMember(database, { businessId, id, change: { role: "manager", locationIds: [downtown] } });
    const outcomes = await Promise.allSettled([demote(me.id), demote(other.id)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect(outcomes.find((o) => o.status === "rejected")).toMatchObject({ reason: { code: "last_owner", status: 409 } });
    await settle();
    const owners = await database
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "owner"), eq(users.businessId, businessId)));
    expect(owners).toHaveLength(1);
    // Put the demo owner back for the tests that follow.
    if (owners[0]!.id !== me.id) {
      expect((await api.patch(`team/${me.id}`, { as: other.rw, body: { role: "owner" } })).status).toBe(200);
    }
    expect((await api.delete(`team/${other.id}`, { as: owner.rw })).status).toBe(204);
  });
});

describe("DELETE /team/:id", () => {
  it("removes the member: their tokens and sessions stop at once; what they wrote stays", async () => {
    const member = await join("leaving@bar.test", "staff", [harbor], "Lou Leaving");
    const session = await api.post("/api/session", {
      body: { email: "leaving@bar.test", password: PASSWORD },
      headers: { origin: ORIGIN },
    });
    const cookie = session.headers.get("set-cookie")!.split(";")[0]!;
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(200);
    expect((await api.get("current_user", { as: member.ro })).status).toBe(200);

    const response = await api.delete(`team/${member.id}`, { as: owner.rw });
    expect(response.status).toBe(204);
    expect((await api.get("current_user", { as: member.ro })).status).toBe(401);
    expect((await api.get("current_user", { headers: { cookie } })).status).toBe(401);
    expect((await api.get("team", { as: owner.ro })).body.members.map((m: { id: number }) => m.id)).not.toContain(member.id);
    const rows = await activityOf({ type: "member", id: member.id });
    expect(rows.map((row) => row.kind)).toEqual(["member.joined", "member.removed"]);
    expect(rows[1]).toMatchObject({ locationId: harbor, summary: "Removed Lou Leaving" });
  });

  it("answers 404 for a member of another business and an unknown id, changing nothing", async () => {
    const member = await join("stays@bar.test", "staff", [downtown]);
    const rivalMe = (await api.get("current_user", { as: rival.ro })).body.current_user;
    const before = await everything();
    expect((await api.delete(`team/${member.id}`, { as: rival.rw })).status).toBe(404);
    expect((await api.patch(`team/${member.id}`, { as: rival.rw, body: { role: "manager" } })).status).toBe(404);
    expect((await api.delete(`team/${rivalMe.id}`, { as: owner.rw })).status).toBe(404);
    expect((await api.patch(`team/${rivalMe.id}`, { as: owner.rw, body: { role: "manager", location_ids: [downtown] } })).status).toBe(404);
    expect((await api.delete("team/999999", { as: owner.rw })).status).toBe(404);
    expect(await everything()).toEqual(before);
  });

  it("is the owners' alone (403 forbidden_role for a manager)", async () => {
    const manager = await join("deleting-manager@bar.test", "manager", [downtown]);
    const staff = await join("target-staff@bar.test", "staff", [downtown]);
    const before = await everything();
    expect((await api.delete(`team/${staff.id}`, { as: manager.rw })).status).toBe(403);
    expect((await api.patch(`team/${staff.id}`, { as: manager.rw, body: { role: "manager" } })).status).toBe(403);
    expect((await api.delete(`team/invitations/1`, { as: manager.rw })).status).toBe(403);
    expect(await everything()).toEqual(before);
  });
});

describe("GET /team", () => {
  it("shows a manager the owners and the people sharing a location, with only those locations", async () => {
    const manager = await join("view-manager@bar.test", "manager", [downtown], "Vi Manager");
    const both = await join("view-both@bar.test", "staff", [downtown, harbor], "Bo Both");
    const harborOnly = await join("view-harbor@bar.test", "staff", [harbor], "Hal Harbor");
    const downtownInvite = await invite("view-invite-downtown@bar.test", "staff", [downtown]);
    const harborInvite = await invite("view-invite-harbor@bar.test", "staff", [harbor]);

    const response = await api.get("team", { as: manager.ro });
    expect(response.status).toBe(200);
    const { members, invitations: pending } = response.body;
    const byEmail = new Map(members.map((m: { email: string }) => [m.email, m]));
    expect(byEmail.get("owner@demo.test")).toMatchObject({ role: "owner", location_ids: null });
    expect(byEmail.get("view-manager@bar.test")).toMatchObject({ id: manager.id, location_ids: [downtown] });
    expect(byEmail.get("view-both@bar.test")).toMatchObject({ id: both.id, location_ids: [downtown] });
    expect(byEmail.has("view-harbor@bar.test")).toBe(false);
    expect(
      members.every(
        (m: { role: string; location_ids: number[] | null }) => m.role === "owner" || m.location_ids!.every((id) => id === downtown),
      ),
    ).toBe(true);
    const ids = pending.map((i: { id: number }) => i.id);
    expect(ids).toContain(downtownInvite.body.invitation.id);
    expect(ids).not.toContain(harborInvite.body.invitation.id);
    expect(members.map((m: { email: string }) => m.email)).not.toContain("rival@demo.test");

    // The owner sees everyone of the business, owners first, and no one else's.
    const all = (await api.get("team", { as: owner.ro })).body.members;
    expect(all.map((m: { id: number }) => m.id)).toEqual(expect.arrayContaining([manager.id, both.id, harborOnly.id]));
    expect(all[0].role).toBe("owner");
    expect(all.map((m: { email: string }) => m.email)).not.toContain("rival@demo.test");
    // Staff may not read the team.
    const refused = await api.get("team", { as: harborOnly.ro });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_role");
  });

  it("names each member's latest write, from menu changes and the activity log alike, in one statement", async () => {
    const member = await join("active@bar.test", "staff", [harbor], "Ada Active");
    const database = await db();
    const [menu] = await database.select({ id: menus.id }).from(menus).where(eq(menus.locationId, harbor)).limit(1);
    expect((await api.post(`menus/${menu!.id}/unpublish`, { as: member.rw })).status).toBe(200);
    expect((await api.post(`menus/${menu!.id}/publish`, { as: member.rw })).status).toBe(200);
    const result = await database.execute(
      sql`select floor(extract(epoch from max(at)) * 1000)::float8 as ms from menu_changes where (actor->>'user_id')::integer = ${member.id}`,
    );
    const latest = (result as unknown as { rows: { ms: number }[] }).rows[0]!.ms;
    const response = await api.get("team", { as: owner.ro });
    expect(Number(response.headers.get("x-sql-statements"))).toBeLessThanOrEqual(4);
    const shown = response.body.members.find((m: { id: number }) => m.id === member.id);
    expect(shown.last_active_at).toBe(new Date(latest).toISOString());
    // A member who has written nothing (the column is null) answers null.
    await database.delete(activity).where(sql`(${activity.actor}->>'user_id')::integer = ${member.id}`);
    await database.execute(sql`delete from menu_changes where (actor->>'user_id')::integer = ${member.id}`);
    const quiet = (await api.get("team", { as: owner.ro })).body.members.find((m: { id: number }) => m.id === member.id);
    expect(quiet.last_active_at).toBeNull();
  });
});
