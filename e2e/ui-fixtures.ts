import { test as base, expect, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "@playwright/test";
import { ACCOUNTS, type Who } from "./fixtures";

// Dashboard specs run signed in through a browser session cookie. Sign-ins share the login rate limit
// (10 per email per 10 minutes), so each worker signs in once per account and every test's browser
// context starts from that saved cookie. Specs that need the API use `page.request`, which shares the
// page's cookies, never the Basic tokens (the account spec resets them).
type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;

async function signIn(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, who: Who): Promise<StorageState> {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL ?? "" } });
  try {
    const response = await request.post("/api/session", { data: ACCOUNTS[who] });
    expect(response.status(), await response.text()).toBe(200);
    return await request.storageState();
  } finally {
    await request.dispose();
  }
}

/** Whether a saved session still signs its holder in (a spec may have ended it: a password change does). */
async function stillSignedIn(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, state: StorageState) {
  const request = await playwright.request.newContext({ baseURL, storageState: state });
  try {
    return (await request.get("/api/v1/current_user")).status() === 200;
  } finally {
    await request.dispose();
  }
}

export const test = base.extend<object, { ownerState: { saved: StorageState } }>({
  ownerState: [
    async ({ playwright }, use, info) => use({ saved: await signIn(playwright, info.project.use.baseURL, "owner") }),
    { scope: "worker" },
  ],
  // A spec that ends the owner's sessions (the account spec changes the password) must not fail the next
  // spec in the worker: a saved cookie that no longer signs in is replaced by a new sign-in, once.
  storageState: async ({ ownerState, playwright }, use, info) => {
    const baseURL = info.project.use.baseURL;
    if (!(await stillSignedIn(playwright, baseURL, ownerState.saved))) ownerState.saved = await signIn(playwright, baseURL, "owner");
    await use(ownerState.saved);
  },
});

/** Same-origin API calls from the signed-in page (cookie auth; writes carry the page's Origin). */
export function api(page: Page) {
  const origin = new URL(page.url() === "about:blank" ? (test.info().project.use.baseURL ?? "") : page.url()).origin;
  return {
    get: (path: string) => page.request.get(path),
    send: (method: "POST" | "PUT" | "PATCH" | "DELETE", path: string, data?: unknown) =>
      page.request.fetch(path, { method, data, headers: { origin } }),
  };
}

export { expect };
