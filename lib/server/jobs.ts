import { errorFields, log } from "@/lib/server/log";

// Background work, declared in one place (instrumentation.ts lists the jobs) and run by one runner on every app
// instance. A job is a pass that runs every `everyMs` (prune, the 86 sweep, the menu-view flush), a
// worker woken by the live events it names and every `everyMs` for retries (webhook deliveries, the POS
// outbox: the runner subscribes for it, so the list of jobs is also the list of background subscribers),
// or a service that runs until stopped (the MQTT client). Every job must be safe to run on several
// instances at once: its statements are idempotent or claim their rows (`FOR UPDATE SKIP LOCKED`). All
// jobs stop on SIGTERM/SIGINT: no new pass starts, the pass in progress ends, and `stop` runs last (the
// menu-view flush writes what is pending).

/** A started worker: `kick` asks it to look for due work now; `stop` waits for the work in progress. */
export type Worker = { kick: () => unknown; stop: () => Promise<void> };

/** How the runner hears live events for the workers (lib/live/bus.ts's subscribe, given by the caller). */
export type Listen<D, E> = (subscriber: (event: E) => void, database: D) => Promise<() => void>;

/**
 * A job over the database handle `D` (the app's `Database`) and the live events `E` (the bus's): the
 * runner only opens the handle and hands it on.
 */
export type Job<D, E = unknown> = {
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
      /** A worker: woken by each event `wakeOn` takes, and every `everyMs` for retries; kicked once at start. */
      wakeOn: (event: E) => boolean;
      everyMs: number;
      start: (database: D) => Promise<Worker>;
    }
  | {
      /** A service: started once, it answers its own stop. */
      start: (database: D) => Promise<() => Promise<void>>;
    }
);

/** A running set of jobs: `stop` ends them all (and is what the shutdown signals call). */
export type RunningJobs = { stop: () => Promise<void> };

const RETRY_START_MS = 30_000;

/** A worker's start as a service's: subscribed to the events it wakes on, and on a timer. */
function asService<D, E>(
  job: { everyMs: number; wakeOn: (event: E) => boolean; start: (database: D) => Promise<Worker> },
  listen: Listen<D, E> | undefined,
): (database: D) => Promise<() => Promise<void>> {
  return async (database) => {
    const worker = await job.start(database);
    const kick = () => void worker.kick();
    let unsubscribe: (() => void) | undefined;
    try {
      unsubscribe = await listen?.((event) => {
        if (job.wakeOn(event)) kick();
      }, database);
    } catch (error) {
      await worker.stop();
      throw error;
    }
    const timer = setInterval(kick, job.everyMs);
    timer.unref();
    kick();
    return async () => {
      unsubscribe?.();
      clearInterval(timer);
      await worker.stop();
    };
  };
}

function startOne<D, E>(job: Job<D, E>, open: () => Promise<D>, listen: Listen<D, E> | undefined): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let database: D | null = null;
  let stopService: (() => Promise<void>) | null = null;
  const failed = (error: unknown, what: string) => log().error({ ...errorFields(error), job: job.name }, `Background job ${what} failed`);

  if ("run" in job) {
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
    const start = "wakeOn" in job ? asService(job, listen) : job.start;
    const begin = async () => {
      try {
        const opened = await open();
        if (stopped) return;
        stopService = await start(opened);
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
      if ("run" in job && job.stop && database) await job.stop(database);
    } catch (error) {
      failed(error, "stop");
    }
  };
}

/**
 * Starts every job on this instance. Stopping (the answer's `stop`, or SIGTERM/SIGINT when
 * `onSignals`) stops them all, each letting its pass in progress end. `listen` is how workers hear
 * live events (without it they wake on their timer only).
 */
export function startJobs<D, E = unknown>(
  jobs: readonly Job<D, E>[],
  open: () => Promise<D>,
  { onSignals = false, listen }: { onSignals?: boolean; listen?: Listen<D, E> } = {},
): RunningJobs {
  const stops = jobs.map((job) => startOne(job, open, listen));
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
