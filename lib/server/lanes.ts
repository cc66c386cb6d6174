// A background worker's lanes (the webhook worker, the POS outbox): up to `concurrency` loops, each
// claiming one piece of work and doing it until nothing is due. A kick starts lanes up to the limit;
// a lane that found nothing goes round once more if a kick came meanwhile, so no wake-up is lost
// between a lane's last look and its end. `kick` and `whenIdle` resolve when every lane has stopped.

export class Lanes {
  private running = 0;
  /** Bumped by every kick. */
  private kicks = 0;
  private stopped = false;
  private idle: { promise: Promise<void>; resolve: () => void } | null = null;

  /**
   * `step` claims and does one piece of work, answering false when nothing was due; a lane whose step
   * throws ends, and `failed` is told (the next kick starts it again).
   */
  constructor(
    private readonly concurrency: number,
    private readonly step: () => Promise<boolean>,
    private readonly failed: (error: unknown) => void,
  ) {}

  /** Starts lanes up to the concurrency (busy lanes look again before they stop); resolves when all have stopped. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.kicks++;
    while (this.running < this.concurrency) {
      this.running++;
      void this.lane();
    }
    return this.whenIdle();
  }

  whenIdle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    if (!this.idle) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => {
        resolve = done;
      });
      this.idle = { promise, resolve };
    }
    return this.idle.promise;
  }

  /** No lane starts again; resolves when the work in progress has ended. */
  stop(): Promise<void> {
    this.stopped = true;
    return this.whenIdle();
  }

  private async lane() {
    try {
      for (;;) {
        if (this.stopped) return;
        const kicked = this.kicks;
        if (!(await this.step()) && this.kicks === kicked) return;
      }
    } catch (error) {
      this.failed(error);
    } finally {
      this.running--;
      if (this.running === 0 && this.idle) {
        this.idle.resolve();
        this.idle = null;
      }
    }
  }
}
