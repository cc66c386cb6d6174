import { GET as streamChanges } from "@/app/api/v1/locations/[id]/changes/stream/route";

// Reads Server-Sent Events from the change stream's real handler until `count` events came, then
// hangs up. `during` runs once the stream is open. A stream that goes quiet fails after `giveUpMs`
// (a guard against hanging the run, not a timing assertion).

export type SseEvent = { id: string; event: string; data: string };

export function parseEvents(text: string): { events: SseEvent[]; rest: string } {
  const blocks = text.split("\n\n");
  const rest = blocks.pop() ?? "";
  const events: SseEvent[] = [];
  for (const block of blocks) {
    const fields: Record<string, string> = {};
    for (const line of block.split("\n")) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, "");
    }
    if (fields.data !== undefined) events.push({ id: fields.id ?? "", event: fields.event ?? "message", data: fields.data });
  }
  return { events, rest };
}

export async function readEvents(
  path: string,
  {
    headers,
    count,
    during,
    giveUpMs = 30_000,
    handler = streamChanges,
  }: {
    headers: Record<string, string>;
    count: number;
    during?: () => Promise<unknown>;
    giveUpMs?: number;
    handler?: (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
  },
): Promise<SseEvent[]> {
  const url = new URL(path, "http://127.0.0.1:3000/api/v1/");
  const id = url.pathname.split("/")[4]!;
  const controller = new AbortController();
  const response = await handler(new Request(url, { headers, signal: controller.signal }), { params: Promise.resolve({ id }) });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}: ${await response.text()}`);
  const { events } = await collectEvents(response, controller, { count, during, giveUpMs });
  if (events.length < count) throw new Error(`the stream ended after ${events.length} of ${count} events`);
  return events.slice(0, count);
}

/**
 * Reads `response`'s events until `count` came or the stream ended, then aborts it through
 * `controller`. `during` runs once: after the first chunk, or with `duringAfter: "event"` after the
 * first event kept. `skip` drops events (a stream's liveness pings). A stream that goes quiet is
 * abandoned after `giveUpMs`.
 */
export async function collectEvents(
  response: Response,
  controller: AbortController,
  {
    count,
    during,
    giveUpMs = 30_000,
    skip = () => false,
    duringAfter = "chunk",
  }: {
    count: number;
    during?: () => Promise<unknown>;
    giveUpMs?: number;
    skip?: (event: SseEvent) => boolean;
    duringAfter?: "chunk" | "event";
  },
): Promise<{ events: SseEvent[]; ended: boolean; raw: string }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  let raw = "";
  let ended = false;
  let started = false;
  const guard = setTimeout(() => controller.abort(), giveUpMs);
  try {
    while (events.length < count) {
      const { value, done } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      const text = decoder.decode(value, { stream: true });
      raw += text;
      buffer += text;
      const parsed = parseEvents(buffer);
      buffer = parsed.rest;
      events.push(...parsed.events.filter((event) => !skip(event)));
      if (!started && (duringAfter === "chunk" || events.length > 0)) {
        started = true;
        await during?.();
      }
    }
  } finally {
    clearTimeout(guard);
    controller.abort();
    await reader.cancel().catch(() => {});
  }
  return { events, ended, raw };
}

/**
 * Reads `response`'s events one at a time (pings left out), so a test can act between them: `next()`
 * waits for the next event; `close()` hangs up. A stream that goes quiet is abandoned after `giveUpMs`
 * (a guard against hanging, not a timing).
 */
export function eventReader(response: Response, controller: AbortController, giveUpMs = 30_000) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const guard = setTimeout(() => controller.abort(), giveUpMs);
  const pending: SseEvent[] = [];
  let buffer = "";
  return {
    async next(): Promise<SseEvent> {
      while (pending.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        pending.push(...parsed.events.filter((event) => event.event !== "ping"));
      }
      return pending.shift()!;
    },
    async close() {
      clearTimeout(guard);
      controller.abort();
      await reader.cancel().catch(() => {});
    },
  };
}
