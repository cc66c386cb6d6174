import path from "node:path";
import { defineConfig } from "vitest/config";

const shared = {
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
};

// Every database-backed suite runs on a fresh in-memory PGlite per file, and again on a fresh
// PostgreSQL database per file when TEST_DATABASE_URL is set.
const projects = [
  { ...shared, test: { name: "pglite", include: ["test/**/*.test.ts"], setupFiles: ["test/setup.ts"], env: { TEST_DB: "pglite" } } },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    ...shared,
    test: { name: "postgres", include: ["test/**/*.test.ts"], setupFiles: ["test/setup.ts"], env: { TEST_DB: "postgres" } },
  });
}

export default defineConfig({
  ...shared,
  test: {
    projects,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
