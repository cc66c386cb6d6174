// A background pass (read the feed for a stream's followers, deliver due webhooks) woken by every
// notification: calls that arrive while a pass runs must not start a second one beside it, nor be
// lost. They coalesce into one more pass after the one in progress.

export type Coalesced = {
  /** Runs a pass now, or once more after the run in progress; resolves when the run ends. */
  run(): Promise<void>;
  /** The run in progress, if any. */
  readonly running: Promise<void> | null;
};

/** `pass` resolves false to end the run there, without the pass asked for meanwhile. */
export function coalesce(pass: () => Promise<boolean>): Coalesced {
  let running: Promise<void> | null = null;
  let again = false;
  return {
    run() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          if (!(await pass())) return;
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
    get running() {
      return running;
    },
  };
}
