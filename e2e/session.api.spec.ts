import { ACCOUNTS, expect, expectProblem, test } from "./fixtures";

// The dashboard's cookie session over real HTTP. The `request` fixture keeps cookies per test context,
// like a browser; Origin is set by hand because Playwright's API client sends none. The rival account
// is used so these sign-ins do not eat into the owner's login limit (10 per email per 10 minutes).
test.describe("browser sessions", () => {
  test("sign in, then cookie writes need this site's Origin", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;

    const signIn = await request.post("/api/session", { data: ACCOUNTS.rival, headers: { origin } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const setCookie = signIn.headers()["set-cookie"] ?? "";
    expect(setCookie).toMatch(/^taproom_session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const body = await signIn.json();
    expect(body.user.email).toBe(ACCOUNTS.rival.email);
    expect(JSON.stringify(body)).not.toContain("auth_token");

    // Reads need nothing but the cookie.
    const me = await request.get("/api/session");
    expect(me.status()).toBe(200);
    const list = await request.get("/api/v1/locations");
    expect(list.status()).toBe(200);
    const locationId = ((await list.json()) as { locations: { id: number }[] }).locations[0]!.id;

    const event = { event: { name: "Session Night", description: "", start_time_date: "2027-08-01", start_time_time: "19:00" } };
    const forged = await request.post(`/api/v1/locations/${locationId}/events`, {
      data: event,
      headers: { origin: "https://evil.example" },
    });
    await expectProblem(forged, 403, "cross_site_request");

    const created = await request.post(`/api/v1/locations/${locationId}/events`, { data: event, headers: { origin } });
    expect(created.status(), await created.text()).toBe(201);
    const { event: stored } = (await created.json()) as { event: { id: number } };
    expect((await request.delete(`/api/v1/events/${stored.id}`, { headers: { origin } })).status()).toBe(200);

    const signOut = await request.delete("/api/session", { headers: { origin } });
    expect(signOut.status()).toBe(204);
    await expectProblem(await request.get("/api/session"), 401, "unauthorized");
  });
});
