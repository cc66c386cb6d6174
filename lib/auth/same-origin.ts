import { env } from "@/lib/server/env";
import { ApiError } from "@/lib/server/errors";

// Cookies ride along with requests other sites start, so a cookie-authenticated request that changes
// something must prove it comes from this app's own pages. Basic-auth callers are not subject to it.

const crossSite = (detail: string) => new ApiError("cross_site_request", detail);

/**
 * The hosts this app is served as: the Host the browser addressed (and, only behind a trusted proxy,
 * the X-Forwarded-Host it sets: without one, any client could send that header), the request URL's,
 * and APP_URL's. Hosts, not origins: Next.js builds request.url from its own hostname ("localhost" when
 * bound to 127.0.0.1), and behind a TLS proxy the scheme the browser saw is not the one we are served
 * on. A browser never lets a page forge Host or Origin.
 */
export function ownHosts(request: Request): string[] {
  const hosts = [new URL(request.url).host];
  const trusted = env().TRUSTED_PROXY_COUNT > 0 ? ["host", "x-forwarded-host"] : ["host"];
  for (const header of trusted) {
    const value = request.headers.get(header)?.split(",")[0]?.trim().toLowerCase();
    if (value) hosts.push(value);
  }
  const appUrl = env().APP_URL;
  if (appUrl) hosts.push(new URL(appUrl).host);
  return hosts;
}

function hostOf(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.host : null;
  } catch {
    return null; // "null" (sandboxed frames, some redirects) or garbage
  }
}

/** Refuses a request the browser marks as started by another site (Sec-Fetch-Site: cross-site or same-site). */
export function assertNotCrossSite(request: Request): void {
  const site = request.headers.get("sec-fetch-site")?.trim().toLowerCase();
  if (site === "cross-site" || site === "same-site") {
    throw crossSite("This request was started by another site. Use Taproom's own pages, or authenticate with Basic email:token.");
  }
}

/** Refuses unless the request carries an Origin header naming this app (and is not marked cross-site). */
export function assertSameOrigin(request: Request): void {
  assertNotCrossSite(request);
  const origin = request.headers.get("origin");
  if (!origin) throw crossSite("A signed-in browser request that changes something must carry this site's Origin header.");
  const presented = hostOf(origin);
  if (!presented || !ownHosts(request).includes(presented)) {
    throw crossSite(`Origin ${origin} is not this site. Use Taproom's own pages, or authenticate with Basic email:token.`);
  }
}

/**
 * For GET requests with effects (the platform calls that act as the user): the browser must show the
 * request came from this site, by a matching Origin or by Sec-Fetch-Site: same-origin.
 */
export function assertSameOriginFetch(request: Request): void {
  assertNotCrossSite(request);
  if (request.headers.get("sec-fetch-site")?.trim().toLowerCase() === "same-origin") return;
  assertSameOrigin(request);
}

/** assertSameOriginFetch as yes or no, for pages that answer in HTML rather than problem+json. */
export function isSameOriginFetch(request: Request): boolean {
  try {
    assertSameOriginFetch(request);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}
