import net from "node:net";
import { describe, expect, it } from "vitest";
import { listSourceLocations } from "@/lib/imports/imports";
import { ApiError } from "@/lib/server/errors";
import type { Resolver } from "@/lib/server/outbound/request";

// Issue 47: an import's errors told a name that does not resolve from a refused connection from an
// internal address, so a tenant could map the inside's names and ports through the import form. Now one
// reason for all of them (the details go to the server's log).

const access = (port = 443) => ({
  baseUrl: `https://menu-source.example.com${port === 443 ? "" : `:${port}`}`,
  email: "owner@example.com",
  token: "token",
});

async function failure(run: Promise<unknown>): Promise<{ status: number; detail: string; code: string }> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ApiError);
  const { status, detail, code } = error as ApiError;
  return { status, detail, code };
}

/** A port on this machine that nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((closed) => server.close(() => closed()));
  return port;
}

describe("an import source that cannot be reached", () => {
  it("answers the same whether the name does not resolve, the connection is refused or the address is internal", async () => {
    const missing: Resolver = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND menu-source.example.com"), { code: "ENOTFOUND" });
    };
    const internal: Resolver = async () => [{ address: "10.20.30.40", family: 4 }];
    const loopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const port = await closedPort();
    const answers = [
      await failure(listSourceLocations(access(), { resolve: missing, allowPrivate: false, timeoutMs: 60_000 })),
      await failure(listSourceLocations(access(), { resolve: internal, allowPrivate: false, timeoutMs: 60_000 })),
      await failure(listSourceLocations(access(port), { resolve: loopback, allowPrivate: true, timeoutMs: 60_000 })),
    ];
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 502,
        code: "source_failed",
        detail:
          "Reading the locations from the source failed: could not reach the source (check the URL, and that it answers from here). Nothing was imported.",
      });
    }
  });
});
