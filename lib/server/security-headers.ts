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
 * An embedded menu's policy (GET /embed/menus/:id, venue-operations §9): the page policy, framed only by
 * the location's `embed_origins` (validated origins, lib/locations/schemas.ts); none listed: no one.
 * The embed's route sets it on its answer, so the server sets no other policy on /embed/ paths.
 */
export function embedContentSecurityPolicy(origins: readonly string[]): string {
  return contentSecurityPolicy({ frameAncestors: origins.length > 0 ? origins.join(" ") : "'none'", development: false });
}

/**
 * The header sets. The menu display (/preview/menus/…) may be embedded by any site (a venue's
 * website shows it in a frame); nothing else may be framed. HSTS only when the app is published on https
 * (APP_URL): over http browsers ignore it, and a local http server must not pin itself to https.
 */
function headerSets({ appUrl, development }: SecuritySettings): { page: Header[]; board: Header[]; embed: Header[]; print: Header[] } {
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
  // The printed menu (a PDF) is previewed in a frame of the dashboard's own pages.
  return { page: [...common, csp("'none'")], board: [...common, csp("*")], embed: common, print: [...common, csp("'self'")] };
}

/** Whether a path is the menu display's (what `/preview/menus/:path*` matches). */
const isBoardPath = (pathname: string) => pathname === "/preview/menus" || pathname.startsWith("/preview/menus/");
/** Whether a path is an embedded menu's, whose answer carries its own policy (embedContentSecurityPolicy). */
const isEmbedPath = (pathname: string) => pathname.startsWith("/embed/menus/");
/** Whether a path is a printed menu's (GET /api/v1/menus/:id/print.pdf), which the dashboard frames. */
const isPrintPath = (pathname: string) => /^\/api\/v1\/menus\/[^/]+\/print\.pdf$/.test(pathname);

/**
 * For the production server: the headers of a request's answer, by its target (`req.url`). The path is
 * normalised first (dot segments, percent-encoded dots), as the router will see it, so no spelling of a
 * dashboard path passes for the board's.
 */
export function securityHeaders(settings: SecuritySettings): (target: string) => Header[] {
  const { page, board, embed, print } = headerSets(settings);
  return (target) => {
    let pathname: string;
    try {
      pathname = new URL(target, "http://taproom.invalid").pathname;
    } catch {
      return page;
    }
    if (isBoardPath(pathname)) return board;
    if (isEmbedPath(pathname)) return embed;
    return isPrintPath(pathname) ? print : page;
  };
}

/** For the development server: the same sets as next.config.ts header rules (where two match, the later wins). */
export function securityHeaderRules(settings: SecuritySettings) {
  const { page, board, embed, print } = headerSets(settings);
  return [
    { source: "/:path((?!embed/menus/).*)", headers: page },
    { source: "/embed/menus/:path*", headers: embed },
    { source: "/preview/menus/:path*", headers: board },
    { source: "/api/v1/menus/:id/print.pdf", headers: print },
  ];
}
