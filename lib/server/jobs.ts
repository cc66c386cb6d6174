import { errorFields, log } from "@/lib/server/log";

// Background work, declared in one place (instrumentation.ts lists the jobs) and run by one runner on every app
// instance. A job is either a pass that runs every `everyMs` (prune, the 86 sweep, the menu-view flush)
// or a service that runs until stopped (the webhook worker). Every job must be safe to run on several
// instances at once: its statements are idempotent or claim their rows (`FOR UPDATE SKIP LOCKED`). All
// jobs stop on SIGTERM/SIGINT: no new pass starts, the pass in progress ends, and `stop` runs last (the
// menu-view flush writes what is pending).

/** A job over the database handle `D` (the app's `Database`): the runner only opens it and hands it on. */
export type Job<D> = {
  name: string;
} & (
  | {
      /** How often a pass runs; the first runs at start. */
      everyMs: number;
      run: (database: D) => Promise<unknown>;
      /** After the last pass, at shutdown. */
      stop?: (database: D) => Promise<unknown>;
    }
  | {
      /** A service: started once, it answers its own stop. */
      start: (database: D) => Promise<() => Promise<void>>;
    }
);

/** A running set of jobs: `stop` ends them all (and is what the shutdown signals call). */
export type RunningJobs = { stop: () => Promise<void> };

const RETRY_START_MS = 30_000;

function startOne<D>(job: Job<D>, open: () => Promise<D>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let database: D | null = null;
  let stopService: (() => Promise<void>) | null = null;
  const failed = (error: unknown, what: string) => log().error({ ...errorFields(error), job: job.name }, `Background job ${what} failed`);

  if ("everyMs" in job) {
    let busy = false;
    const pass = () => {
      if (stopped || busy) return; // a slow pass is not overlapped by the next one
      busy = true;
      running = (async () => {
        try {
          database = await open();
          if (!stopped) await job.run(database);
        } catch (error) {
          failed(error, "pass");
        } finally {
          busy = false;
        }
      })();
    };
    timer = setInterval(pass, job.everyMs);
    timer.unref();
    pass();
  } else {
    // A service whose database is away at start is tried again, every 30 s, until it starts or stops.
    const begin = async () => {
      try {
        const opened = await open();
        if (stopped) return;
        stopService = await job.start(opened);
        if (stopped) await stopService();
      } catch (error) {
        log().warn({ ...errorFields(error), job: job.name }, "A background job could not start; trying again in 30 s");
        if (!stopped) {
          timer = setTimeout(() => {
            running = begin();
          }, RETRY_START_MS);
          timer.unref();
        }
      }
    };
    running = begin();
  }

  return async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await running;
    try {
      if (stopService) await stopService();
      if ("stop" in job && job.stop && database) await job.stop(database);
    } catch (error) {
      failed(error, "stop");
    }
  };
}

/**
 * Starts every job on this instance. Stopping (the answer's `stop`, or SIGTERM/SIGINT when
 * `onSignals`) stops them all, each letting its pass in progress end.
 */
export function startJobs<D>(jobs: readonly Job<D>[], open: () => Promise<D>, { onSignals = false } = {}): RunningJobs {
  const stops = jobs.map((job) => startOne(job, open));
  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= Promise.all(stops.map((stopOne) => stopOne())).then(() => {});
    return stopping;
  };
  if (onSignals) {
    for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void stop());
  }
  return { stop };
}
