import http from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CompressedAnswers, compressAnswers, slotOfKey } from "../../server-compression";

// The production server's compression layer (server-compression.ts, decision 050) around a stand-in
// for Next.js over real HTTP: br/gzip by Accept-Encoding, the coding in the strong tag, and an answer
// compressed at most once per (tag, URL, credentials, coding), also when many ask for it at once.

type Answer = { status?: number; tag?: string; body: string; type?: string; wait?: Promise<void> };
let answer: (req: http.IncomingMessage) => Answer;
let calls = 0;
let memo: CompressedAnswers;
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    layer(req, res, async () => {
      calls++;
      const { status = 200, tag, body, type = "application/json; charset=utf-8", wait } = answer(req);
      await wait;
      res.statusCode = status;
      res.setHeader("content-type", type);
      if (tag) res.setHeader("etag", tag);
      // As Next.js sends a route handler's body: in chunks.
      const middle = Math.floor(body.length / 2);
      res.write(body.slice(0, middle));
      res.end(body.slice(middle));
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

let layer: ReturnType<typeof compressAnswers>;
beforeEach(() => {
  memo = new CompressedAnswers();
  layer = compressAnswers(memo);
  calls = 0;
});

type Got = { status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string };

function get(path: string, headers: Record<string, string> = { "accept-encoding": "gzip" }, method = "GET"): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const raw = Buffer.concat(chunks);
          const coding = res.headers["content-encoding"];
          const text = (coding === "gzip" ? gunzipSync(raw) : coding === "br" ? brotliDecompressSync(raw) : raw).toString();
          resolve({ status: res.statusCode!, headers: res.headers, raw, text });
        });
      })
      .on("error", reject)
      .end();
  });
}

const big = (label: string) => JSON.stringify({ label, rows: Array.from({ length: 2000 }, (_, i) => ({ i, name: `Beer ${i}` })) });

