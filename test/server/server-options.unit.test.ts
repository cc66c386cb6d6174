import { describe, expect, it } from "vitest";
import { serverNode } from "../../scripts/server-options.mjs";

// How `npm start` and the measuring scripts run the server's Node (decision 069).
describe("the server's Node options", () => {
  it("gives the embedded default the small-server profile", () => {
    const { args, env } = serverNode({ PATH: "/bin" });
    expect(args).toEqual(["--max-old-space-size=128", "--max-semi-space-size=4", "--liftoff-only"]);
    expect(env).toMatchObject({ PATH: "/bin", MALLOC_ARENA_MAX: "2" });
  });

  it("adds nothing for a server on PostgreSQL", () => {
    const given = { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" };
    expect(serverNode(given)).toEqual({ args: [], env: given });
  });

  it("takes SERVER_HEAP_MB as the heap's cap, and 0 as no profile", () => {
    expect(serverNode({ SERVER_HEAP_MB: "256" }).args[0]).toBe("--max-old-space-size=256");
    expect(serverNode({ SERVER_HEAP_MB: "0" }).args).toEqual([]);
  });

  it("leaves a flag NODE_OPTIONS already sets, and MALLOC_ARENA_MAX the environment sets, to them", () => {
    const { args, env } = serverNode({ NODE_OPTIONS: "--max-old-space-size=512", MALLOC_ARENA_MAX: "4" });
    expect(args).toEqual(["--max-semi-space-size=4", "--liftoff-only"]);
    expect(env.MALLOC_ARENA_MAX).toBe("4");
  });
});
