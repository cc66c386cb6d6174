import { ACCOUNTS, expect, rawRequest, test } from "./fixtures";

// The forwarder and its built-in sandbox through the real server.

test("public lookups go through the sandbox and come back from the cache", async ({ request, owner }) => {
  const search = await request.get("/api/v4/search/beer?q=hazy&limit=5", { headers: owner.read });
  expect(search.status()).toBe(200);
  const found = (await search.json()).response.beers.items;
  expect(found.length).toBeGreaterThan(0);
  const bid = found[0].beer.bid;
  const first = await request.get(`/api/v4/beer/info/${bid}?compact=true`, { headers: owner.read });
  const second = await request.get(`/api/v4/beer/info/${bid}?compact=true`, { headers: owner.read });
  expect(first.status()).toBe(200);
  expect(second.headers()["x-cache"]).toBe("HIT");
  expect(first.headers()["x-ratelimit-limit"]).toBe("100");
  expect((await second.json()).response.beer.bid).toBe(bid);
});

test("paging links name /api/v4 on the host the caller used, and lead to the next page", async ({ baseURL, owner, request }) => {
  // The server is started with `-H 127.0.0.1`, and request.url says "localhost": the links follow the Host called.
  const first = await request.get("/api/v4/venue/checkins/910001?limit=3", { headers: owner.read });
  expect(first.status()).toBe(200);
  const page = (await first.json()).response;
  const { next_url, since_url } = page.pagination;
  for (const link of [next_url, since_url]) {
    expect(link.startsWith(`${baseURL}/api/v4/venue/checkins/910001?`), link).toBe(true);
    expect(link).not.toMatch(/sandbox|client_|access_token/);
  }
  const next = await request.get(next_url, { headers: owner.read });
  expect(next.status()).toBe(200);
  const ids = (items: { checkin_id: number }[]) => items.map((item) => item.checkin_id);
  const older = ids((await next.json()).response.checkins.items);
  expect(older).toHaveLength(3);
  expect(Math.max(...older)).toBeLessThan(Math.min(...ids(page.checkins.items)));
});

test("path tricks never reach the upstream", async ({ baseURL, owner, request }) => {
  // The upstream's own counter: an uncached lookup before and after must be exactly one call apart.
  const remaining = async (bid: number) =>
    Number((await request.get(`/api/v4/beer/info/${bid}`, { headers: owner.read })).headers()["x-ratelimit-remaining"]);
  const before = await remaining(1_000_011);
  for (const path of [
    "/api/v4/beer/info/..%2f..%2f..%2fapi%2fv1%2fcurrent_user",
    "/api/v4/beer/info/1%2f..%2f2",
    "/api/v4/beer/info/1%00",
    "/api/v4/beer/info/%2e%2e",
    "/api/v4//evil.test/v4/beer/info/1",
    "/api/v4/v4/../../sandbox/v4/beer/info/1",
    // Dot segments are resolved by the server's URL normalisation before any route runs: these name
    // this app's own /api/v1 routes, answered under the caller's own rights, never the upstream.
    "/api/v4/%2e%2e/%2e%2e/api/v1/current_user",
    "/api/v4/../../api/v1/current_user",
  ]) {
    const response = await rawRequest(baseURL!, "GET", path, owner.read);
    const forwarded = response.status === 200 && response.body.toString().includes('"meta"');
    expect(forwarded, `${path} → ${response.status}`).toBe(false);
  }
  expect(await remaining(1_000_012)).toBe(before - 1);
});

test("a signed-in manager connects their own beer-platform account through OAuth, then acts as it", async ({
  browser,
  baseURL,
  rival,
  request,
}) => {
  // The rival account: signing in through the form counts against the owner's login limit otherwise.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ACCOUNTS.rival.email);
  await page.getByLabel("Password").fill(ACCOUNTS.rival.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard|\/locations/);
  await page.goto("/api/v4/oauth/connect?return_to=/account");
  await expect(page).toHaveURL(/\/sandbox\/oauth\/authenticate/);
  // The consent page names the Taproom user signed in here and offers no other account.
  await expect(page.getByText(/Signed in as Rory Rival/)).toBeVisible();
  await expect(page.getByText("rival_owner")).toBeVisible();
  await expect(page.getByRole("combobox")).toHaveCount(0);
  await page.getByRole("button", { name: /allow/i }).click();
  await expect(page).toHaveURL(/\/account\?beer_account=connected/);
  await context.close();

  const connection = await request.get("/api/v4/oauth/connection", { headers: rival.read });
  expect((await connection.json()).connection).toMatchObject({ connected: true, platform_user_name: "rival_owner" });
  const notifications = await request.get("/api/v4/notifications", { headers: rival.write });
  expect(notifications.status()).toBe(200);
  expect((await notifications.json()).meta.code).toBe(200);
});

test("the sandbox serves browsers its consent page only, and only to a signed-in person", async ({ baseURL, request, owner }) => {
  const credentials = "client_id=taproom-sandbox&client_secret=taproom-sandbox-secret";
  for (const path of [`/sandbox/v4/beer/info/1?${credentials}`, `/sandbox/oauth/authorize?${credentials}&response_type=code&code=x`]) {
    const response = await rawRequest(baseURL!, "GET", path, owner.read);
    expect(response.status, path).toBe(404);
    expect(response.body.toString()).not.toContain('"meta"');
  }
  const consent = `/sandbox/oauth/authenticate?client_id=taproom-sandbox&response_type=code&redirect_url=${encodeURIComponent(`${baseURL}/api/v4/oauth/callback`)}`;
  const signedOut = await request.get(consent, { maxRedirects: 0 });
  expect(signedOut.status()).toBe(302);
  expect(signedOut.headers().location).toMatch(/\/sign-in\?next=%2Fsandbox%2Foauth%2Fauthenticate/);
  const allowed = await request.post(consent, { form: { decision: "allow" }, maxRedirects: 0 });
  expect(allowed.status()).toBe(302);
  expect(allowed.headers().location).toMatch(/\/sign-in/);
});
