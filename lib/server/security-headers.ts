// The app's security headers, in one place: next.config.ts serves them on every response (pages, API,
// static files), with no code on the request path.

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
 * The header sets by path; where two match, Next.js lets the later one's value win. The public menu board (/preview/menus/…) may be embedded by any site (a
 * venue's website shows it in a frame); nothing else may be framed. HSTS only when the app is
 * published on https (APP_URL at build time): over http browsers ignore it, and a local http
 * server must not pin itself to https.
 */
export function securityHeaders({ appUrl, development }: { appUrl: string | undefined; development: boolean }) {
  const common = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    ...(appUrl?.toLowerCase().startsWith("https:")
      ? [{ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" }]
      : []),
  ];
  return [
    {
      source: "/:path*",
      headers: [...common, { key: "Content-Security-Policy", value: contentSecurityPolicy({ frameAncestors: "'none'", development }) }],
    },
    {
      source: "/preview/menus/:path*",
      headers: [...common, { key: "Content-Security-Policy", value: contentSecurityPolicy({ frameAncestors: "*", development }) }],
    },
  ];
}
