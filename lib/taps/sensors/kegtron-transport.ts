// How the Kegtron poller reaches a device (decision 095): a device URL under the app's own
// /sandbox/kegtron/ is answered by the sandbox in-process (this is lib/taps/sensors' one door to
// sandbox/kegtron); any other URL goes out through the guarded outbound request (lib/server/outbound/),
// with the same timeout and answer ceiling.
import { publicAppUrl } from "@/lib/server/env";
import { outboundRequest } from "@/lib/server/outbound/request";
import { handleKegtronSandbox } from "@/sandbox/kegtron/server";

/** A device's answer (status and body), or why there was none. */
export type DeviceAnswer = { status: number; text: string } | { status: null; error: string };
export type DeviceTransport = (url: string, options: { timeoutMs: number; maxBytes: number }) => Promise<DeviceAnswer>;

/** Whether `url` names a device of the app's own Kegtron sandbox. */
export function isSandboxDevice(url: string) {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(publicAppUrl()).origin && parsed.pathname.startsWith("/sandbox/kegtron/");
  } catch {
    return false;
  }
}

async function inProcess(url: string, { timeoutMs, maxBytes }: { timeoutMs: number; maxBytes: number }): Promise<DeviceAnswer> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<DeviceAnswer>((resolve) => {
    timer = setTimeout(() => resolve({ status: null, error: `No answer within ${timeoutMs / 1000} s` }), timeoutMs);
  });
  const answered = (async (): Promise<DeviceAnswer> => {
    const response = await handleKegtronSandbox(new Request(url, { headers: { accept: "application/json" } }));
    const text = await response.text();
    if (Buffer.byteLength(text) > maxBytes) return { status: null, error: `The answer is larger than ${maxBytes} bytes` };
    return { status: response.status, text };
  })();
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The default transport: the sandbox in-process, else a guarded GET. */
export function deviceTransport(allowPrivate: boolean): DeviceTransport {
  return async (url, options) => {
    if (isSandboxDevice(url)) return inProcess(url, options);
    const answer = await outboundRequest(
      { method: "GET", url, headers: { accept: "application/json", "user-agent": "Taproom keg sensors" } },
      { allowPrivate, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes },
    );
    if (answer.status === null) return answer;
    if (answer.tooBig) return { status: null, error: `The answer is larger than ${options.maxBytes} bytes` };
    return { status: answer.status, text: answer.body.toString("utf8") };
  };
}
