import type { Db } from "@/lib/db/client";
import { upstreamConfig, type UpstreamConfig } from "./config";
import { readCache, shared, writeCache, type UpstreamAnswer } from "./cache";
import { type BusinessShare, spend, spendShare, syncRemaining, type Budget } from "./budget";
import { V4Error } from "./errors";
import { transportFor } from "./transport";
import { readLimitedText } from "@/lib/server/outbound/limited-body";
import type { EndpointMatch } from "./endpoints";
import { neutralParam, platformParam } from "./platform-names";

/**
 * Only the parameters the endpoint documents, under the spec's words (a platform name such as
 * foursquare_id counts as its word, directory_id), sorted: what goes upstream and into the cache key. No
 * endpoint documents a credential, so whatever client_id, client_secret or access_token a caller sent
 * (query or form) is dropped here; sendUpstream adds the forwarder's own.
 */
function documentedOnly(params: URLSearchParams, documented: readonly string[]): URLSearchParams {
  const kept = new URLSearchParams();
  const renamed = new Map<string, string[]>();
  for (const [name, value] of params) {
    const neutral = neutralParam(name);
    if (!documented.includes(neutral)) continue;
    if (neutral === name) kept.append(name, value);
    else renamed.set(neutral, [...(renamed.get(neutral) ?? []), value]);
  }
  for (const [neutral, values] of renamed) {
    const given = kept.getAll(neutral);
    if (given.length === 0) for (const value of values) kept.append(neutral, value);
    else if (values.some((value) => !given.includes(value))) {
      throw new V4Error(400, "invalid_param", `${platformParam(neutral)} and ${neutral} name the same parameter: send one of them.`);
    }
  }
  kept.sort();
  return kept;
}

/** The same parameters in the platform's own names, for a real platform (the sandbox takes the spec's). */
function inPlatformNames(params: URLSearchParams): URLSearchParams {
  const renamed = new URLSearchParams();
  params.forEach((value, name) => {
    renamed.append(platformParam(name), value);
  });
  return renamed;
}

/**
 * The most of one upstream answer read (decision 076), counted as it streams: the platform's largest
 * answers (a search of 50 beers, a venue's full details) are tens of KiB; an answer past this is not one
 * of them, and is cut before it can fill the heap.
 */
export const MAX_UPSTREAM_BYTES = 2 * 1024 * 1024;

const PASSED_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining", "retry-after"];

/**
 * The credentials this call sent, wherever an upstream might repeat them (an echoed URL, an error
 * message): raw, URL-encoded and JSON-escaped. None of them may reach the caller.
 */
function redactor(secrets: (string | undefined)[]) {
  const forms = secrets
    .filter((secret): secret is string => !!secret && secret.length >= 8)
    .flatMap((secret) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  return (text: string) => forms.reduce((result, secret) => result.split(secret).join("[redacted]"), text);
}

/** One request to the upstream with the app's credentials, a time limit, and normalised failures. */
export async function sendUpstream(
  config: UpstreamConfig,
  { url, method, accessToken, form }: { url: URL; method: string; accessToken?: string; form?: URLSearchParams },
): Promise<UpstreamAnswer> {
  url.searchParams.set("client_id", config.clientId);
  url.searchParams.set("client_secret", config.clientSecret);
  if (accessToken) url.searchParams.set("access_token", accessToken);
  const request = new Request(url, {
    method,
    headers: {
      "user-agent": config.userAgent,
      accept: "application/json",
      ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
    },
    body: form?.toString(),
    signal: AbortSignal.timeout(config.timeoutMs),
  });
  const transport = await transportFor(config);
  let response: Response;
  let body: string;
  try {
    response = await withDeadline(transport(request), config.timeoutMs);
    const read = await withDeadline(readLimitedText(response, MAX_UPSTREAM_BYTES), config.timeoutMs);
    if (read.tooBig) {
      throw new V4Error(502, "upstream_too_large", `The beer platform's answer is larger than ${MAX_UPSTREAM_BYTES / 1024 / 1024} MiB.`);
    }
    body = read.text;
  } catch (error) {
    if (error instanceof V4Error) throw error;
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    if (timedOut) throw new V4Error(504, "upstream_timeout", `The beer platform did not answer within ${config.timeoutMs} ms.`);
    throw new V4Error(502, "upstream_unreachable", "The beer platform could not be reached.");
  }
  body = redactor([config.clientSecret, accessToken])(body);
  try {
    JSON.parse(body);
  } catch {
    throw new V4Error(502, "upstream_malformed", `The beer platform answered ${response.status} with a body that is not JSON.`);
  }
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return { status: response.status, body, headers };
}

// An in-process transport ignores the abort signal; the deadline still holds.
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error("upstream deadline"), { name: "TimeoutError" })), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export type CallResult = UpstreamAnswer & { cache: "HIT" | "MISS" | null };

/**
 * A call as the forwarder makes it: only the endpoint's documented parameters go on; public lookups
 * come from the shared cache when they can (no budget spent), identical lookups in flight share one
 * upstream call, and every upstream call is paid for first: from the business's share of the hour
 * (`share`), when the call is made for one, and from the budget the upstream counts (`budget`).
 */
export async function callUpstream(
  db: Db,
  input: {
    endpoint: EndpointMatch;
    query: URLSearchParams;
    form?: URLSearchParams;
    accessToken?: string;
    budget: Budget;
    share?: BusinessShare;
  },
): Promise<CallResult> {
  const config = upstreamConfig();
  const query = documentedOnly(input.query, input.endpoint.params);
  const form = input.form && documentedOnly(input.form, input.endpoint.params);
  // The sandbox speaks the spec's words; a real platform gets its own names for them.
  const own = !config.sandbox;
  const url = new URL(`${config.apiUrl}${own ? input.endpoint.platformPath : input.endpoint.upstreamPath}`);
  (own ? inPlatformNames(query) : query).forEach((value, name) => {
    url.searchParams.append(name, value);
  });
  const sentForm = form && own ? inPlatformNames(form) : form;
  const call = async () => {
    if (input.share) await spendShare(db, input.share);
    await spend(db, input.budget);
    const answer = await sendUpstream(config, {
      url: new URL(url),
      method: input.endpoint.method,
      accessToken: input.accessToken,
      form: sentForm,
    });
    const remaining = Number(answer.headers["x-ratelimit-remaining"]);
    if (answer.headers["x-ratelimit-remaining"] !== undefined) await syncRemaining(db, input.budget, remaining);
    return answer;
  };

  if (!input.endpoint.cacheSeconds) return { ...(await call()), cache: null };
  const key = `${input.endpoint.method} ${input.endpoint.upstreamPath}?${query}`;
  const cached = await readCache(db, key);
  if (cached) return { ...cached, cache: "HIT" };
  const ttl = input.endpoint.cacheSeconds === "feed" ? Math.min(60, config.cacheTtlSeconds) : config.cacheTtlSeconds;
  const answer = await shared(key, async () => {
    const fresh = await call();
    if (fresh.status === 200) await writeCache(db, key, fresh, ttl);
    return fresh;
  });
  return { ...answer, cache: "MISS" };
}
