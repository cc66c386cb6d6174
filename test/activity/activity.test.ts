import { beforeAll, describe, expect, it } from "vitest";
import { api, type Account, type Credentials, db, login } from "../api";
import { snapshot } from "../snapshot";
import { createUser } from "@/lib/auth/accounts";
import type { Role } from "@/lib/auth/permissions";

// The activity log (venue-operations §5): every menu change of the location's feed and every other
// write (events, hours, webhooks, the location itself), newest first, each with who did it and a
// sentence; paged by an opaque cursor that later writes do not disturb; filtered by actor; for owners
// and the location's managers only.

type Entry = {
  id: string;
  at: string;
  actor: { user_id: number | null; name: string | null; via: string };
  kind: string;
  summary: string;
  target: { type: string; id: number | null };
};

let owner: Account;
let rival: Account;
let ownerId: number;
let businessId: number;
let location: number;
let manager: Credentials;
let managerId: number;
let menuId: number;
let eventId: number;
let webhookId: number;

async function member(role: Role, locationIds: number[], email: string) {
  const { user, tokens } = await createUser(await db(), {
    businessId,
    email,
    name: role === "manager" ? "Mona Manager" : "Sam Staff",
    password: "a long enough password",
    role,
    locationIds,
  });
  return { id: user.id, as: { email, token: tokens.token } };
}

const read = (query = "", as: Credentials = owner.ro) => api.get(`locations/${location}/activity${query}`, { as });
const all = async (query = "") => (await read(query)).body.activity as Entry[];

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const me = (await api.get("current_user", { as: owner.ro })).body.current_user;
  ownerId = me.id;
  businessId = me.business_id;
  // A location of its own: its log holds exactly what these tests wrote.
  const created = await api.post("locations", { as: owner.rw, body: { name: "Log Bar", time_zone: "America/Denver", currency: "USD" } });
  location = created.body.location.id;
  ({ id: managerId, as: manager } = await member("manager", [location], "log-manager@demo.test"));

  const rw = { as: owner.rw };
  const event = { name: "Trivia night", description: "", start_time_date: "2030-03-05", start_time_time: "19:00" };
  eventId = (await api.post(`locations/${location}/events`, { ...rw, body: { event } })).body.event.id;
  await api.patch(`events/${eventId}`, { ...rw, body: { event: { name: "Quiz night" } } });
  const hours = (await api.get(`locations/${location}/hours`, { as: owner.ro })).body.hours;
  await api.patch(`locations/${location}/hours`, {
    ...rw,
    body: {
      hours: [
        { id: hours[0].id, closed: false, open_at: "16:00", close_at: "23:00" },
        { id: hours[1].id, always_open: false },
      ],
    },
  });
  webhookId = (
    await api.post(`locations/${location}/webhooks`, { ...rw, body: { webhook: { url: "https://hooks.example.com/taproom?key=secret" } } })
  ).body.webhook.id;
  await api.patch(`webhooks/${webhookId}`, { ...rw, body: { webhook: { enabled: false } } });
  await api.delete(`webhooks/${webhookId}`, rw);
  menuId = (await api.post(`locations/${location}/menus`, { ...rw, body: { menu: { name: "Log taps" } } })).body.menu.id;
  await api.delete(`events/${eventId}`, rw);
  await api.patch(`locations/${location}`, { ...rw, body: { name: "Log Bar & Kitchen" } });
  // The manager's write.
  await api.post(`locations/${location}/events`, { as: manager, body: { event: { ...event, name: "Cask night" } } });
});

