import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pino"],
  // Separate build folders let the e2e suite and the benchmark build without touching `npm start`s.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  async rewrites() {
    // Every v1 path also answers with a `.json` suffix (contract §3): `/api/v1/menus/1.json` is
    // `/api/v1/menus/1`, query included, for integrations written against paths that end in .json.
    // The reads boards, websites and POS systems poll (and the caller and sizes every integration
    // reads first) are served past the route-handler pipeline: by
    // the same route functions, through Pages Router API routes (lib/api/node-route.ts, pages/api/node/).
    // A rewrite cannot match a method, so the adapter serves every verb of the module: a write to these
    // paths is the same write.
    return {
      beforeFiles: [
        { source: "/api/v1/:path(.+)\\.json", destination: "/api/v1/:path" },
        { source: "/api/v1/menus/:id", has: [{ type: "query", key: "full" }], destination: "/api/node/menus/:id" },
        { source: "/api/v1/locations/:id", destination: "/api/node/locations/:id" },
        { source: "/api/v1/locations/:id/:list(events|hours|menus)", destination: "/api/node/locations/:id/:list" },
        { source: "/api/v1/current_user", destination: "/api/node/current-user" },
        { source: "/api/v1/container_sizes", destination: "/api/node/container-sizes" },
      ],
      afterFiles: [],
      fallback: [],
    };
  },
  async headers() {
    return securityHeaders({ appUrl: process.env.APP_URL, development: process.env.NODE_ENV === "development" });
  },
};

export default nextConfig;
