import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerMalformedPath, pathDecodes } from "@/lib/server/malformed-path";
import { problemResponse } from "@/lib/shared/schemas";

// Issue 47: `/api/v1/locations/%E0%A4%A` answered 500 in plain text (Next.js fails to decode the path's
// parameters before any handler runs). The production server answers such a path first: 404 problem+json.

let server: http.Server;
let base: string;

beforeAll(async () => {
  // As server.ts: the check first, then what would be Next.js.
  server = http.createServer((req, res) => {
    if (answerMalformedPath(req, res)) return;
    res.end("next");
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

describe("a path whose percent-encoding is malformed", () => {
  it("answers 404 problem+json, never reaching the app", async () => {
    for (const path of ["/api/v1/locations/%E0%A4%A", "/api/v1/menus/%", "/api/v1/locations/%ZZ/menus?x=1", "/locations/%C3"]) {
      const answer = await fetch(`${base}${path}`, { headers: { accept: "application/problem+json" } });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get("content-type"), path).toBe("application/problem+json");
      expect(answer.headers.get("x-request-id"), path).toBeTruthy();
      const body = await answer.json();
      expect(problemResponse.safeParse(body).success, path).toBe(true);
      expect(body.code).toBe("not_found");
    }
  });

  it("lets every path that decodes through, query strings untouched", async () => {
    for (const path of ["/api/v1/locations/1", "/api/v1/items/search?q=%", "/m/12?theme=%E2%82%AC", "/api/v1/locations/caf%C3%A9"]) {
      expect(pathDecodes(path), path).toBe(true);
      const answer = await fetch(`${base}${path}`);
      expect(await answer.text(), path).toBe("next");
    }
  });
});