describe("the compression layer", () => {
  it("compresses an answer once per strong tag and replays the same bytes after, the app answering each time", async () => {
    const body = big("one");
    answer = () => ({ tag: '"t1"', body });
    const first = await get("/api/v1/menus/1?full=true");
    const second = await get("/api/v1/menus/1?full=true");
    expect(calls).toBe(2);
    for (const got of [first, second]) {
      expect(got.status).toBe(200);
      expect(got.headers["content-encoding"]).toBe("gzip");
      expect(got.headers.etag).toBe('"t1-gzip"');
      expect(got.headers.vary).toBe("Accept-Encoding");
      expect(got.text).toBe(body);
    }
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(Number(second.headers["content-length"])).toBe(second.raw.length);
    expect(memo.stats).toEqual({ compressed: 1, reused: 1, waited: 0 });

    // br is kept apart from gzip; a new tag is a new answer, compressed anew.
    expect((await get("/api/v1/menus/1?full=true", { "accept-encoding": "gzip, br" })).headers).toMatchObject({
      "content-encoding": "br",
      etag: '"t1-br"',
    });
    const changed = big("two");
    answer = () => ({ tag: '"t2"', body: changed });
    const after = await get("/api/v1/menus/1?full=true");
    expect(after.text).toBe(changed);
    expect(after.headers.etag).toBe('"t2-gzip"');
    expect(memo.stats).toEqual({ compressed: 3, reused: 1, waited: 0 });
  });

  it("keeps nothing across URLs or credentials, and nothing without a strong tag, for a status other than 200 or a HEAD", async () => {
    const body = big("same");
    answer = () => ({ tag: '"same"', body });
    await get("/a");
    await get("/b");
    await get("/a", { "accept-encoding": "gzip", authorization: "Basic b3duZXI6dG9rZW4=" });
    await get("/a", { "accept-encoding": "gzip", cookie: "taproom_session=x" });
    expect(memo.stats).toEqual({ compressed: 4, reused: 0, waited: 0 });

    for (const tag of [undefined, 'W/"weak"']) {
      answer = () => ({ tag, body });
      expect((await get("/weak")).text).toBe(body);
      expect((await get("/weak")).text).toBe(body);
    }
    answer = () => ({ status: 404, tag: '"nf"', body });
    expect((await get("/missing")).status).toBe(404);
    expect((await get("/missing")).status).toBe(404);
    expect(memo.stats).toEqual({ compressed: 4, reused: 0, waited: 0 });

    answer = () => ({ tag: '"same"', body });
    const head = await get("/a", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.raw.length).toBe(0);
  });

  it("leaves event streams and answers to callers that take no coding as they are", async () => {
    answer = () => ({ tag: '"s"', body: "event: ping\ndata: {}\n\n".repeat(100), type: "text/event-stream; charset=utf-8" });
    const stream = await get("/stream");
    expect(stream.headers["content-encoding"]).toBeUndefined();
    const body = big("plain");
    answer = () => ({ tag: '"p"', body });
    const plain = await get("/plain", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.etag).toBe('"p"');
    expect(plain.text).toBe(body);
    expect(memo.stats.compressed).toBe(0);
  });

  it("compresses once for many readers arriving together (32 boards after a change), each getting the whole answer", async () => {
    const body = big("burst");
    let release: () => void = () => {};
    const wait = new Promise<void>((resolve) => {
      release = resolve;
    });
    answer = () => ({ tag: '"burst"', body, wait });
    const readers = Array.from({ length: 32 }, () => get("/api/v1/menus/2?full=true", { "accept-encoding": "gzip, br" }));
    // Every reader is inside the app before any answers.
    while (calls < 32) await new Promise((tick) => setTimeout(tick, 5));
    release();
    const got = await Promise.all(readers);
    for (const reader of got) {
      expect(reader.headers.etag).toBe('"burst-br"');
      expect(reader.text).toBe(body);
    }
    expect(memo.stats.compressed).toBe(1);
    expect(memo.stats.waited + memo.stats.reused).toBe(31);
  });

  it("forgets the least recently used answers beyond its size, and never keeps one larger than an entry may be", () => {
    const small = new CompressedAnswers(10, 6);
    small.start("a")(Buffer.alloc(4));
    small.start("b")(Buffer.alloc(4));
    expect(small.get("a")).toBeDefined();
    small.start("c")(Buffer.alloc(4));
    expect(small.get("b")).toBeUndefined();
    expect(small.get("a")).toBeDefined();
    expect(small.get("c")).toBeDefined();
    small.start("d")(Buffer.alloc(7));
    expect(small.get("d")).toBeUndefined();
    const settle = small.start("e");
    expect(small.waitFor("e")).toBeDefined();
    settle(null);
    settle(Buffer.alloc(1));
    expect(small.waitFor("e")).toBeUndefined();
    expect(small.get("e")).toBeUndefined();
  });

  it("keeps one answer per slot: a newer tag for the same URL, credentials and coding drops the older", () => {
    const kept = new CompressedAnswers(100, 50, slotOfKey);
    const key = (tag: string, url: string) => `${tag}\u0001br ${url}\u0000\u0000`;
    kept.start(key('"v1"', "/events"))(Buffer.alloc(4));
    kept.start(key('"v1"', "/menus"))(Buffer.alloc(4));
    kept.start(key('"v2"', "/events"))(Buffer.alloc(4));
    expect(kept.get(key('"v1"', "/events"))).toBeUndefined();
    expect(kept.get(key('"v2"', "/events"))).toBeDefined();
    expect(kept.get(key('"v1"', "/menus"))).toBeDefined();
    // The same tag again replaces itself; a slot emptied by the size limit takes a new answer.
    kept.start(key('"v2"', "/events"))(Buffer.alloc(4));
    expect(kept.get(key('"v2"', "/events"))).toBeDefined();
  });
});
