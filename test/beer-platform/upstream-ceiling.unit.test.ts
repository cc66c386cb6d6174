import { afterEach, describe, expect, it } from "vitest";
import { MAX_UPSTREAM_BYTES, sendUpstream } from "@/lib/beer-platform/client";
import { upstreamConfig } from "@/lib/beer-platform/config";
import { V4Error } from "@/lib/beer-platform/errors";
import { useTransport } from "@/lib/beer-platform/transport";

// Issue 47 row 2's lesson for the beer platform's transport (decision 076): an upstream answer is read
// within MAX_UPSTREAM_BYTES while it streams, never buffered whole, and a declared size over it is
// refused before any of the body is read.

const CHUNK = 64 * 1024;

/** A 30 MB JSON-looking answer made as it is read, counting what the reader pulled. */
function hugeAnswer(headers: Record<string, string> = {}) {
  const pulled = { bytes: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= 30 * 1024 * 1024) return controller.close();
      pulled.bytes += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { pulled, response: new Response(body, { status: 200, headers: { "content-type": "application/json", ...headers } }) };
}

async function failure(work: Promise<unknown>): Promise<V4Error> {
  try {
    await work;
  } catch (error) {
    if (error instanceof V4Error) return error;
    throw error;
  }
  throw new Error("the call succeeded");
}

afterEach(() => useTransport(undefined));

describe("the beer platform's answers are read within a ceiling", () => {
  it("cuts a 30 MB answer once it passes the ceiling, without reading the rest", async () => {
    const { pulled, response } = hugeAnswer();
    useTransport(async () => response);
    const error = await failure(sendUpstream(upstreamConfig(), { url: new URL("https://upstream.test/v4/beer/info/1"), method: "GET" }));
    expect(error.status).toBe(502);
    expect(error.errorType).toBe("upstream_too_large");
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_UPSTREAM_BYTES + 4 * CHUNK);
  });

  it("refuses an answer whose Content-Length is over the ceiling before reading its body", async () => {
    const { pulled, response } = hugeAnswer({ "content-length": String(30 * 1024 * 1024) });
    useTransport(async () => response);
    const error = await failure(sendUpstream(upstreamConfig(), { url: new URL("https://upstream.test/v4/beer/info/2"), method: "GET" }));
    expect(error.errorType).toBe("upstream_too_large");
    // A stream pulls ahead of its reader (its high-water mark): at most a chunk or two, never the body.
    expect(pulled.bytes).toBeLessThanOrEqual(2 * CHUNK);
  });

  it("still reads an answer under the ceiling", async () => {
    useTransport(async () => new Response(JSON.stringify({ meta: { code: 200 }, response: { beer: { bid: 3 } } }), { status: 200 }));
    const answer = await sendUpstream(upstreamConfig(), { url: new URL("https://upstream.test/v4/beer/info/3"), method: "GET" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).response.beer.bid).toBe(3);
  });
});
