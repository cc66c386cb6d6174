import { defineConfig } from "drizzle-kit";

// Migrations are generated from lib/db/schema.ts with `npm run db:generate` and applied at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
});
