import { env } from "@/lib/server/env";

// Paged answers link to further pages (`pagination.next_url`, `since_url`) on the upstream's own host:
// the sandbox's in-process address or the platform's, neither of which the caller can use. Through the
// forwarder they name the same call on the host and under the prefix the caller used.

const CREDENTIALS = new Set(["client_id", "client_secret", "access_token"]);
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const first = (value: string | null) => value?.split(",")[0]?.trim() || undefined;

/**
 * The origin the caller addressed: the host it asked for (X-Forwarded-Host from a proxy, else Host;
 * request.url is not it, Next.js builds that from its own hostname, "localhost" when bound to 127.0.0.1),
 * with APP_URL's scheme when that is the host (a TLS proxy in front), else X-Forwarded-Proto's or the
 * request's. A host that is not a plain host name or address is not used.
 */
export function callerOrigin(request: Request): string {
  const url = new URL(request.url);
  const host = [first(request.headers.get("x-forwarded-host")), first(request.headers.get("host"))].find(
    (value) => value && HOST.test(value),
  );
  if (!host) return url.origin;
  const appUrl = env().APP_URL;
  if (appUrl && new URL(appUrl).host === host.toLowerCase()) return new URL(appUrl).origin;
  const proto = first(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  const scheme = proto === "https" || proto === "http" ? proto : url.protocol.slice(0, -1);
  return new URL(`${scheme}://${host}`).origin;
}

/**
 * `{api_url}` as this caller uses it: its origin and the path before the forwarder's `/v4`
 * (`http://127.0.0.1:3000/api`), with that `/v4` when the caller's paths repeat it (`/api/v4/v4/…`).
 */
export function callerApiRoot(request: Request, segments: string[]): string {
  const path = new URL(request.url).pathname;
  const at = path.search(/\/v4(?:\/|$)/);
  const prefix = at >= 0 ? path.slice(0, at) : "";
  return `${callerOrigin(request)}${prefix}${segments[0] === "v4" ? "/v4" : ""}`;
}

/**
 * Every link into the upstream's API (`{upstream}/v4/…`) in a JSON answer, turned into the same call
 * under `root` (the caller's `{api_url}`), with any credential parameter removed. Other text and other
 * links are left alone; an answer without such a link is returned as it came.
 */
export function rewriteApiLinks(body: string, upstream: string, root: string): string {
  const api = new URL(upstream);
  if (!body.includes(api.host)) return body;
  const base = `${api.pathname.replace(/\/$/, "")}/v4`;
  let changed = false;
  const relink = (text: string): string => {
    if (!/^https?:\/\//i.test(text)) return text;
    let link: URL;
    try {
      link = new URL(text);
    } catch {
      return text;
    }
    if (link.host !== api.host || !(link.pathname === base || link.pathname.startsWith(`${base}/`))) return text;
    for (const name of [...link.searchParams.keys()]) if (CREDENTIALS.has(name.toLowerCase())) link.searchParams.delete(name);
    changed = true;
    return `${root}${link.pathname.slice(base.length - "/v4".length)}${link.search}`;
  };
  const visit = (value: unknown): unknown => {
    if (typeof value === "string") return relink(value);
    if (Array.isArray(value)) return value.map(visit);
    if (value !== null && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
    return value;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  const rewritten = visit(parsed);
  return changed ? JSON.stringify(rewritten) : body;
}
