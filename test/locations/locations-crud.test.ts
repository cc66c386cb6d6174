import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { api, type Account, type Credentials, db, login } from "../api";
import { collectEvents, eventReader } from "../sse";
import { snapshot } from "../snapshot";
import { createUser } from "@/lib/auth/accounts";
import type { Role } from "@/lib/auth/permissions";
import { activity, locations } from "@/lib/db/schema";
import { restoreLocation } from "@/lib/locations/writes";
import { previewMenu } from "@/lib/menus/preview";
import { GET as boardStream } from "@/app/preview/menus/[menuId]/stream/route";

// Locations (venue-operations §2): owners create and archive them, owners and their managers change
// them; a bad field is 422 naming it and writes nothing; an archived location leaves every list and
// every read, public boards included, until it is restored within 30 days.

const DAY_MS = 86_400_000;
let owner: Account;
let rival: Account;
let businessId: number;
let downtown: number;
let harbor: number;

/** A member of the demo owner's business, with their read-write credentials. */
async function member(role: Role, locationIds: number[], email: string): Promise<Credentials> {
  const { tokens } = await createUser(await db(), {
    businessId,
    email,
    name: `${role} ${email}`,
    password: "a long enough password",
    role,
    locationIds,
  });
  return { email, token: tokens.token };
}

const activityCount = async () => ((await (await db()).select({ n: count() }).from(activity)) as [{ n: number }])[0].n;
const create = (body: unknown, as: Credentials = owner.rw) => api.post("locations", { as, body });
const good = { name: "Demo Taproom Uptown", time_zone: "America/Chicago", currency: "USD" };

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  businessId = (await api.get("current_user", { as: owner.ro })).body.current_user.business_id;
  const list = (await api.get("locations", { as: owner.ro })).body.locations;
  downtown = list[0].id;
  harbor = list[1].id;
});