describe("GET /locations/:id/activity", () => {
  it("tells every write, newest first, with who did it and a sentence", async () => {
    const response = await read();
    expect(response.status).toBe(200);
    expect(response.body.next_cursor).toBeNull();
    const entries = response.body.activity as Entry[];
    const ownerActor = { user_id: ownerId, name: "Olivia Owner", via: "token" };
    const managerActor = { user_id: managerId, name: "Mona Manager", via: "token" };
    expect(entries.map(({ kind, summary, actor, target }) => ({ kind, summary, actor, target }))).toEqual([
      {
        kind: "event.created",
        summary: "Event “Cask night” created",
        actor: managerActor,
        target: { type: "event", id: expect.any(Number) },
      },
      {
        kind: "location.updated",
        summary: "Location renamed to “Log Bar & Kitchen”",
        actor: ownerActor,
        target: { type: "location", id: location },
      },
      { kind: "event.deleted", summary: "Event “Quiz night” deleted", actor: ownerActor, target: { type: "event", id: eventId } },
      { kind: "menu.created", summary: "Created menu “Log taps”", actor: ownerActor, target: { type: "menu", id: menuId } },
      {
        kind: "webhook.deleted",
        summary: "Webhook to https://hooks.example.com/taproom deleted",
        actor: ownerActor,
        target: { type: "webhook", id: webhookId },
      },
      {
        kind: "webhook.updated",
        summary: "Webhook to https://hooks.example.com/taproom paused",
        actor: ownerActor,
        target: { type: "webhook", id: webhookId },
      },
      {
        kind: "webhook.created",
        summary: "Webhook to https://hooks.example.com/taproom created",
        actor: ownerActor,
        target: { type: "webhook", id: webhookId },
      },
      // Tuesday was already not always open: only Monday changed.
      { kind: "hours.updated", summary: "Hours changed: Mon 16:00–23:00", actor: ownerActor, target: { type: "hours", id: location } },
      {
        kind: "event.updated",
        summary: "Event “Trivia night” renamed to “Quiz night”",
        actor: ownerActor,
        target: { type: "event", id: eventId },
      },
      { kind: "event.created", summary: "Event “Trivia night” created", actor: ownerActor, target: { type: "event", id: eventId } },
      { kind: "location.created", summary: "Location “Log Bar” created", actor: ownerActor, target: { type: "location", id: location } },
    ]);
    const ats = entries.map((entry) => entry.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
  });

  it("tells a write that changed nothing not at all", async () => {
    const before = await all();
    expect((await api.patch(`locations/${location}`, { as: owner.rw, body: { location: {} } })).status).toBe(200);
    const hours = (await api.get(`locations/${location}/hours`, { as: owner.ro })).body.hours;
    expect(
      (await api.patch(`locations/${location}/hours`, { as: owner.rw, body: { hours: [{ id: hours[2].id, closed: true }] } })).status,
    ).toBe(200);
    expect(await all()).toEqual(before);
  });

  it("pages with the cursor, each entry once, undisturbed by writes between pages", async () => {
    const everything = await all();
    const seen: Entry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await read(query);
      expect(page.status).toBe(200);
      expect(page.body.activity.length).toBeLessThanOrEqual(3);
      seen.push(...page.body.activity);
      cursor = page.body.next_cursor;
      pages++;
      // A write after the first page is newer than every page still to come: it never shows in them.
      if (pages === 1) {
        const event = { name: "Late addition", description: "", start_time_date: "2030-04-01", start_time_time: "18:00" };
        expect((await api.post(`locations/${location}/events`, { as: owner.rw, body: { event } })).status).toBe(201);
      }
    } while (cursor);
    expect(pages).toBe(Math.ceil(everything.length / 3));
    expect(seen).toEqual(everything);
    const now = await all();
    expect(now[0]).toMatchObject({ kind: "event.created", summary: "Event “Late addition” created" });
    expect(now.slice(1)).toEqual(everything);
  });

  it("filters by actor", async () => {
    const theirs = await all(`?actor_id=${managerId}`);
    expect(theirs.map((entry) => entry.summary)).toEqual(["Event “Cask night” created"]);
    const mine = await all(`?actor_id=${ownerId}`);
    expect(mine.length).toBeGreaterThan(5);
    expect(mine.every((entry) => entry.actor.user_id === ownerId)).toBe(true);
    expect(await all("?actor_id=999999")).toEqual([]);
  });

  it("answers the location's manager; refuses staff 403, another business and other managers 404, bad queries 422", async () => {
    expect((await read("", manager)).status).toBe(200);
    const staff = (await member("staff", [location], "log-staff@demo.test")).as;
    const refused = await read("", staff);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_role");
    const elsewhere = (await member("manager", [], "log-elsewhere@demo.test")).as;
    expect((await read("", elsewhere)).status).toBe(404);
    expect((await read("", rival.ro)).status).toBe(404);
    for (const query of ["?limit=0", "?limit=201", "?limit=x", "?cursor=not-a-cursor", "?cursor=%25%25", "?actor_id=-1"]) {
      const response = await read(query);
      expect(response.status, query).toBe(422);
      expect(response.body.code).toBe("validation_failed");
    }
    const before = await snapshot();
    expect((await read("?limit=200")).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("defaults to 50 entries a page", async () => {
    const database = await db();
    const { recordActivity } = await import("@/lib/activity/activity");
    for (let i = 0; i < 60; i++) {
      await recordActivity(database, {
        businessId,
        locationId: location,
        kind: "test.bulk",
        summary: `Bulk ${i}`,
        target: { type: "test", id: null },
      });
    }
    const first = await read();
    expect(first.body.activity).toHaveLength(50);
    expect(first.body.activity[0]).toMatchObject({ summary: "Bulk 59", actor: { user_id: null, name: null, via: "system" } });
    const second = await read(`?limit=200&cursor=${first.body.next_cursor}`);
    expect(second.body.activity[0].summary).toBe("Bulk 9");
    expect(second.body.next_cursor).toBeNull();
  });
});
