import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, expect, test } from "./fixtures";

// Drop-in compatibility: the request sequences of integrations written for the service we replace,
// played against the built app, reading the fields such clients read. They send `Accept:
// application/json` (or nothing), read errors from an `error` object, use `.json` paths and often send
// bodies without the resource key.

type Container = { name: string | null; price: string; container_size: { name: string } | null };
type Item = {
  id: number;
  name: string;
  brewery: string | null;
  untappd_id: number | null;
  untappd_brewery_id: number | null;
  containers: Container[];
};
type Menu = { id: number; name: string; unpublished: boolean; sections: { id: number; name: string; items: Item[] }[] };

const JSON_ONLY = { accept: "application/json" };

/** What a typed JSON client does with an answer: refuse anything but application/json, then parse it. */
async function readJson(response: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<any> {
  expect(response.headers()["content-type"], response.url()).toMatch(/^application\/json\b/);
  return response.json();
}

test("a website plugin syncs every published menu, and tells a missing menu from an empty one", async ({ request, owner }) => {
  const headers = { ...owner.read, ...JSON_ONLY };
  const { locations } = await readJson(await request.get("/api/v1/locations.json", { headers }));
  expect(locations.length).toBeGreaterThan(0);
  for (const location of locations) {
    const { menus } = await readJson(await request.get(`/api/v1/locations/${location.id}/menus.json`, { headers }));
    for (const summary of menus.filter((m: Menu) => !m.unpublished)) {
      const { menu } = (await readJson(await request.get(`/api/v1/menus/${summary.id}.json?full=true`, { headers }))) as { menu: Menu };
      for (const item of menu.sections.flatMap((section) => section.items)) {
        expect(item.name).toEqual(expect.any(String));
        // Every size has a label to print: its own name, or its size's.
        for (const container of item.containers) expect(container.name, `${item.name}`).toEqual(expect.any(String));
      }
    }
  }
  // A menu that is gone: a 404 with an error object the plugin reads (not an empty list to unpublish).
  const gone = await request.get("/api/v1/menus/987654.json?full=true", { headers });
  expect(gone.status()).toBe(404);
  const { error } = await readJson(gone);
  expect(error).toMatchObject({ code: "not_found", status: 404, detail: expect.any(String) });
});

test("a POS job reads prices, puts a beer on tap by catalogue id and changes its tap number", async ({ request, owner }) => {
  const read = { ...owner.read, ...JSON_ONLY };
  const write = { ...owner.write, ...JSON_ONLY };
  const { locations } = await readJson(await request.get("/api/v1/locations.json", { headers: read }));
  const { menus } = await readJson(await request.get(`/api/v1/locations/${locations[0].id}/menus.json`, { headers: read }));
  const { menu } = (await readJson(await request.get(`/api/v1/menus/${menus[0].id}.json?full=true`, { headers: read }))) as { menu: Menu };
  const prices = menu.sections.flatMap((s) => s.items.flatMap((i) => i.containers.map((c) => [i.name, c.name, c.price])));
  expect(prices.length).toBeGreaterThan(0);
  for (const [, , price] of prices) expect(price).toMatch(/^\d+\.\d{2}$/);

  const { items: found } = await readJson(await request.get("/api/v1/items/search.json?q=hazy", { headers: read }));
  expect(found.length).toBeGreaterThan(0);
  const beer = found[0];
  // The body without its resource key, as such jobs send it.
  const added = await request.post(`/api/v1/sections/${menu.sections[0]!.id}/items.json`, {
    headers: write,
    data: { untappd_id: beer.untappd_id, tap_number: "12" },
  });
  expect(added.status()).toBe(201);
  const { item } = await readJson(added);
  expect(item).toMatchObject({ untappd_id: beer.untappd_id, name: beer.name, tap_number: "12" });
  const changed = await readJson(await request.patch(`/api/v1/items/${item.id}.json`, { headers: write, data: { tap_number: "7" } }));
  expect(changed.item.tap_number).toBe("7");
  await request.delete(`/api/v1/items/${item.id}`, { headers: write });
});

test("a board reads a custom menu through the consolidated path, in the shape it was written for", async ({ request, owner }) => {
  const read = { ...owner.read, ...JSON_ONLY };
  const write = { ...owner.write, ...JSON_ONLY };
  const { locations } = await readJson(await request.get("/api/v1/locations", { headers: read }));
  const created = await request.post(`/api/v1/locations/${locations[0].id}/custom_menus`, { headers: write, data: { name: "Wine board" } });
  expect(created.status(), await created.text()).toBe(201);
  const custom = (await created.json()).custom_menu;
  // Custom menus take their ids from the menus' sequence: no menu has this id, so the lookup reaches it.
  expect((await request.get(`/api/v1/menus/${custom.id}`, { headers: read })).status()).toBe(404);
  const section = (
    await readJson(await request.post(`/api/v1/custom_menus/${custom.id}/custom_sections`, { headers: write, data: { name: "Reds" } }))
  ).custom_section;
  const item = (
    await readJson(
      await request.post(`/api/v1/custom_sections/${section.id}/custom_items`, { headers: write, data: { name: "Rioja", type: "Wine" } }),
    )
  ).custom_item;
  await readJson(
    await request.post(`/api/v1/custom_items/${item.id}/custom_containers`, { headers: write, data: { name: "Glass", price: "9" } }),
  );

  const answer = await readJson(await request.get(`/api/v1/menus/${custom.id}?include_legacy=true&full=true`, { headers: read }));
  expect(answer.menu).toMatchObject({ id: custom.id, legacy: true });
  expect(answer.custom_menu.custom_sections[0].custom_items[0]).toMatchObject({ name: "Rioja" });
  expect(answer.custom_menu.custom_sections[0].custom_items[0].custom_containers[0]).toMatchObject({ name: "Glass", price: "9.00" });
  await request.delete(`/api/v1/custom_menus/${custom.id}`, { headers: write });
});

test("a C# menu fetcher reads every menu, its soda, spirits and food menus through include_legacy (issue 31 row 12)", async ({
  request,
  owner,
}) => {
  const headers = { ...owner.read, ...JSON_ONLY };
  const { locations } = await readJson(await request.get("/api/v1/locations.json", { headers }));
  let legacyMenus = 0;
  for (const location of locations) {
    const { menus } = await readJson(await request.get(`/api/v1/locations/${location.id}/menus.json?include_legacy=true`, { headers }));
    for (const summary of menus as { id: number; name: string; legacy?: boolean }[]) {
      // The fetcher asks for each menu by the id the list gave it, always with include_legacy.
      const answer = await readJson(await request.get(`/api/v1/menus/${summary.id}.json?full=true&include_legacy=true`, { headers }));
      expect(answer.menu, summary.name).toMatchObject({ id: summary.id, name: summary.name });
      if (!summary.legacy) continue;
      legacyMenus++;
      expect(answer.menu.legacy).toBe(true);
      expect(answer.custom_menu).toMatchObject({ id: summary.id, name: summary.name });
      expect(answer.menu.sections.length).toBe(answer.custom_menu.custom_sections.length);
    }
  }
  // The demo's custom menu at each of the owner's locations.
  expect(legacyMenus).toBeGreaterThanOrEqual(2);
});

test("a .NET client reads a location's menu announcements and the local pub feed (issue 31 row 15)", async ({ request, owner }) => {
  const read = { ...owner.read, ...JSON_ONLY };
  const write = { ...owner.write, ...JSON_ONLY };
  const { locations } = await readJson(await request.get("/api/v1/locations.json", { headers: read }));
  const location = locations[0];
  const { menus } = await readJson(await request.get(`/api/v1/locations/${location.id}/menus.json`, { headers: read }));
  const published = menus.find((menu: Menu) => !menu.unpublished);
  const { menu } = (await readJson(await request.get(`/api/v1/menus/${published.id}.json?full=true`, { headers: read }))) as { menu: Menu };
  const item = menu.sections.flatMap((section) => section.items)[0]!;
  const renamed = `${item.name} (announced)`;
  await readJson(await request.patch(`/api/v1/items/${item.id}.json`, { headers: write, data: { name: renamed } }));

  const answer = await request.get(`/api/v1/locations/${location.id}/menu_announcements.json?limit=5`, { headers: read });
  expect(answer.status()).toBe(200);
  const { menu_announcements } = await readJson(answer);
  expect(menu_announcements[0]).toMatchObject({
    location_id: location.id,
    menu_id: published.id,
    menu_name: published.name,
    type: "menu.updated",
    message: expect.stringContaining(renamed),
    created_at: expect.any(String),
  });
  await request.patch(`/api/v1/items/${item.id}.json`, { headers: write, data: { name: item.name } });

  // The platform library's "the pub, local" call: check-ins near the venue, paged by next_url.
  const venue = (await readJson(await request.get(`/api/v4/venue/info/${location.untappd_venue_id}?compact=true`, { headers: read })))
    .response.venue;
  const local = await readJson(
    await request.get(`/api/v4/thepub/local?lat=${venue.location.lat}&lng=${venue.location.lng}&radius=10&limit=5`, { headers: read }),
  );
  expect(local.meta.code).toBe(200);
  expect(local.response.checkins.items.length).toBeGreaterThan(0);
  expect(local.response.checkins.items.some((checkin: any) => checkin.venue.venue_id === location.untappd_venue_id)).toBe(true);
  const next = await readJson(await request.get(local.response.pagination.next_url, { headers: read }));
  expect(next.meta.code).toBe(200);
  expect(next.response.checkins.items[0].checkin_id).toBeLessThan(local.response.checkins.items.at(-1).checkin_id);
});

test("every client sees a wrong token as a 401 it can read, with or without asking for problem+json", async ({ request, owner }) => {
  const wrong = { authorization: `Basic ${Buffer.from(`${owner.user.email}:not-the-token`).toString("base64")}` };
  const plain = await request.get("/api/v1/current_user.json", { headers: { ...wrong, ...JSON_ONLY } });
  expect(plain.status()).toBe(401);
  expect((await readJson(plain)).error).toMatchObject({ code: "unauthorized", status: 401 });
  const problem = await request.get("/api/v1/current_user", { headers: { ...wrong, accept: "application/problem+json" } });
  expect(problem.status()).toBe(401);
  expect(problem.headers()["content-type"]).toBe("application/problem+json");
  expect((await problem.json()).code).toBe("unauthorized");
});

test("a beer-platform client looks up, pages a feed, checks in by the platform's own venue name and toasts as POST", async ({
  browser,
  baseURL,
  rival,
  request,
}) => {
  // The person connects their platform account once, in a browser signed in to the dashboard.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ACCOUNTS.rival.email);
  await page.getByLabel("Password").fill(ACCOUNTS.rival.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard|\/locations/);
  await page.goto("/api/v4/oauth/connect?return_to=/account");
  await page.getByRole("button", { name: /allow/i }).click();
  await expect(page).toHaveURL(/beer_account=connected/);
  await context.close();

  // Then the client code runs against /api/v4 as it ran against the platform.
  const headers = { ...rival.write, ...JSON_ONLY };
  const search = await readJson(await request.get("/api/v4/search/beer?q=hazy&sort=most_popular_first", { headers }));
  expect(search.meta.code).toBe(200);
  const bid = search.response.beers.items[0].beer.bid;
  const { beer } = (await readJson(await request.get(`/api/v4/beer/info/${bid}`, { headers }))).response;
  expect(beer).toMatchObject({ bid, beer_name: expect.any(String), calories: expect.any(Number) });

  const venue = (await readJson(await request.get("/api/v4/venue/info/910001?compact=true", { headers }))).response.venue;
  expect(venue.last_updated).toEqual(expect.any(String));
  const feed = (await readJson(await request.get("/api/v4/venue/checkins/910001?limit=2", { headers }))).response;
  const next = await readJson(await request.get(feed.pagination.next_url, { headers }));
  expect(next.response.checkins.items.length).toBeGreaterThan(0);

  const checkin = await readJson(
    await request.post("/api/v4/checkin/add", {
      headers,
      form: {
        bid: String(bid),
        gmt_offset: "-5",
        timezone: "EST",
        foursquare_id: venue.directory.directory_id,
        geolat: venue.location.lat,
        geolng: venue.location.lng,
        twitter: "off",
      },
    }),
  );
  expect(checkin.meta.code).toBe(200);
  expect(checkin.response.venue).toMatchObject({ venue_id: 910001 });
  expect(checkin.response.user.untappd_url).toEqual(expect.any(String));
  const toast = await readJson(await request.post(`/api/v4/checkin/toast/${checkin.response.checkin_id}`, { headers }));
  expect(toast.response).toMatchObject({ result: "success", like_type: "toast" });

  // A call the platform refuses reads as the platform's envelope, not a thrown HTML page.
  const missing = await request.get("/api/v4/beer/info/999999999", { headers });
  expect(missing.status()).toBe(404);
  expect((await readJson(missing)).meta).toMatchObject({ code: 404, error_type: expect.any(String), error_detail: expect.any(String) });
});

test("a Go or Node platform library pointed at /api/v4 by base URL alone, with a Taproom token as access_token (issue 31 rows 13–14)", async ({
  request,
  owner,
}) => {
  // The library's own code: a base URL and ?access_token=… on every call, no Authorization header.
  const base = "/api/v4";
  const token = owner.user.auth_token_read_only;
  const venue = (await readJson(await request.get(`${base}/venue/info/910001?access_token=${token}`, { headers: JSON_ONLY }))).response
    .venue;
  // Row 13: the field the libraries read.
  expect(venue.foursquare).toEqual({ foursquare_id: expect.any(String), foursquare_url: expect.stringMatching(/^https?:\/\//) });
  const checkins = (
    await readJson(await request.get(`${base}/venue/checkins/910001?limit=2&access_token=${token}`, { headers: JSON_ONLY }))
  ).response;
  expect(checkins.checkins.items.length).toBeGreaterThan(0);
  // A value that is no Taproom token reads as the platform's own 401 envelope.
  const refused = await request.get(`${base}/venue/info/910001?access_token=not-a-token`, { headers: JSON_ONLY });
  expect(refused.status()).toBe(401);
});
