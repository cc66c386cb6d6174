import http from "node:http";
import { test as base, expect, type APIRequestContext, type APIResponse, type PlaywrightWorkerArgs } from "@playwright/test";

// The seeded demo accounts (contract §2).
export const ACCOUNTS = {
  owner: { email: "owner@demo.test", password: "demo-owner-pass" },
  rival: { email: "rival@demo.test", password: "demo-rival-pass" },
} as const;
export type Who = keyof typeof ACCOUNTS;

export type SessionUser = { email: string; auth_token: string; auth_token_read_only: string };

/** A logged-in account: ready-made Authorization headers for its two tokens. */
export type Auth = {
  user: SessionUser;
  write: { authorization: string };
  read: { authorization: string };
};

export const basic = (email: string, token: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`,
});

/** POST /api/v1/sessions with the account's password; returns `user` with the token pair. */
export async function login(request: APIRequestContext, who: Who): Promise<SessionUser> {
  const response = await request.post("/api/v1/sessions", { data: ACCOUNTS[who] });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { user: SessionUser }).user;
}

/**
 * Asserts a problem answer (contract §3) to a caller that did not ask for application/problem+json:
 * application/json, the RFC 9457 fields and the `error` object beside them. Returns its body.
 */
export async function expectProblem(response: APIResponse, status: number, code: string) {
  expect(response.status(), await response.text()).toBe(status);
  expect(response.headers()["content-type"]).toBe("application/json; charset=utf-8");
  const body = await response.json();
  expect(body).toEqual(
    expect.objectContaining({ type: expect.any(String), title: expect.any(String), status, detail: expect.any(String), code }),
  );
  expect(body.error).toEqual(expect.objectContaining({ code, status, detail: body.detail }));
  return body as { type: string; title: string; status: number; detail: string; code: string };
}

// Logins are rate limited (10 per email per 10 minutes), so each worker logs in once per account.
async function authFor(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string | undefined, who: Who): Promise<Auth> {
  const request = await playwright.request.newContext({ baseURL });
  try {
    const user = await login(request, who);
    return { user, write: basic(user.email, user.auth_token), read: basic(user.email, user.auth_token_read_only) };
  } finally {
    await request.dispose();
  }
}

export const test = base.extend<object, { owner: Auth; rival: Auth }>({
  owner: [async ({ playwright }, use, info) => use(await authFor(playwright, info.project.use.baseURL, "owner")), { scope: "worker" }],
  rival: [async ({ playwright }, use, info) => use(await authFor(playwright, info.project.use.baseURL, "rival")), { scope: "worker" }],
});

export { expect };

export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/**
 * A raw request: the path goes out exactly as written, with no client-side normalisation, and the
 * body comes back as the server sent it (not decompressed).
 */
export function rawRequest(
  baseURL: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end(body);
  });
}
