import { api, expect, test } from "./ui-fixtures";
import { ACCOUNTS } from "./fixtures";

// The account page: tokens shown on demand, copied, reset. Resetting the owner's tokens is safe here:
// the UI project runs after every API spec, and UI specs sign in with a session cookie, not tokens.

type TokenPair = { auth_token: string; auth_token_read_only: string };
const basic = (email: string, token: string) => `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;

test("tokens are shown on demand, copied, and reset with a confirmation", async ({ page, context, playwright, baseURL }) => {
  const email = ACCOUNTS.owner.email;
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  const tokensResponse = await api(page).get("/api/session/tokens");
  expect(tokensResponse.status()).toBe(200);
  const old = (await tokensResponse.json()) as TokenPair;

  // Nothing secret in the page until asked for; the example waits with a placeholder.
  const html = await page.content();
  expect(html).not.toContain(old.auth_token);
  expect(html).not.toContain(old.auth_token_read_only);
  const example = page.getByRole("region", { name: "Call the API" });
  await expect(example).toContainText(`curl -u '${email}:YOUR_READ_ONLY_TOKEN'`);

  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByRole("button", { name: "Show tokens" }).click();
  await expect(tokens.getByText(old.auth_token_read_only, { exact: true })).toBeVisible();
  await expect(tokens.getByText(old.auth_token, { exact: true })).toBeVisible();
  await expect(example).toContainText(`curl -u '${email}:${old.auth_token_read_only}'`);
  await expect(example).toContainText("/api/v1/current_user");

  // Copy puts the token on the clipboard and says so.
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL!).origin });
  await tokens.getByRole("button", { name: "Copy read-only token" }).click();
  await expect(tokens.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(old.auth_token_read_only);
  await example.getByRole("button", { name: "Copy example commands" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${email}:${old.auth_token_read_only}`);

  // Reset asks first; cancelling changes nothing.
  await tokens.getByRole("button", { name: "Reset tokens" }).click();
  const dialog = page.getByRole("dialog", { name: "Reset your API tokens?" });
  await expect(dialog).toContainText("stops working");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(((await (await api(page).get("/api/session/tokens")).json()) as TokenPair).auth_token).toBe(old.auth_token);

  await tokens.getByRole("button", { name: "Reset tokens" }).click();
  await dialog.getByRole("button", { name: "Reset tokens" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Tokens reset.")).toBeVisible();
  await expect(tokens.getByText(old.auth_token_read_only, { exact: true })).toBeHidden();
  const fresh = (await (await api(page).get("/api/session/tokens")).json()) as TokenPair;
  expect(fresh.auth_token).not.toBe(old.auth_token);
  expect(fresh.auth_token_read_only).not.toBe(old.auth_token_read_only);
  await expect(tokens.getByText(fresh.auth_token_read_only, { exact: true })).toBeVisible();
  await expect(tokens.getByText(fresh.auth_token, { exact: true })).toBeVisible();
  await expect(example).toContainText(`${email}:${fresh.auth_token_read_only}`);

  // The old tokens stop working at once, the new ones work (a context without the session cookie).
  const outsider = await playwright.request.newContext({ baseURL });
  try {
    for (const token of [old.auth_token, old.auth_token_read_only]) {
      const refused = await outsider.get("/api/v1/current_user", { headers: { authorization: basic(email, token) } });
      expect(refused.status()).toBe(401);
    }
    for (const token of [fresh.auth_token, fresh.auth_token_read_only]) {
      const accepted = await outsider.get("/api/v1/current_user", { headers: { authorization: basic(email, token) } });
      expect(accepted.status()).toBe(200);
    }
  } finally {
    await outsider.dispose();
  }

  // Hide takes them off the page again.
  await tokens.getByRole("button", { name: "Hide tokens" }).click();
  await expect(tokens.getByText(fresh.auth_token, { exact: true })).toBeHidden();
  await expect(example).toContainText("YOUR_READ_ONLY_TOKEN");
});

test("without a clipboard, Copy selects the token and says how to copy it", async ({ page }) => {
  // An insecure origin or a refused permission leaves no clipboard API.
  await page.addInitScript(() => Object.defineProperty(navigator, "clipboard", { value: undefined }));
  await page.goto("/account");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await tokens.getByRole("button", { name: "Show tokens" }).click();
  const pair = (await (await api(page).get("/api/session/tokens")).json()) as TokenPair;
  await expect(tokens.getByText(pair.auth_token, { exact: true })).toBeVisible();
  await tokens.getByRole("button", { name: "Copy read-write token" }).click();
  await expect(tokens.getByRole("status").filter({ hasText: "press Ctrl+C" })).toBeVisible();
  expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(pair.auth_token);
});

test("the account page is one link named Account away, at desktop and phone widths", async ({ page }) => {
  // Its name begins with what is on screen: "Olivia Owner (account)" wide, "Account — Olivia Owner" narrow.
  const names = { 1280: /^Olivia Owner \(account\)$/, 375: /^Account — Olivia Owner$/ };
  for (const width of [1280, 375] as const) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/locations/1/hours");
    const link = page.getByRole("link", { name: names[width] });
    await expect(link, `${width} px`).toBeVisible();
    // Every visible link on the page has a name a screen reader can say.
    for (const each of await page.getByRole("link").all()) {
      if (await each.isVisible()) await expect(each, `${width} px`).toHaveAccessibleName(/\S/);
    }
  }
  await page.getByRole("link", { name: names[375] }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
});
