import { getDb } from "@/lib/db/client";
import { readBodyText, readFormBody } from "@/lib/http/body";
import { ApiError } from "@/lib/server/errors";
import { errorFields, log } from "@/lib/server/log";
import { authenticateCall, isKnownClient, isRefusedAgent, refusedAgentError } from "./auth";
import type { Ctx } from "./context";
import { viewerFor } from "./data/relations";
import { unreadCounts } from "./data/notifications";
import { errorResponse, successResponse, type RateHeaders } from "./envelope";
import { invalidParam, SandboxError, tokenRequired } from "./errors";
import { authenticate, type ConsentContext } from "./oauth/authenticate";
import { budgetKey, countCall, hourlyLimit, limitError, peekRemaining } from "./rate";
import { neutralNames } from "./params";
import { matchRoute } from "./routes";
import { ensureSandboxData } from "./seed/ensure";

export type SandboxOptions = {
  /** Calls per hour per app and per user (default 100, or what setSandboxHourlyLimit set). */
  hourlyLimit?: number;
  /** The clock, for tests of windows and code expiry. */
  now?: Date;
};

const CREDENTIALS = new Set(["client_id", "client_secret", "access_token"]);

/** Splits `/sandbox/v4/beer/info/1` into the API root (`/sandbox`) and the segments after it. */
function locate(pathname: string): { root: string; segments: string[] } | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  const found = /^(.*?)\/((?:v4|oauth)(?:\/.*)?)$/.exec(trimmed);
  if (!found) return null;
  try {
    return { root: found[1]!, segments: found[2]!.split("/").map(decodeURIComponent) };
  } catch {
    throw invalidParam("The path is not validly percent-encoded.");
  }
}

/** Query parameters without credentials, then POST body fields (form or JSON) on top. */
async function readParams(request: Request, url: URL): Promise<Record<string, string>> {
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) if (!CREDENTIALS.has(name) && !params.has(name)) params.set(name, value);
  if (request.method === "POST") {
    for (const [name, value] of await bodyFields(request)) if (!CREDENTIALS.has(name)) params.set(name, value);
  }
  return neutralNames(Object.fromEntries(params));
}

async function bodyFields(request: Request): Promise<[string, string][]> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") {
    const form = await readFormBody(request).catch((error: unknown) => {
      throw error instanceof ApiError
        ? new SandboxError(413, "invalid_request", error.message)
        : invalidParam("The form body could not be read.");
    });
    return [...form].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : []));
  }
  if (type === "application/json") {
    const text = await readBodyText(request).catch((error: unknown) => {
      throw error instanceof ApiError ? new SandboxError(413, "invalid_request", error.message) : error;
    });
    if (text.trim() === "") return [];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidParam("The body is not valid JSON.");
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalidParam("The JSON body must be an object.");
    return Object.entries(body).flatMap(([name, value]) =>
      ["string", "number", "boolean"].includes(typeof value) ? [[name, String(value)] as [string, string]] : [],
    );
  }
  return [];
}

/** The budget an answer refused before counting reports: the named app's, untouched. */
async function uncountedRate(url: URL, limit: number, now: Date): Promise<RateHeaders> {
  const clientId = url.searchParams.get("client_id") ?? undefined;
  if (!isKnownClient(clientId)) return { limit, remaining: limit };
  try {
    return await peekRemaining(await getDb(), budgetKey(clientId, null), limit, now);
  } catch {
    return { limit, remaining: limit };
  }
}

/**
 * The sandbox upstream: the public v4 API under `<root>/v4/…` and the code exchange under
 * `<root>/oauth/authorize`, answered in-process from the sandbox tables (the forwarder's transport is
 * its only caller: nothing of it is served over HTTP). Works without any network.
 */
export async function handleSandbox(request: Request, options: SandboxOptions = {}): Promise<Response> {
  const startedAt = performance.now();
  const now = options.now ?? new Date();
  const limit = hourlyLimit(options.hourlyLimit);
  const url = new URL(request.url);
  let rate: RateHeaders | null = null;
  try {
    const located = locate(url.pathname);
    if (isRefusedAgent(request.headers.get("user-agent"))) throw refusedAgentError();
    if (!located) throw new SandboxError(404, "invalid_method", "Invalid API endpoint.");
    const { route, path } = matchRoute(request.method, located.segments);
    const db = await getDb();
    await ensureSandboxData(db);

    const { clientId, via, user } = await authenticateCall(db, url.searchParams);
    // The code exchange is the app proving itself: its secret, never a token, however the rest is called.
    if (route.access === "app" && via !== "credentials") {
      throw new SandboxError(401, "invalid_auth", "The code exchange needs client_id and client_secret, as query parameters.");
    }
    if (route.access === "user" && !user) throw tokenRequired();
    const counted = await countCall(db, budgetKey(clientId, user?.id ?? null), limit, now);
    rate = counted;
    if (!counted.allowed) {
      return errorResponse(limitError(user?.id ?? null), counted, { "Retry-After": String(counted.retryAfterSeconds) });
    }

    const ctx: Ctx = {
      db,
      now,
      params: await readParams(request, url),
      path,
      clientId,
      viewer: await viewerFor(db, user),
      apiRoot: `${url.origin}${located.root}`,
      routePath: `/${located.segments.map(encodeURIComponent).join("/")}`,
    };
    const initDoneAt = performance.now();
    const response = await route.handler(ctx);
    const notifications = user ? await unreadCounts(db, user) : {};
    return successResponse(response, notifications, counted, { startedAt, initDoneAt });
  } catch (error) {
    const failure = error instanceof SandboxError ? error : unexpected(error);
    return errorResponse(failure, rate ?? (await uncountedRate(url, limit, now)));
  }
}

function unexpected(error: unknown) {
  log().error(errorFields(error), "v4 sandbox: unexpected failure");
  return new SandboxError(500, "server_error", "The sandbox failed to answer this request.");
}

/**
 * OAuth steps 1 and 2, the one part of the sandbox a browser sees (app/sandbox/oauth/authenticate):
 * the consent page, for the account signed in in that browser, and its decision.
 */
export async function handleConsent(request: Request, context: ConsentContext): Promise<Response> {
  return authenticate(request, await getDb(), context);
}
