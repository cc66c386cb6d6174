import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER } from "next/constants";
import { securityHeaderRules } from "./lib/server/security-headers";

// A function of the phase (Next.js's documented form): the security headers are served by the
// development server only. A build must not bake them in: `next build` writes header rules into its
// output, and they would then follow the settings the build ran with instead of the ones the server
// runs with (HSTS needs APP_URL's). The production server (server.ts) sets them at run time. Decision 020.
export default function nextConfig(phase: string): NextConfig {
  return {
    // PGlite loads its WebAssembly and data files from its own package folder at run time; pdfkit its font metrics.
    serverExternalPackages: ["@electric-sql/pglite", "pino", "pdfkit"],
    // Separate build folders let the e2e suite and the benchmark build without touching `npm start`s.
    distDir: process.env.NEXT_DIST_DIR || ".next",
    // The e2e suite's build (playwright.config.ts) runs after `npm test`'s lint gate, whose `tsc --noEmit`
    // checks the same files: NEXT_SKIP_TYPE_CHECK=1 skips Next.js's second check of them (its documented
    // `typescript.ignoreBuildErrors`). Every other build (`npm start`, `npm run build`, the benches) fails
    // on a type error as before.
    typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPE_CHECK === "1" },
    poweredByHeader: false,
    reactStrictMode: true,
    // Answers are compressed by the production server (server.ts: br and gzip), not again by Next.js,
    // whose compression is gzip only (live-menus §2 asks for br too on the full menu).
    compress: false,
    async rewrites() {
      // Every v1 path also answers with a `.json` suffix (contract §3): `/api/v1/menus/1.json` is
      // `/api/v1/menus/1`, query included, for integrations written against paths that end in .json.
      // Before the file system: `/api/v1/menus/[id]` would otherwise take `1.json` as the id.
      return {
        beforeFiles: [{ source: "/api/v1/:path(.+)\\.json", destination: "/api/v1/:path" }],
        afterFiles: [],
        fallback: [],
      };
    },
    ...(phase === PHASE_DEVELOPMENT_SERVER
      ? { headers: async () => securityHeaderRules({ appUrl: process.env.APP_URL, development: true }) }
      : {}),
  };
}
