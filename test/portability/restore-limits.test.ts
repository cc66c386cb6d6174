import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/v1/import/route";
import { DRAIN } from "@/lib/http/body";
import { IMPORT_MAX_BYTES } from "@/lib/portability/format";
import { heavyWorkSlots, takeSlot } from "@/lib/server/work-slots";
import { api, basic, type Credentials } from "../api";

// Issue 47 row 3 (decision 076): a 58 MB restore body from a fresh sign-up. The body is refused 413 past
// IMPORT_MAX_BYTES, kept no further (what follows is drained, at most DRAIN's bytes, so that the client
// can read the 413: decision 073); a restore is admitted before its body is read, one per
// business (409 while another runs) and as many per instance as the heap holds (429), both with
// Retry-After. The route is called with a streamed body, as a client sends one without Content-Length.

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;
let owner: Credentials;
const held: (() => void)[] = [];

/** A body streamed as it is read: `size` bytes of an export's opening, or held open until `finish`. */
function streamedBody(size: number | "held") {
  // `asked`: the reader has asked for more than was sent at once (a held body's reader has begun reading).
  const pulled = { bytes: 0, asked: false };
  let finish = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (size === "held") {
        controller.enqueue(new TextEncoder().encode('{"format":"taproom-export"'));
        finish = () => {
          controller.enqueue(new TextEncoder().encode("}"));
          controller.close();
        };
      }
    },
    pull(controller) {
      pulled.asked = true;
      if (size === "held") return;
      if (pulled.bytes >= size) return controller.close();
      pulled.bytes += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { pulled, body, finish: () => finish() };
}

function restore(as: Credentials, body: BodyInit, headers: Record<string, string> = {}) {
  const request = new Request("http://127.0.0.1:3000/api/v1/import", {
    method: "POST",
    headers: { authorization: basic(as), "content-type": "application/json", ...headers },
    body,
    duplex: "half",
  } as RequestInit);
  return POST(request, { params: Promise.resolve({}) });
}

async function signUp(name: string): Promise<Credentials> {
  const signup = await api.post("signup", {
    body: { business_name: name, name: `${name} Owner`, email: `${name.toLowerCase()}@restore.test`, password: "copper kettle 42" },
    headers: { "x-forwarded-for": "198.51.100.79" },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(201);
  return { email: signup.body.user.email, token: signup.body.user.auth_token };
}

beforeAll(async () => {
  owner = await signUp("Fresh");
});

afterEach(() => {
  for (const release of held.splice(0)) release();
});

describe("a restore's body and how many run at once", () => {
  it("refuses a 58 MB body streamed without Content-Length once it passes the ceiling, draining no more than its bound", async () => {
    const { pulled, body } = streamedBody(58 * MIB);
    const response = await restore(owner, body);
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("payload_too_large");
    expect(pulled.bytes).toBeLessThanOrEqual(IMPORT_MAX_BYTES + DRAIN.bytes + 4 * CHUNK);
    expect(pulled.bytes).toBeLessThan(58 * MIB);
  });

  it("refuses a declared Content-Length over the ceiling before reading the body", async () => {
    const { pulled, body } = streamedBody(58 * MIB);
    const response = await restore(owner, body, { "content-length": String(58 * MIB) });
    expect(response.status).toBe(413);
    expect(pulled.bytes).toBeLessThanOrEqual(2 * CHUNK);
  });

  it("runs one restore per business: a second one while the first is reading is 409 with Retry-After", async () => {
    const first = streamedBody("held");
    const running = restore(owner, first.body);
    // A restore takes its lease before it reads its body: once the first is reading, it holds it. Waited
    // for as an event (the reader asking for more), not for a time.
    while (!first.pulled.asked) await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await restore(owner, streamedBody(1).body);
    expect(second.status).toBe(409);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await second.json()).detail).toMatch(/already running/);
    first.finish();
    expect((await running).status).toBe(422); // the held body was never an export
    // Given back: the next restore is read and judged on its content.
    const again = await restore(owner, JSON.stringify({ format: "taproom-export" }));
    expect(again.status).toBe(422);
  });

  it("is refused 429 with Retry-After while this instance runs as much heavy work as its heap holds", async () => {
    for (let i = 0; i < heavyWorkSlots(); i++) held.push(takeSlot());
    const { pulled, body } = streamedBody(MIB);
    const refused = await restore(owner, body);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(pulled.bytes).toBeLessThanOrEqual(2 * CHUNK);
    held.pop()!();
    const admitted = await restore(owner, JSON.stringify({ format: "taproom-export" }));
    expect(admitted.status).toBe(422);
  });

  it("sizes the slots by the heap: one on the small-server profile's 128 MiB, at most four", () => {
    expect(heavyWorkSlots(128 * MIB)).toBe(1);
    expect(heavyWorkSlots(600 * MIB)).toBe(2);
    expect(heavyWorkSlots(16 * 1024 * MIB)).toBe(4);
  });
});
