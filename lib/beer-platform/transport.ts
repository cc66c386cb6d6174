// How requests reach the upstream: fetch, or the built-in sandbox in-process. This is the app's only
// door to the sandbox (sandbox/): the dependency rules let no other module of lib/ import it.
import { SANDBOX_CLIENT } from "@/sandbox/registered-app";

export type Transport = (request: Request) => Promise<Response>;

/** The sandbox's credentials for this app, used when no V4_CLIENT_ID / V4_CLIENT_SECRET is set. */
export const sandboxClient: { id: string; secret: string } = SANDBOX_CLIENT;

const slot = Symbol.for("taproom.v4-transport");
const holder = globalThis as { [slot]?: Transport };

/** Tests point the client at their own upstream; unset, the configuration decides. */
export function useTransport(transport: Transport | undefined) {
  holder[slot] = transport;
}

export async function transportFor({ sandbox }: { sandbox: boolean }): Promise<Transport> {
  if (holder[slot]) return holder[slot];
  if (!sandbox) return (request) => fetch(request);
  const { handleSandbox } = await import("@/sandbox/server");
  return handleSandbox;
}
