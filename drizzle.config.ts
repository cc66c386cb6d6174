import { defineConfig } from "drizzle-kit";

// Migrations are generated from the app's tables (lib/db/schema/*.ts) and the built-in sandbox's
// (sandbox/schema.ts) with `npm run db:generate`, and applied at start-up.
export default defineConfig({
  dialect: "postgresql",
  schema: ["./lib/db/schema/*.ts", "./sandbox/schema.ts", "./sandbox/square/schema.ts", "./sandbox/toast/schema.ts"],
  out: "./lib/db/migrations",
});
