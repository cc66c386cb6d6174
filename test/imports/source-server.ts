import http from "node:http";
import type { AddressInfo } from "node:net";
import { call } from "../api";

// The service venues move from, for import tests: this app's own v1 API (it serves the same), reached
// over real HTTP on a loopback port, with a switch to make one path fail or hang.

export type SourceServer = {
  base: string;
  /** Paths (a substring) that answer this status, or hang ("hang") until the server closes. */
  faults: Map<string, number | "hang">;
  requests: string[];
  close: () => Promise<void>;
};

export async function startSourceServer(): Promise<SourceServer> {
  const faults = new Map<string, number | "hang">();
  const requests: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer(async (request, response) => {
    const url = request.url ?? "/";
    requests.push(url);
    const fault = [...faults].find(([path]) => url.includes(path))?.[1];
    if (fault === "hang") {
      hanging.add(response);
      return;
    }
    if (fault !== undefined) {
      response.writeHead(fault, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "boom" } }));
      return;
    }
    const headers: Record<string, string> = {};
    if (request.headers.authorization) headers.authorization = request.headers.authorization;
    try {
      const answer = await call(request.method ?? "GET", url.replace(/^\/api\/v1\//, ""), { headers });
      response.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    faults,
    requests,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
