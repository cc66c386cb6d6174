import { readBodyText } from "@/lib/http/body";

// The Kegtron Pro sandbox (venue-operations §14, docs/keg-sensors.md): a made-up Kegtron Pro answered by
// the app itself, so the adapter, the simulator and the tests have a device to poll. A device answers
// the shape Kegtron's device API (mdash.net `GET /api/v2/m/device`) is seen to answer: its shadow's
// `state.reported.config.port<N>` (what the bar sets: keg size, start volume, serving size, dates
// tapped and cleaned) and `state.reported.config_readonly` (what it measures: `port<N>.volDisp`, the
// volume dispensed since the keg was reset, in ml; `temp`, °C). State is in memory, per process, and
// deterministic: a device exists from its first call, with two ports at zero and 4 °C.
//
//   GET  /sandbox/kegtron/devices/<id>                    the device document
//   POST /sandbox/kegtron/devices/<id>/pour   {port, ml}  a pour: the port's volDisp rises by `ml`
//   POST /sandbox/kegtron/devices/<id>/temperature {celsius}
//   POST /sandbox/kegtron/devices/<id>/reset  {port}      Kegtron.ResetVolume: volDisp back to 0, a new keg
//   POST /sandbox/kegtron/devices/<id>/fail   {mode}      the next answers: "500", "garbage", "hang" or null (healthy)

type Port = { volDisp: number; volStart: number; volSize: number; drinkSize: number; dateTapped: string; dateCleaned: string };
type Device = { id: string; temp: number; ports: [Port, Port]; fail: FailMode };
export type FailMode = "500" | "garbage" | "hang" | null;

const PORT_COUNT = 2;
const KEG_ML = 19_550; // a sixth-barrel keg (5.16 US gal)

// One store per process, shared by every copy of this module (Next.js may bundle the route and the
// instrumentation's jobs apart).
const shared = globalThis as { __kegtronSandbox?: Map<string, Device> };
shared.__kegtronSandbox ??= new Map();
const store: Map<string, Device> = shared.__kegtronSandbox;

const newPort = (): Port => ({
  volDisp: 0,
  volStart: KEG_ML,
  volSize: KEG_ML,
  drinkSize: 473,
  dateTapped: "2026/01/01",
  dateCleaned: "2026/01/01",
});

function device(id: string): Device {
  let found = store.get(id);
  if (!found) {
    found = { id, temp: 4, ports: [newPort(), newPort()], fail: null };
    store.set(id, found);
  }
  return found;
}

/** The device document, as Kegtron's device API answers it. */
export function deviceDocument(id: string) {
  const d = device(id);
  const config: Record<string, unknown> = { siteName: `Sandbox ${id}`, displayUnits: 1 };
  const readonly: Record<string, unknown> = {
    portCount: PORT_COUNT,
    temp: d.temp,
    modelNum: "KT-PRO-2",
    serialNum: `SANDBOX-${id}`,
    fwRev: "sandbox",
  };
  d.ports.forEach((port, index) => {
    const { volDisp, ...settings } = port;
    config[`port${index}`] = { userName: `Port ${index + 1}`, ...settings };
    readonly[`port${index}`] = { volDisp };
  });
  return { id, shadow: { state: { reported: { online: true, config, config_readonly: readonly } } } };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function body(request: Request): Promise<Record<string, unknown>> {
  try {
    const parsed = JSON.parse((await readBodyText(request, 4096)) || "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const portOf = (value: unknown) => (value === 0 || value === 1 ? value : null);

/** Test and simulator helpers, in-process: a pour, a temperature, a reset, a failure mode. */
export const kegtronSandbox = {
  pour(id: string, port: number, ml: number) {
    const p = device(id).ports[port]!;
    p.volDisp = Math.round((p.volDisp + ml) * 1000) / 1000;
    return p.volDisp;
  },
  temperature(id: string, celsius: number) {
    device(id).temp = celsius;
  },
  reset(id: string, port: number) {
    device(id).ports[port] = newPort();
  },
  fail(id: string, mode: FailMode) {
    device(id).fail = mode;
  },
};

/** Answers one request under /sandbox/kegtron/ (in-process through lib/taps/sensors/kegtron-transport.ts, or over HTTP). */
export async function handleKegtronSandbox(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname.replace(/^.*?\/sandbox\/kegtron\//, "");
  const match = /^devices\/([A-Za-z0-9._:-]{1,64})(?:\/(pour|temperature|reset|fail))?\/?$/.exec(path);
  if (!match) return json({ error: "not found" }, 404);
  const [, id, action] = match as unknown as [string, string, string | undefined];
  if (!action) {
    if (request.method !== "GET") return json({ error: "method not allowed" }, 405);
    const d = device(id);
    if (d.fail === "500") return json({ error: "internal error" }, 500);
    if (d.fail === "garbage") return new Response("<html>upstream hiccup", { status: 200, headers: { "content-type": "text/html" } });
    if (d.fail === "hang") await new Promise((resolve) => setTimeout(resolve, 30_000).unref());
    return json(deviceDocument(id));
  }
  if (request.method !== "POST") return json({ error: "method not allowed" }, 405);
  const input = await body(request);
  if (action === "fail") {
    const mode = input.mode === "500" || input.mode === "garbage" || input.mode === "hang" ? input.mode : null;
    kegtronSandbox.fail(id, mode);
    return json({ fail: mode });
  }
  if (action === "temperature") {
    if (typeof input.celsius !== "number" || !Number.isFinite(input.celsius)) return json({ error: "celsius must be a number" }, 400);
    kegtronSandbox.temperature(id, input.celsius);
    return json(deviceDocument(id));
  }
  const port = portOf(input.port ?? 0);
  if (port === null) return json({ error: "port must be 0 or 1" }, 400);
  if (action === "reset") {
    kegtronSandbox.reset(id, port);
    return json(deviceDocument(id));
  }
  if (typeof input.ml !== "number" || !(input.ml > 0) || input.ml > 100_000) return json({ error: "ml must be a positive number" }, 400);
  kegtronSandbox.pour(id, port, input.ml);
  return json(deviceDocument(id));
}
