import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as createSession } from "@/app/api/v1/sessions/route";
import { readBodyText } from "@/lib/http/body";

// A body over the ceiling is answered 413 in a way a client still writing it can read (lib/http/body.ts):
// the rest is read and thrown away, within a ceiling of its own, and the connection closed after. Over
// real HTTP with a Node client, since a reset socket is what such a client saw instead (EPIPE).

let server: http.Server;
let port: number;

beforeAll(async () => {
  // The route module served as Next.js serves a route handler: the request's body is the Node stream
  // itself (NextRequestAdapter.fromNodeNextRequest), the answer's headers and body written to the socket.
  server = http.createServer(async (req, res) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const request = new Request(`http://127.0.0.1:${port}${req.url}`, {
      method: req.method,
      headers,
      body: req as unknown as ReadableStream,
      duplex: "half",
    } as RequestInit);
    const response = await createSession(request, { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** POSTs `total` bytes in 64 KiB chunks without a Content-Length (chunked), as a client streaming it would. */
function postChunked(path: string, total: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: "127.0.0.1", port, path, method: "POST", headers: { "content-type": "application/json" }, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, "x");
    let sent = 0;
    const write = () => {
      while (sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) {
          request.once("drain", write);
          return;
        }
      }
      request.end();
    };
    write();
  });
}

describe("a body over the ceiling", () => {
  it("sent chunked, 2 MiB to POST /sessions: the client reads the 413, and the connection is closed after", async () => {
    const answer = await postChunked("/api/v1/sessions", 2 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).code).toBe("payload_too_large");
    expect(answer.headers.connection).toBe("close");
  });

  it("is read to its end and thrown away before the 413, not cut off where it passed the ceiling", async () => {
    let pulled = 0;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024));
        if (pulled === 16 * 1024) controller.close();
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://127.0.0.1/", { method: "POST", body, duplex: "half" } as RequestInit);
    const refused = await readBodyText(request, 2048).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 413, extra: { headers: { connection: "close" } } });
    expect({ pulled, cancelled }).toEqual({ pulled: 16 * 1024, cancelled: false });
  });

  it("is read and thrown away only to the drain ceiling: past it, reading stops", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://127.0.0.1/", { method: "POST", body: endless, duplex: "half" } as RequestInit);
    await expect(readBodyText(request, 2048, { bytes: 8192, ms: 60_000 })).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(2048 + 8192 + 4 * 1024);
  });

  it("is read and thrown away only for the drain's time: a body that stops coming is let go", async () => {
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(4096));
      },
    });
    const request = new Request("http://127.0.0.1/", { method: "POST", body: stalled, duplex: "half" } as RequestInit);
    await expect(readBodyText(request, 2048, { bytes: 1024 * 1024, ms: 1 })).rejects.toMatchObject({ status: 413 });
  });
});
