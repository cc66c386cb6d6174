import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, basic, expect, expectProblem, login, test, type Auth } from "./fixtures";

type Location = { id: number; name: string; time_zone: string };
type VenueEvent = { id: number; name: string; start_time: string; start_time_in_zone: string; location_id: number };

/** The caller's first location (by id): for the owner, "Demo Taproom Downtown" in America/New_York. */
async function firstLocation(request: APIRequestContext, auth: Auth): Promise<Location> {
  const response = await request.get("/api/v1/locations", { headers: auth.read });
  expect(response.status()).toBe(200);
  const { locations } = (await response.json()) as { locations: Location[] };
  expect(locations.length).toBeGreaterThan(0);
  return locations[0]!;
}

test.describe("sessions and authentication", () => {
  test("POST /sessions returns the token pair, the same on every login", async ({ request, owner }) => {
    const user = await login(request, "owner");
    expect(user.email).toBe(ACCOUNTS.owner.email);
    expect(user.auth_token).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(user.auth_token_read_only).toMatch(/^[A-Za-z0-9_-]{32,}$/);
    expect(user.auth_token).not.toBe(user.auth_token_read_only);
    expect(user).toEqual(owner.user);
  });

  test("GET /current_user with Basic email:token", async ({ request, owner }) => {
    const response = await request.get("/api/v1/current_user", { headers: owner.write });
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    const { current_user } = await response.json();
    expect(current_user).toMatchObject({
      id: expect.any(Number),
      email: ACCOUNTS.owner.email,
      role: "owner",
      business_id: expect.any(Number),
    });
  });

  test("no credentials: 401 problem with a Basic challenge", async ({ request }) => {
    const response = await request.get("/api/v1/current_user");
    await expectProblem(response, 401, "unauthorized");
    expect(response.headers()["www-authenticate"]).toMatch(/^Basic realm=/);
  });

  test("a wrong token: 401", async ({ request }) => {
    const response = await request.get("/api/v1/current_user", { headers: basic(ACCOUNTS.owner.email, "x".repeat(43)) });
    await expectProblem(response, 401, "unauthorized");
    expect(response.headers()["www-authenticate"]).toMatch(/^Basic realm=/);
  });

  test("the read-only token reads but cannot write", async ({ request, owner }) => {
    const me = await request.get("/api/v1/current_user", { headers: owner.read });
    expect(me.status()).toBe(200);
    const location = await firstLocation(request, owner);
    const write = await request.post(`/api/v1/locations/${location.id}/events`, {
      headers: owner.read,
      data: { event: { name: "Nope", description: "", start_time_date: "2027-07-04", start_time_time: "20:00" } },
    });
    await expectProblem(write, 403, "read_only_token");
  });
});

test.describe("protocol errors", () => {
  test("an unknown path: 404 problem", async ({ request, owner }) => {
    await expectProblem(await request.get("/api/v1/nope", { headers: owner.read }), 404, "not_found");
  });

  test("a method the path does not offer: 405 with Allow", async ({ request, owner }) => {
    const response = await request.patch("/api/v1/current_user", { headers: owner.write, data: { name: "x" } });
    await expectProblem(response, 405, "method_not_allowed");
    expect(response.headers().allow).toBe("GET, HEAD, OPTIONS");
  });

  test("a body that is not JSON: 415", async ({ request, owner }) => {
    const location = await firstLocation(request, owner);
    const response = await request.post(`/api/v1/locations/${location.id}/events`, {
      headers: { ...owner.write, "content-type": "text/plain" },
      data: "name=Trivia",
    });
    await expectProblem(response, 415, "unsupported_media_type");
  });

  test("broken JSON: 400", async ({ request, owner }) => {
    const location = await firstLocation(request, owner);
    const response = await request.post(`/api/v1/locations/${location.id}/events`, {
      headers: { ...owner.write, "content-type": "application/json" },
      // A Buffer goes out as is: Playwright would JSON-encode a string that does not parse.
      data: Buffer.from('{"event": {"name": '),
    });
    await expectProblem(response, 400, "invalid_json");
  });
});

