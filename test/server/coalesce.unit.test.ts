import { describe, expect, it } from "vitest";
import { coalesce } from "@/lib/server/coalesce";

// One background pass at a time; calls during a pass coalesce into one more (lib/server/coalesce.ts).

/** A pass that waits until released, counting how often it ran. */
function gatedPass(result = true) {
  const state = { passes: 0, release: () => {} };
  const pass = () => {
    state.passes++;
    return new Promise<boolean>((resolve) => {
      state.release = () => resolve(result);
    });
  };
  return { state, pass };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesce", () => {
  it("runs one pass at a time, and calls during a pass as one more pass after it", async () => {
    const { state, pass } = gatedPass();
    const runner = coalesce(pass);
    const first = runner.run();
    const second = runner.run();
    const third = runner.run();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(state.passes).toBe(1);
    state.release();
    await settle();
    expect(state.passes).toBe(2);
    state.release();
    await first;
    expect(state.passes).toBe(2);
    expect(runner.running).toBeNull();
  });

  it("ends the run when a pass says so, dropping the pass asked for meanwhile", async () => {
    const { state, pass } = gatedPass(false);
    const runner = coalesce(pass);
    const run = runner.run();
    void runner.run();
    state.release();
    await run;
    expect(state.passes).toBe(1);
    expect(runner.running).toBeNull();
    // A later call starts afresh.
    const again = runner.run();
    expect(state.passes).toBe(2);
    state.release();
    await again;
  });
});
