// The clients the board benchmarks make, shared by `npm run bench -- boards` and `npm run bench -- failover`:
// plain HTTP requests on one keep-alive agent, a bounded pool of concurrent work, quantiles, and TVs
// paired by SQL (the same rows the pairing API writes, one statement for all of them).
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import pg from "pg";

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request; JSON `body`; rejects on a socket error (refused, reset) only, or after `timeoutMs` without an answer. */
export function request(
  agent: http.Agent,
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
  timeoutMs = 0,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const sent = http.request(
      `${base}${path}`,
      { method, agent, headers: { ...headers, ...(text ? { "content-type": "application/json" } : {}) } },
      (response) => {
        let received = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          received += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: received }));
        response.on("error", reject);
      },
    );
    sent.on("error", reject);
    if (timeoutMs > 0) sent.setTimeout(timeoutMs, () => sent.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    sent.end(text);
  });
}

/** Runs `work` for 0…count-1 with at most `width` at once. */
export async function pool(count: number, width: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/**
 * Pairs `count` TVs to `menuId` at `locationId` by SQL (a device per TV with its secret's hash, its board
 * on the menu), as the pairing API would; answers each TV's cookie.
 */
export async function pairBoardsBySql(databaseUrl: string, count: number, locationId: number, menuId: number): Promise<string[]> {
  const secrets = Array.from({ length: count }, () => randomBytes(32).toString("base64url"));
  const hashes = secrets.map((secret) => createHash("sha256").update(secret).digest("hex"));
  const direct = new pg.Client({ connectionString: databaseUrl });
  await direct.connect();
  try {
    await direct.query(
      `with devices as (insert into board_devices (token_hash) select unnest($1::text[]) returning id)
       insert into boards (business_id, location_id, device_id, name, menu_id, theme)
       select l.business_id, l.id, d.id, 'TV ' || d.id, $3, 'dark' from devices d, locations l where l.id = $2`,
      [hashes, locationId, menuId],
    );
  } finally {
    await direct.end();
  }
  return secrets.map((secret) => `taproom_board=${secret}`);
}

/**
 * Reads a TV's device stream (`response`, text/event-stream) and calls `onVersion` with each
 * `event: version`'s number as it arrives, and the moment it arrived (performance.now()).
 */
export function onVersions(response: http.IncomingMessage, onVersion: (version: number, at: number) => void) {
  response.setEncoding("utf8");
  let buffer = "";
  response.on("data", (chunk: string) => {
    const at = performance.now();
    buffer += chunk;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const match = /^event: version\ndata: \{"version":(\d+)\}$/.exec(block);
      if (match) onVersion(Number(match[1]), at);
      end = buffer.indexOf("\n\n");
    }
  });
}
