// The app's security headers, in one place, decided when the server starts (never at build time: a
// build serves wherever it is deployed, and HSTS must follow the APP_URL it is served with, as the
// session cookie's Secure does). The production server (server.ts) sets them on every answer (pages,
// API, static files); the development server serves the same list through next.config.ts, which
// `next dev` reads when it starts. Decision 020. No imports: server.ts compiles it on its own.

export type Header = { key: string; value: string };
export type SecuritySettings = { appUrl: string | undefined; development: boolean };

/** Content-Security-Policy for a page; `frameAncestors` says who may frame it. */
function contentSecurityPolicy({ frameAncestors, development }: { frameAncestors: string; development: boolean }) {
  return [
    "default-src 'self'",
    // Next.js inlines its bootstrap scripts; development adds eval for fast refresh.
    `script-src 'self' 'unsafe-inline'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Beer labels come from the catalogue's image hosts.
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/**
 * The two header sets. The public menu board (/preview/menus/…) may be embedded by any site (a venue's
 * website shows it in a frame); nothing else may be framed. HSTS only when the app is published on https
 * (APP_URL): over http browsers ignore it, and a local http server must not pin itself to https.
 */
function headerSets({ appUrl, development }: SecuritySettings): { page: Header[]; board: Header[] } {
  const common = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ...(appUrl?.toLowerCase().startsWith("https:")
      ? [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }]
      : []),
  ];
  const csp = (frameAncestors: string) => ({
    key: "Content-Security-Policy",
    value: contentSecurityPolicy({ frameAncestors, development }),
  });
  return { page: [...common, csp("'none'")], board: [...common, csp("*")] };
}

/** Whether a path is the public board's (what `/preview/menus/:path*` matches). */
const isBoardPath = (pathname: string) => pathname === "/preview/menus" || pathname.startsWith("/preview/menus/");

/**
 * For the production server: the headers of a request's answer, by its target (`req.url`). The path is
 * normalised first (dot segments, percent-encoded dots), as the router will see it, so no spelling of a
 * dashboard path passes for the board's.
 */
export function securityHeaders(settings: SecuritySettings): (target: string) => Header[] {
  const { page, board } = headerSets(settings);
  return (target) => {
    let pathname: string;
    try {
      pathname = new URL(target, "http://taproom.invalid").pathname;
    } catch {
      return page;
    }
    return isBoardPath(pathname) ? board : page;
  };
}

/** For the development server: the same sets as next.config.ts header rules (where two match, the later wins). */
export function securityHeaderRules(settings: SecuritySettings) {
  const { page, board } = headerSets(settings);
  return [
    { source: "/:path*", headers: page },
    { source: "/preview/menus/:path*", headers: board },
  ];
}
