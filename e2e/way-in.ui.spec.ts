import { expect, type Page, test } from "@playwright/test";

// The way in for a new venue (venue-operations §1, §2, §4): sign-up, the first run, the Locations page,
// password reset and the account's security. Signed out to start (the plain Playwright test). The e2e
// server holds the demo data, so each test signs up a business of its own (a unique email) and leaves
// the demo businesses as they were.

const PASSWORD = "a long and quiet evening";
let serial = 0;
// A form pressed before the page's script has run would only reload the page: wait for it to settle.
const settled = (page: Page) => page.waitForLoadState("networkidle");
const uniqueEmail = (what: string) => `${what}-${Date.now()}-${++serial}@way-in.test`;

/** A new business and its owner, signed in in this page's context (POST /api/session/signup). */
async function signUp(page: Page, email: string) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post("/api/session/signup", {
    data: { business_name: "Side Door Taproom", name: "Sid Owner", email, password: PASSWORD },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test("a new venue signs up and sets up its first location and menu with the keyboard alone", async ({ page }) => {
  const email = uniqueEmail("keys");
  await page.goto("/sign-in");
  await expect(page.getByRole("link", { name: "Forgot your password?" })).toBeVisible();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Create your venue’s account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

  // Tab: the brand link, then the fields in reading order; Enter submits.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Taproom" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Business name")).toBeFocused();
  await page.keyboard.type("Keyboard Corner");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Your name")).toBeFocused();
  await page.keyboard.type("Kim Keys");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  // Too short: said on the field, nothing sent.
  await page.keyboard.type("short");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Password must be at least 10 characters")).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  // A common password: the server's 422 lands on the field.
  await page.getByLabel("Password").fill("password123");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Password is one of the most common passwords")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.keyboard.press("Enter");

  // First run, step 1: the name has focus; the zone is searched by typing and picked with Enter.
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole("heading", { level: 1, name: "Let’s set up Keyboard Corner" })).toBeVisible();
  const name = page.getByLabel("Location name");
  await expect(name).toBeFocused();
  await page.keyboard.type("Keyboard Corner Canal");
  await page.keyboard.press("Tab");
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("amsterdam");
  await expect(page.getByRole("option", { name: /Amsterdam/ })).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(zone).toHaveValue("Europe/Amsterdam");
  await expect(zone).toHaveAttribute("aria-expanded", "false");
  // The currency follows the zone's country.
  await expect(page.getByLabel("Currency")).toHaveValue("EUR");
  // With the list closed, Enter submits.
  await page.keyboard.press("Enter");

  // Step 2: focus on the step's heading; the template's radio, the name, Enter.
  await expect(page).toHaveURL(/\/welcome\?location=\d+$/);
  const stepTwo = page.getByRole("heading", { level: 2, name: "The first menu for Keyboard Corner Canal" });
  await expect(stepTwo).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: /12 taps \+ cans/ })).toBeFocused();
  await expect(page.getByRole("radio", { name: /12 taps \+ cans/ })).toBeChecked();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Menu name")).toBeFocused();
  await expect(page.getByLabel("Menu name")).toHaveValue("Beer list");
  await page.keyboard.press("Enter");

  // Done: the location's menu editor, the template's sections in order.
  await expect(page).toHaveURL(/\/locations\/\d+\/menus\?menu=\d+$/);
  await expect(page.getByRole("heading", { name: "On tap" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cans & bottles" })).toBeVisible();
  await expect(page.getByText("prices in EUR")).toBeVisible();
});

test("each first-run step can be skipped", async ({ page }) => {
  await signUp(page, uniqueEmail("skip"));
  await page.goto("/welcome");
  // The zone is the browser's, filled in once the page runs.
  await expect(page.getByRole("combobox", { name: "Time zone" })).not.toHaveValue("");
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await expect(page.getByText("No locations yet")).toBeVisible();
  await page.goto("/dashboard");
  await expect(page.getByRole("link", { name: "Set up your first location" })).toBeVisible();
  await page.getByRole("link", { name: "Set up your first location" }).click();
  await expect(page.getByRole("combobox", { name: "Time zone" })).not.toHaveValue("");
  await page.getByLabel("Location name").fill("Skipper's");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/welcome\?location=\d+$/);
  const locationId = /location=(\d+)/.exec(page.url())![1];
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(new RegExp(`/locations/${locationId}/menus$`));
  // Once the business has a location, the first run is over.
  await page.goto("/welcome");
  await expect(page).toHaveURL(new RegExp(`/locations/${locationId}/menus$`));
});

