import { env } from "@/lib/env";
import { ApiError } from "@/lib/api/errors";

// Cookies ride along with requests other sites start, so a cookie-authenticated request that changes
// something must prove it comes from this app's own pages. Basic-auth callers are not subject to it.

const crossSite = (detail: string) => new ApiError("cross_site_request", detail);

/** The origins this app is served from: the request's own and, when set, APP_URL's. */
export function ownOrigins(request: Request): string[] {
  const origins = [new URL(request.url).origin];
  const appUrl = env().APP_URL;
  if (appUrl) origins.push(new URL(appUrl).origin);
  return origins;
}

function normalised(origin: string): string | null {
  try {
    return new URL(origin).origin;
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
  const presented = normalised(origin);
  if (!presented || !ownOrigins(request).includes(presented)) {
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
