import type { NextConfig } from "next";
import { securityHeaders } from "./lib/server/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pino"],
  // Separate build folders let the e2e suite and the benchmark build without touching `npm start`s.
  distDir: process.env.NEXT_DIST_DIR || ".next",
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
  async headers() {
    return securityHeaders({ appUrl: process.env.APP_URL, development: process.env.NODE_ENV === "development" });
  },
};

export default nextConfig;
