import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security-headers";

const nextConfig: NextConfig = {
  // PGlite loads its WebAssembly and data files from its own package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pino"],
  // Separate build folders let the e2e suite and the benchmark build without touching `npm start`s.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return securityHeaders({ appUrl: process.env.APP_URL, development: process.env.NODE_ENV === "development" });
  },
};

export default nextConfig;