test.describe
  .serial("an event's life: create, read, delete", () => {
    let event: VenueEvent;

    test("POST /locations/:id/events: 201, times in the location's zone", async ({ request, owner }) => {
      const location = await firstLocation(request, owner);
      expect(location.time_zone).toBe("America/New_York");
      const response = await request.post(`/api/v1/locations/${location.id}/events`, {
        headers: owner.write,
        data: {
          event: {
            name: "Fourth of July Cask Night",
            description: "Fireworks on the roof.",
            start_time_date: "2027-07-04",
            start_time_time: "20:00",
          },
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      event = ((await response.json()) as { event: VenueEvent }).event;
      expect(event).toMatchObject({ name: "Fourth of July Cask Night", location_id: location.id, start_time: "2027-07-05T00:00:00.000Z" });
      expect(event.start_time_in_zone).toMatch(/^2027-07-04T20:00:00(\.000)?-04:00$/);
    });

    test("GET /events/:id", async ({ request, owner }) => {
      const response = await request.get(`/api/v1/events/${event.id}`, { headers: owner.read });
      expect(response.status()).toBe(200);
      expect((await response.json()).event).toEqual(event);
    });

    test("DELETE /events/:id, then GET: 404", async ({ request, owner }) => {
      const deleted = await request.delete(`/api/v1/events/${event.id}`, { headers: owner.write });
      expect(deleted.status()).toBe(200);
      expect((await deleted.json()).event).toMatchObject({ id: event.id });
      await expectProblem(await request.get(`/api/v1/events/${event.id}`, { headers: owner.read }), 404, "not_found");
    });
  });

test.describe("tenancy", () => {
  test("another business's location and event are answered 404", async ({ request, owner, rival }) => {
    const location = await firstLocation(request, owner);
    const list = await request.get(`/api/v1/locations/${location.id}/events`, { headers: owner.read });
    const { events } = (await list.json()) as { events: VenueEvent[] };
    expect(events.length).toBeGreaterThan(0);
    const eventId = events[0]!.id;

    for (const path of [
      `/locations/${location.id}`,
      `/locations/${location.id}/hours`,
      `/locations/${location.id}/events`,
      `/events/${eventId}`,
    ]) {
      await expectProblem(await request.get(`/api/v1${path}`, { headers: rival.write }), 404, "not_found");
    }
    const create = await request.post(`/api/v1/locations/${location.id}/events`, {
      headers: rival.write,
      data: { event: { name: "Takeover", description: "", start_time_date: "2027-07-04", start_time_time: "20:00" } },
    });
    await expectProblem(create, 404, "not_found");
    await expectProblem(await request.delete(`/api/v1/events/${eventId}`, { headers: rival.write }), 404, "not_found");
    // Still there for its owner.
    expect((await request.get(`/api/v1/events/${eventId}`, { headers: owner.read })).status()).toBe(200);
  });
});

test.describe("hours", () => {
  test("GET /locations/:id/hours: 7 rows, Monday first", async ({ request, owner }) => {
    const location = await firstLocation(request, owner);
    const response = await request.get(`/api/v1/locations/${location.id}/hours`, { headers: owner.read });
    expect(response.status()).toBe(200);
    const { hours } = (await response.json()) as { hours: { day: string; location_id: number }[] };
    expect(hours.map((row) => row.day)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(hours.every((row) => row.location_id === location.id)).toBe(true);
  });
});

test.describe("security headers", () => {
  test("pages and answers refuse framing and sniffing; the menu display may be embedded", async ({ request }) => {
    for (const path of ["/sign-in", "/api/v1/current_user", "/api/health"]) {
      const response = await request.get(path);
      const headers = response.headers();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    const board = await request.get("/preview/menus/999999999");
    expect(board.headers()["content-security-policy"]).toContain("frame-ancestors *");
  });
});
