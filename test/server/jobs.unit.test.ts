import { describe, expect, it } from "vitest";
import { type Job, startJobs } from "@/lib/server/jobs";

// The job runner's workers (lib/server/jobs.ts): the runner subscribes for them through the `listen` it
// is given, wakes each on the events it takes, on its timer, and once at start; stopping unsubscribes
// before the worker's own stop. No clock is raced: the timer is an hour, and the events are sent by hand.

type Event = { kind: "change" | "other" };

function bus() {
  const subscribers = new Set<(event: Event) => void>();
  return {
    subscribers,
    send: (event: Event) => {
      for (const subscriber of subscribers) subscriber(event);
    },
    listen: async (subscriber: (event: Event) => void, database: string) => {
      expect(database).toBe("the database");
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
  };
}

/** Resolves once `condition` holds, checked after each turn of the event loop. */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe("a worker job", () => {
  it("is kicked at start and by each event it wakes on, not by others; stopping unsubscribes, then stops it", async () => {
    const events = bus();
    const seen: string[] = [];
    const job: Job<string, Event> = {
      name: "worker",
      wakeOn: (event) => event.kind === "change",
      everyMs: 3_600_000,
      start: async (database) => {
        seen.push(`started on ${database}`);
        return {
          kick: () => seen.push("kick"),
          stop: async () => {
            seen.push(`stopped with ${events.subscribers.size} subscriber(s)`);
          },
        };
      },
    };
    const running = startJobs([job], async () => "the database", { listen: events.listen });
    await until(() => seen.includes("kick"));
    expect(events.subscribers.size).toBe(1);
    events.send({ kind: "other" });
    events.send({ kind: "change" });
    events.send({ kind: "change" });
    await running.stop();
    expect(seen).toEqual(["started on the database", "kick", "kick", "kick", "stopped with 0 subscriber(s)"]);
  });

  it("whose subscription fails is stopped again and retried later, not left half-started", async () => {
    const seen: string[] = [];
    const job: Job<string, Event> = {
      name: "worker",
      wakeOn: () => true,
      everyMs: 3_600_000,
      start: async () => ({ kick: () => seen.push("kick"), stop: async () => void seen.push("stopped") }),
    };
    const running = startJobs([job], async () => "the database", {
      listen: async () => {
        throw new Error("no LISTEN connection");
      },
    });
    await until(() => seen.includes("stopped"));
    await running.stop();
    expect(seen).toEqual(["stopped"]);
  });

  it("without a `listen` wakes on its timer only", async () => {
    const seen: string[] = [];
    const running = startJobs<string, Event>(
      [
        {
          name: "worker",
          wakeOn: () => true,
          everyMs: 3_600_000,
          start: async () => ({ kick: () => seen.push("kick"), stop: async () => {} }),
        },
      ],
      async () => "the database",
    );
    await until(() => seen.length > 0);
    await running.stop();
    expect(seen).toEqual(["kick"]);
  });
});