test("an owner adds, edits, archives and restores a location", async ({ page }) => {
  await signUp(page, uniqueEmail("owner"));
  await page.goto("/locations");
  await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
  await expect(page.getByText("No locations yet")).toBeVisible();

  await page.getByRole("button", { name: "Add location" }).click();
  const add = page.getByRole("dialog", { name: "Add location" });
  await add.getByLabel("Location name").fill("Dockside");
  await add.getByRole("combobox", { name: "Time zone" }).fill("Nowhere/Atlantis");
  await add.getByRole("button", { name: "Add location" }).click();
  await expect(add.getByText("Time zone must be an IANA time zone")).toBeVisible();
  await add.getByRole("combobox", { name: "Time zone" }).fill("new york");
  await add.getByRole("option", { name: /New York/ }).click();
  await expect(add.getByLabel("Currency")).toHaveValue("USD");
  await add.getByRole("button", { name: "Add location" }).click();
  await expect(add).toBeHidden();
  const card = page.getByRole("article", { name: "Dockside", exact: true });
  await expect(card).toContainText("America/New_York");

  // Edit: a bad website is refused on its field and nothing else is lost; then it saves.
  await card.getByRole("button", { name: "Edit Dockside" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Dockside" });
  await edit.getByLabel("Location name").fill("Dockside Tavern");
  await edit.getByLabel("City").fill("Brooklyn");
  await edit.getByLabel("Country").selectOption("US");
  await edit.getByLabel("Website").fill("not a website");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Website must be an http or https URL")).toBeVisible();
  await expect(edit.getByLabel("City")).toHaveValue("Brooklyn");
  await edit.getByLabel("Website").fill("https://dockside.example");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  const list = page.getByRole("region", { name: "Locations", exact: true });
  const renamed = list.getByRole("article", { name: "Dockside Tavern" });
  await expect(renamed).toContainText("Brooklyn, United States");
  // The shell's location switcher follows.
  await expect(
    page.getByRole("combobox", { name: "Location", exact: true }).getByRole("option", { name: /Dockside Tavern/ }),
  ).toBeAttached();

  // Archive asks first; the location leaves the list and waits under Archived.
  await renamed.getByRole("button", { name: "Archive Dockside Tavern" }).click();
  await page.getByRole("dialog", { name: "Archive Dockside Tavern?" }).getByRole("button", { name: "Archive location" }).click();
  await expect(renamed).toHaveCount(0);
  const archived = page.getByRole("region", { name: "Archived", exact: true });
  await expect(archived.getByText(/restorable until/)).toBeVisible();
  await archived.getByRole("button", { name: "Restore Dockside Tavern" }).click();
  await expect(archived).toBeHidden();
  await expect(renamed).toBeVisible();
});

test("the password pages: ask for a link, and a bad link says to ask again", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await settled(page);
  await page.getByLabel("Email").fill("nobody@way-in.test");
  await page.getByRole("button", { name: "Send me a reset link" }).click();
  // The e2e server sends no mail (no SMTP_URL): the page says so rather than promising a link.
  await expect(page.getByText(/a link is on its way|This server does not send mail/)).toBeVisible();

  await page.goto("/reset-password?token=not-a-real-token");
  await settled(page);
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("New password must be at least 10 characters")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("This link has expired or was used: ask for a new one.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
});

test("the account changes its password and signs out everywhere", async ({ page }) => {
  const email = uniqueEmail("account");
  await signUp(page, email);
  await page.goto("/account");
  await settled(page);
  const card = page.getByRole("region", { name: "Password", exact: true });
  await card.getByLabel("Current password").fill("not my password");
  await card.getByLabel("New password").fill("a brand new evening");
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(card.getByText("Current password is not your current password")).toBeVisible();
  await card.getByLabel("Current password").fill(PASSWORD);
  await card.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Password changed" })).toBeVisible();
  await expect(card.getByLabel("Current password")).toHaveValue("");

  await page.getByRole("region", { name: "Signed-in devices" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByRole("dialog", { name: "Sign out everywhere?" }).getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/sign-in\?notice=signed-out-everywhere$/);
  await expect(page.getByText("You were signed out on every device.")).toBeVisible();
  expect((await page.request.get("/api/session")).status()).toBe(401);

  // The new password signs in.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a brand new evening");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
