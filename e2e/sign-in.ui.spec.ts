import { expect, test } from "@playwright/test";
import { ACCOUNTS } from "./fixtures";

// Starts signed out (the plain Playwright test, not ui-fixtures' signed-in context). Two sign-in
// attempts: the owner's login limit is 10 per 10 minutes across the whole run.

test("a page sends a signed-out visitor to sign in and back; a wrong password says so; sign out ends the session", async ({ page }) => {
  await page.goto("/locations/1/hours");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Flocations%2F1%2Fhours$/);
  await expect(page.getByRole("heading", { name: "Sign in to your venue" })).toBeVisible();

  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Email is required")).toBeVisible();

  await page.getByLabel("Email").fill(ACCOUNTS.owner.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // (Next.js keeps an empty role=alert route announcer on every page.)
  await expect(page.getByRole("alert").filter({ hasText: "The email or password is wrong." })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Password").fill(ACCOUNTS.owner.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/locations\/1\/hours$/);
  await expect(page.getByRole("heading", { name: "Hours", level: 1 })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === "taproom_session");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  // The location switcher keeps the section. The page may arrive as a full load (a press before the sign-in
  // page's script ran posts the form without it): the switcher answers once the page's script has run.
  await page.waitForLoadState("networkidle");
  await page.getByRole("combobox", { name: "Location" }).selectOption({ label: "Demo Taproom Harbor · Amsterdam" });
  await expect(page).toHaveURL(/\/locations\/2\/hours$/);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect((await page.request.get("/api/v1/current_user")).status()).toBe(401);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Faccount$/);
});

test("another business's location is not found", async ({ page, request }) => {
  // Rival's session (its own login budget), then the owner's location id.
  const response = await request.post("/api/session", {
    data: ACCOUNTS.rival,
    headers: { origin: new URL(page.url() === "about:blank" ? test.info().project.use.baseURL! : page.url()).origin },
  });
  expect(response.status()).toBe(200);
  await page.context().addCookies((await request.storageState()).cookies);
  const answer = await page.goto("/locations/1/menus");
  expect(answer?.status()).toBe(404);
});