describe("POST /locations", () => {
  it("creates a location with every field, its week of hours (all closed), and an activity entry", async () => {
    const response = await create({
      location: {
        ...good,
        address1: "1 Main Street",
        address2: "",
        city: "Chicago",
        region: "IL",
        postcode: "60601",
        country: "us",
        phone: "+1 312 555 0100",
        website: "https://uptown.demo-taproom.test",
        contact_email: "Uptown@Demo.test",
      },
    });
    expect(response.status).toBe(201);
    const { location } = response.body;
    expect(location).toMatchObject({
      business_id: businessId,
      name: "Demo Taproom Uptown",
      time_zone: "America/Chicago",
      currency: "USD",
      currency_symbol: "$",
      address1: "1 Main Street",
      address2: null,
      country: "US",
      country_name: "United States",
      formatted_address: "1 Main Street, Chicago, IL 60601, United States",
      contact_email: "uptown@demo.test",
      number_of_taps: 0,
      menus_version: 1,
      archived_at: null,
    });
    expect((await api.get(`locations/${location.id}`, { as: owner.ro })).body).toEqual({ location });
    expect((await api.get("locations", { as: owner.ro })).body.locations.map((l: { id: number }) => l.id)).toContain(location.id);
    const hours = (await api.get(`locations/${location.id}/hours`, { as: owner.ro })).body.hours;
    expect(hours.map((h: { day: string; closed: boolean }) => [h.day, h.closed])).toEqual(
      ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((day) => [day, true]),
    );
    const entries = (await api.get(`locations/${location.id}/activity`, { as: owner.ro })).body.activity;
    expect(entries).toEqual([
      expect.objectContaining({
        kind: "location.created",
        summary: "Location “Demo Taproom Uptown” created",
        target: { type: "location", id: location.id },
      }),
    ]);
  });

  it("takes the body unwrapped, a zone in any case, and a currency in lower case", async () => {
    const response = await create({ name: "Harbor Annex", time_zone: "europe/amsterdam", currency: "eur" });
    expect(response.status).toBe(201);
    expect(response.body.location).toMatchObject({
      name: "Harbor Annex",
      time_zone: "Europe/Amsterdam",
      currency: "EUR",
      currency_symbol: "€",
    });
  });

  it.each([
    [{ ...good, time_zone: "Mars/Olympus_Mons" }, ["location.time_zone"]],
    [{ ...good, time_zone: "+01:00" }, ["location.time_zone"]],
    [{ ...good, time_zone: "" }, ["location.time_zone"]],
    [{ ...good, currency: "DOLLARS" }, ["location.currency"]],
    [{ ...good, currency: "ABC" }, ["location.currency"]],
    [{ ...good, time_zone: "Nowhere", currency: "XYZ" }, ["location.time_zone", "location.currency"]],
    [{ name: "No zone" }, ["location.time_zone", "location.currency"]],
    [{ ...good, name: "  " }, ["location.name"]],
    [{ ...good, country: "ZZ" }, ["location.country"]],
    [{ ...good, website: "ftp://example.com" }, ["location.website"]],
    [{ ...good, contact_email: "not an email" }, ["location.contact_email"]],
  ])("refuses %j with 422 naming %j, and writes nothing", async (fields, paths) => {
    const before = await snapshot();
    const entries = await activityCount();
    const response = await create({ location: fields });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("validation_failed");
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual([...paths].sort());
    expect(await snapshot()).toEqual(before);
    expect(await activityCount()).toBe(entries);
  });

  it("is the owner's: a manager and staff are refused 403 and nothing is written", async () => {
    const manager = await member("manager", [downtown], "create-manager@demo.test");
    const staff = await member("staff", [downtown], "create-staff@demo.test");
    const before = await snapshot();
    for (const as of [manager, staff]) {
      const response = await create({ location: good }, as);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("forbidden_role");
      expect(response.body.detail).toContain("owner role");
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("PATCH /locations/:id", () => {
  it("changes only the fields passed, PUT alike, and says what changed in the activity log", async () => {
    const id = (await create({ location: { ...good, name: "Patch Me", city: "Chicago", phone: "+1 312 555 0101" } })).body.location.id;
    const before = (await api.get(`locations/${id}`, { as: owner.ro })).body.location;
    const patched = await api.patch(`locations/${id}`, { as: owner.rw, body: { location: { phone: "+1 312 555 0199" } } });
    expect(patched.status).toBe(200);
    expect(patched.body.location).toEqual({ ...before, phone: "+1 312 555 0199", updated_at: expect.any(String) });
    const put = await api.put(`locations/${id}`, { as: owner.rw, body: { name: "Patched", currency: "CAD", city: null } });
    expect(put.status).toBe(200);
    expect(put.body.location).toMatchObject({
      name: "Patched",
      currency: "CAD",
      city: null,
      phone: "+1 312 555 0199",
      time_zone: "America/Chicago",
    });
    expect((await api.get(`locations/${id}`, { as: owner.ro })).body).toEqual(put.body);
    const summaries = (await api.get(`locations/${id}/activity`, { as: owner.ro })).body.activity.map(
      (entry: { summary: string }) => entry.summary,
    );
    expect(summaries).toEqual([
      "Location renamed to “Patched”; currency set to CAD; address changed",
      "Location “Patch Me”: phone changed",
      "Location “Patch Me” created",
    ]);
  });

  it("refuses a bad zone with 422 and changes nothing", async () => {
    const before = await snapshot();
    const response = await api.patch(`locations/${downtown}`, {
      as: owner.rw,
      body: { location: { time_zone: "America/Atlantis", name: "" } },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors.map((error: { path: string }) => error.path).sort()).toEqual(["location.name", "location.time_zone"]);
    expect(await snapshot()).toEqual(before);
  });

  it("lets a manager change their own location, not another (404), and not staff (403)", async () => {
    const manager = await member("manager", [harbor], "edit-manager@demo.test");
    const staff = await member("staff", [harbor], "edit-staff@demo.test");
    const changed = await api.patch(`locations/${harbor}`, { as: manager, body: { location: { phone: "+31 20 555 0100" } } });
    expect(changed.status).toBe(200);
    expect(changed.body.location.phone).toBe("+31 20 555 0100");
    const before = await snapshot();
    expect((await api.patch(`locations/${downtown}`, { as: manager, body: { location: { phone: "1" } } })).status).toBe(404);
    const refused = await api.patch(`locations/${harbor}`, { as: staff, body: { location: { phone: "1" } } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden_role");
    expect((await api.patch(`locations/${harbor}`, { as: rival.rw, body: { location: { phone: "1" } } })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("archiving and restoring", () => {
  let location: number;
  let menu: number;

  beforeAll(async () => {
    location = (await create({ location: { ...good, name: "Pop-up" } })).body.location.id;
    menu = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Pop-up taps" } } })).body.menu.id;
    expect((await api.post(`menus/${menu}/publish`, { as: owner.rw })).status).toBe(200);
  });

  const publicData = () => api.get(`/preview/menus/${menu}/data`);

  it("is the owner's: a manager of the location is refused archive and restore (403), nothing changes", async () => {
    const manager = await member("manager", [location], "archive-manager@demo.test");
    const before = await snapshot();
    const archive = await api.delete(`locations/${location}`, { as: manager });
    expect(archive.status).toBe(403);
    expect(archive.body.code).toBe("forbidden_role");
    expect((await api.post(`locations/${location}/restore`, { as: manager })).status).toBe(403);
    expect((await api.get("locations?archived=true", { as: manager })).status).toBe(403);
    expect((await api.delete(`locations/${location}`, { as: rival.rw })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("archives: 200 with archived_at, then 404 everywhere (the menu display too), its data kept, listed as archived", async () => {
    expect((await publicData()).status).toBe(200);
    const archived = await api.delete(`locations/${location}`, { as: owner.rw });
    expect(archived.status).toBe(200);
    expect(archived.body.location).toMatchObject({ id: location, name: "Pop-up", archived_at: expect.stringMatching(/Z$/) });

    expect((await api.get("locations", { as: owner.ro })).body.locations.map((l: { id: number }) => l.id)).not.toContain(location);
    for (const path of [
      `locations/${location}`,
      `locations/${location}/menus`,
      `locations/${location}/hours`,
      `locations/${location}/activity`,
      `menus/${menu}`,
    ]) {
      const response = await api.get(path, { as: owner.ro });
      expect(response.status, path).toBe(404);
    }
    expect((await api.patch(`locations/${location}`, { as: owner.rw, body: { name: "Ghost" } })).status).toBe(404);
    expect((await api.delete(`locations/${location}`, { as: owner.rw })).status).toBe(404);
    const board = await publicData();
    expect(board.status).toBe(404);
    expect(board.body.code).toBe("not_found");
    expect(await previewMenu(await db(), { id: menu, viewerBusinessId: businessId })).toBeNull();
    // Its boards wait, told nothing, as on a missing menu.
    const waiting = new AbortController();
    const stream = await boardStream(new Request(`http://127.0.0.1:3000/preview/menus/${menu}/stream`, { signal: waiting.signal }), {
      params: Promise.resolve({ menuId: String(menu) }),
    });
    expect(stream.status).toBe(200);
    const told = await collectEvents(stream, waiting, { count: 1, giveUpMs: 500, skip: (event) => event.event === "ping" });
    expect(told.events).toEqual([]);

    // Kept: the rows are there, and the owner's archived list names it.
    const [row] = await (await db()).select().from(locations).where(eq(locations.id, location));
    expect(row!.archivedAt).not.toBeNull();
    const list = await api.get("locations?archived=true", { as: owner.ro });
    expect(list.status).toBe(200);
    expect(list.body.locations).toEqual([expect.objectContaining({ id: location, archived_at: archived.body.location.archived_at })]);
    expect((await api.get("locations?archived=true", { as: rival.ro })).body.locations).toEqual([]);
  });

  it("restores within 30 days: back in the lists and on the menu display; another business's is 404", async () => {
    const before = await snapshot();
    expect((await api.post(`locations/${location}/restore`, { as: rival.rw })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
    const restored = await api.post(`locations/${location}/restore`, { as: owner.rw });
    expect(restored.status).toBe(200);
    expect(restored.body.location).toMatchObject({ id: location, archived_at: null });
    expect((await api.get(`locations/${location}`, { as: owner.ro })).status).toBe(200);
    expect((await publicData()).status).toBe(200);
    expect((await api.get("locations?archived=true", { as: owner.ro })).body.locations).toEqual([]);
    // Restoring a location that is not archived answers it as it is.
    expect((await api.post(`locations/${location}/restore`, { as: owner.rw })).body.location.archived_at).toBeNull();
    const kinds = (await api.get(`locations/${location}/activity`, { as: owner.ro })).body.activity.map(
      (entry: { kind: string }) => entry.kind,
    );
    expect(kinds.slice(0, 2)).toEqual(["location.restored", "location.archived"]);
  });

  it("refuses a restore more than 30 days after the archive (409), exactly 30 days is still in time", async () => {
    const database = await db();
    const archivedAt = new Date((await api.delete(`locations/${location}`, { as: owner.rw })).body.location.archived_at);
    const scope = { businessId, id: location };
    await expect(restoreLocation(database, { ...scope, now: new Date(archivedAt.getTime() + 30 * DAY_MS + 1) })).rejects.toMatchObject({
      code: "conflict",
    });
    const inTime = await restoreLocation(database, { ...scope, now: new Date(archivedAt.getTime() + 30 * DAY_MS) });
    expect(inTime.archived_at).toBeNull();

    // Through the API: an archive 31 days old.
    expect((await api.delete(`locations/${location}`, { as: owner.rw })).status).toBe(200);
    await database
      .update(locations)
      .set({ archivedAt: new Date(Date.now() - 31 * DAY_MS) })
      .where(eq(locations.id, location));
    const before = await snapshot();
    const late = await api.post(`locations/${location}/restore`, { as: owner.rw });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("conflict");
    expect(late.body.detail).toMatch(/more than 30 days ago/);
    expect(await snapshot()).toEqual(before);
    expect((await api.get(`locations/${location}`, { as: owner.ro })).status).toBe(404);
  });
});

describe("an open board of a location being archived", () => {
  it("hears `gone`, and the menu's version again when the location is restored", async () => {
    const location = (await create({ location: { ...good, name: "Board bar" } })).body.location.id;
    const menu = (await api.post(`locations/${location}/menus`, { as: owner.rw, body: { menu: { name: "Board bar taps" } } })).body.menu.id;
    expect((await api.post(`menus/${menu}/publish`, { as: owner.rw })).status).toBe(200);
    const controller = new AbortController();
    const response = await boardStream(new Request(`http://127.0.0.1:3000/preview/menus/${menu}/stream`, { signal: controller.signal }), {
      params: Promise.resolve({ menuId: String(menu) }),
    });
    expect(response.status).toBe(200);
    // Each step waits for the board to hear the one before: an archive undone before the board looked
    // would rightly never reach it.
    const { next, close } = eventReader(response, controller);
    try {
      const first = await next();
      expect(first.event).toBe("version");
      expect((await api.delete(`locations/${location}`, { as: owner.rw })).status).toBe(200);
      expect((await next()).event).toBe("gone");
      expect((await api.post(`locations/${location}/restore`, { as: owner.rw })).status).toBe(200);
      const again = await next();
      expect(again.event).toBe("version");
      expect(again.data).toBe(first.data);
    } finally {
      await close();
    }
  });
});
