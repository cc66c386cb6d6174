// How Node runs the production server: `npm start` (scripts/start.mjs) and the scripts that start it to
// measure it (scripts/app-process.ts: the soak, the benchmarks) alike. Decision 069.
//
// On the embedded default (no DATABASE_URL: one small machine, the database inside the process) the
// server runs with the small-server profile, which keeps it under 256 MiB resident under the soak's
// load (npm run soak -- --embedded):
//   --max-old-space-size   V8's old generation capped at SERVER_HEAP_MB (128 by default). Without a cap
//                          V8 sizes the heap for the machine's memory and lets garbage pile up to
//                          ~260 MiB before collecting; the live set under load is ~45–70 MiB.
//   --max-semi-space-size  the young generation's halves at 4 MiB instead of 16.
//   --liftoff-only         the embedded PostgreSQL (WebAssembly) kept in V8's baseline code only: its
//                          optimised second copy of hot functions cost ~50 MiB.
//   MALLOC_ARENA_MAX=2     fewer of glibc's per-thread arenas, each holding freed memory.
// With DATABASE_URL nothing is added: a server of its own is sized by whoever runs it (NODE_OPTIONS).
// A flag already in NODE_OPTIONS wins over ours; SERVER_HEAP_MB=0 turns the profile off.
import nextEnv from "@next/env";

// A CommonJS package: its functions are properties of the default export under Node's ESM.
const { loadEnvConfig } = nextEnv;

/** The settings the server will run with: the environment, then the .env files Next.js reads. */
export function serverSettings(env = process.env) {
  // Next.js loads .env files itself when the server starts; read them the same way to know its database.
  const { combinedEnv } = loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
  return { ...combinedEnv, ...env };
}

/** Node's arguments and the environment for the server that `env` describes. */
export function serverNode(env = process.env) {
  const settings = serverSettings(env);
  const heapMb = Number(settings.SERVER_HEAP_MB ?? 128);
  if (settings.DATABASE_URL || !(heapMb > 0)) return { args: [], env };
  const given = settings.NODE_OPTIONS ?? "";
  const flags = [
    ["--max-old-space-size", `--max-old-space-size=${heapMb}`],
    ["--max-semi-space-size", "--max-semi-space-size=4"],
    ["--liftoff", "--liftoff-only"],
  ];
  const args = flags.filter(([name]) => !given.includes(name)).map(([, flag]) => flag);
  return { args, env: { MALLOC_ARENA_MAX: "2", ...env } };
}
