import type { Db } from "@/lib/db/client";
import type { Caller } from "@/lib/auth/caller";
import { assertSameOriginFetch } from "@/lib/auth/same-origin";
import { upstreamConfig } from "./config";
import { matchEndpoint } from "./endpoints";
import { callUpstream } from "./client";
import { appBudget, type BusinessShare, businessShare, userBudget } from "./budget";
import { accessTokenFor } from "./accounts";
import { V4Error } from "./errors";
import { keepForwardedBeers } from "./catalogue";
import { callerApiRoot, rewriteApiLinks } from "./links";
import { parseFormText, parseJsonBody, readBodyText } from "@/lib/http/body";

// A path segment that could reach anything but the endpoint it names is refused before matching.
const UNSAFE_SEGMENT = /^\.{1,2}$|[/\\%?#\u0000-\u001f]/;

async function formOf(request: Request): Promise<URLSearchParams | undefined> {
  if (request.method !== "POST") return undefined;
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  const text = await readBodyText(request);
  if (text.trim() === "") return new URLSearchParams();
  if (type === "application/x-www-form-urlencoded") return new URLSearchParams(text);
  if (type === "application/json") {
    const parsed = parseJsonBody(text);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new V4Error(400, "invalid_param", "The body must be a JSON object.");
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(parsed)) if (value !== null && value !== undefined) form.append(name, String(value));
    return form;
  }
  if (type === "multipart/form-data") {
    // What browsers' FormData and many HTTP libraries send: its text fields, as the sandbox reads it (files dropped).
    const parts = await parseFormText(text, request.headers.get("content-type")!).catch(() => {
      throw new V4Error(400, "invalid_param", "The multipart body could not be read.");
    });
    const form = new URLSearchParams();
    for (const [name, value] of parts) if (typeof value === "string") form.append(name, value);
    return form;
  }
  throw new V4Error(415, "invalid_param", "Send parameters as a query string, a form body (urlencoded or multipart) or a JSON object.");
}

const NO_ENDPOINT = () => new V4Error(404, "invalid_method", "No such beer-platform endpoint.");

/**
 * The methods a path takes (HEAD with GET unless the call changes something, and OPTIONS), or null
 * when no endpoint lives there.
 */
export function allowedMethods(segments: string[]): string | null {
  if (segments.some((segment) => UNSAFE_SEGMENT.test(segment) || segment === "")) return null;
  const found = (["GET", "POST"] as const).flatMap((method) => {
    const endpoint = matchEndpoint(method, segments);
    return endpoint ? [{ method, endpoint }] : [];
  });
  if (found.length === 0) return null;
  const methods = found.flatMap(({ method, endpoint }) => (method === "GET" && !endpoint.writes ? ["GET", "HEAD"] : [method]));
  return [...methods, "OPTIONS"].join(", ");
}

/** Query parameters with the body's fields on top (a field in both: the body's). */
function withBody(query: URLSearchParams, form: URLSearchParams): URLSearchParams {
  const merged = new URLSearchParams(query);
  for (const name of new Set(form.keys())) {
    merged.delete(name);
    for (const value of form.getAll(name)) merged.append(name, value);
  }
  return merged;
}

/**
 * /api/v4/…: forwards one allow-listed call. Public lookups use the app's credentials and budget;
 * "auth: yes" calls act as the caller's connected account, need the read-write token, and spend that
 * user's budget. The answer's status, body and rate headers are the upstream's.
 */
export async function forward(db: Db, { request, caller, segments }: { request: Request; caller: Caller; segments: string[] }) {
  const allow = allowedMethods(segments);
  if (!allow) throw NO_ENDPOINT();
  // HEAD is a GET whose body is not sent: same checks, same budget, same cache; never for a call that
  // changes something. A call clients send with the other method (friend/*, wishlist add/delete, toast)
  // goes upstream with the spec's.
  const endpoint = matchEndpoint(request.method === "HEAD" ? "GET" : request.method, segments);
  if (!endpoint || (request.method === "HEAD" && endpoint.writes))
    throw new V4Error(405, "invalid_method", `${request.method} is not offered on this endpoint.`, { allow });
  const config = upstreamConfig();
  let accessToken: string | undefined;
  let budget = appBudget(config.clientId, config.hourlyLimit);
  let share: BusinessShare | undefined = businessShare(caller.user.businessId, config);
  if (endpoint.access === "user") {
    if (caller.access !== "write")
      throw new V4Error(403, "not_allowed", "This call acts as your beer-platform account: use the read-write token.");
    // Some of these act through GET (wishlist/add, friend/request…), and SameSite=Lax sends the cookie
    // on another site's links: a cookie caller must show the call comes from this site, whatever the method.
    if (caller.via === "session") assertSameOriginFetch(request);
    accessToken = (await accessTokenFor(db, caller.user.id)) ?? undefined;
    if (!accessToken) {
      throw new V4Error(403, "not_connected", "Connect your beer-platform account first: GET /api/v4/oauth/connect.");
    }
    budget = userBudget(caller.user.id, config.hourlyLimit);
    share = undefined; // the user's own budget: no other tenant draws on it
  }
  const received = await formOf(request);
  const url = new URL(request.url);
  // A GET call sent as POST: its body's fields travel in the upstream query.
  const [query, form] =
    endpoint.method === "GET" && received ? [withBody(url.searchParams, received), undefined] : [url.searchParams, received];
  const answer = await callUpstream(db, { endpoint, query, form, accessToken, budget, share });
  // A beer passed on is a beer seen: the catalogue search finds it and an add needs no call (decision 061).
  if (answer.cache === "MISS") await keepForwardedBeers(db, endpoint.name, answer);
  const body = request.method === "HEAD" ? null : rewriteApiLinks(answer.body, config.apiUrl, callerApiRoot(request, segments));
  return new Response(body, {
    status: answer.status,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      ...answer.headers,
      ...(answer.cache ? { "x-cache": answer.cache } : {}),
    },
  });
}
