/**
 * The keg-sensor simulator (venue-operations §14, docs/keg-sensors.md): publishes realistic traffic on a
 * location's MQTT topic as DIY meters do — pours of a pint, a half, a taster or a snifter with the
 * meter's noise, a few seconds apart per tap, and each line's temperature every --temp-every seconds
 * (drifting around 3.5 °C; --warm makes the first sensor's line climb past the limit). Each message has
 * its own id; --duplicates publishes that share of messages twice, as a flaky meter does (counted once).
 * With --app and an owner's --email/--password it reads the location's paired sensors itself, and also
 * drives its Kegtron sensors paired to the app's Kegtron sandbox (/sandbox/kegtron/devices/<id>): each
 * pour advances the device port's dispensed counter and each temperature sets the device's (the app's
 * kegtron-poll job reads them every 5 s; decision 095). --kegtron <device URL>[#port] drives one directly.
 *
 *   npm run sensors:simulate -- --location 1 --sensor meter-1 --sensor meter-2 --seconds 60
 *   npm run sensors:simulate -- --app http://127.0.0.1:3000 --email owner@demo.test --password demo-owner-pass --location 1
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import mqtt from "mqtt";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: process.env.MQTT_URL ?? "mqtt://127.0.0.1:1883" },
    location: { type: "string" },
    sensor: { type: "string", multiple: true, default: [] },
    kegtron: { type: "string", multiple: true, default: [] },
    app: { type: "string" },
    email: { type: "string" },
    password: { type: "string" },
    seconds: { type: "string", default: "60" },
    "pour-every": { type: "string", default: "4" },
    "temp-every": { type: "string", default: "15" },
    duplicates: { type: "string", default: "0.05" },
    warm: { type: "boolean", default: false },
    speed: { type: "string", default: "1" },
  },
});

const SERVINGS = [
  { ml: 473, weight: 6 }, // a US pint
  { ml: 568, weight: 2 }, // an imperial pint
  { ml: 284, weight: 3 }, // a half
  { ml: 148, weight: 2 }, // a taster
  { ml: 355, weight: 2 }, // a snifter / 12 oz
];
const pick = () => {
  let roll = Math.random() * SERVINGS.reduce((sum, serving) => sum + serving.weight, 0);
  for (const serving of SERVINGS) {
    roll -= serving.weight;
    if (roll <= 0) return serving.ml;
  }
  return SERVINGS[0]!.ml;
};

/** A Kegtron of the app's sandbox: the device document's URL and the port its tap is on. */
type Kegtron = { url: string; port: number };

async function sensorsFromApp(): Promise<{ mqtt: string[]; kegtron: Kegtron[] }> {
  const auth = `Basic ${Buffer.from(`${args.email}:${await token()}`).toString("base64")}`;
  const answer = await fetch(`${args.app}/api/v1/locations/${args.location}/sensors`, { headers: { authorization: auth } });
  if (!answer.ok) throw new Error(`GET sensors answered ${answer.status}`);
  const body = (await answer.json()) as { sensors: { kind: string; device_id: string; kegtron: Kegtron | null }[] };
  return {
    mqtt: body.sensors.filter((sensor) => sensor.kind === "mqtt").map((sensor) => sensor.device_id),
    kegtron: body.sensors.flatMap((sensor) =>
      sensor.kegtron?.url.includes("/sandbox/kegtron/devices/") ? [{ url: sensor.kegtron.url, port: sensor.kegtron.port }] : [],
    ),
  };
}
async function token(): Promise<string> {
  const answer = await fetch(`${args.app}/api/v1/sessions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: args.email, password: args.password }),
  });
  if (!answer.ok) throw new Error(`sign-in answered ${answer.status}`);
  return ((await answer.json()) as { user: { auth_token: string } }).user.auth_token;
}

async function main() {
  if (!args.location) throw new Error("--location is required (the location whose topic the meters publish on)");
  const fromApp = args.app ? await sensorsFromApp() : { mqtt: [], kegtron: [] };
  const sensors = [...args.sensor, ...fromApp.mqtt];
  const kegtrons = [
    ...fromApp.kegtron,
    ...args.kegtron.map((given) => ({ url: given.split("#")[0]!, port: Number(given.split("#")[1] ?? 0) })),
  ];
  if (sensors.length === 0 && kegtrons.length === 0)
    throw new Error(
      "no sensors: pass --sensor <device id> or --kegtron <sandbox device URL>[#port] (repeatable), or --app with an owner's credentials",
    );
  const topic = `taproom/locations/${Number(args.location)}/readings`;
  const speed = Number(args.speed);
  const run = randomUUID().slice(0, 6);
  // The broker only when there are MQTT meters: Kegtrons are driven over HTTP.
  const client = sensors.length > 0 ? await mqtt.connectAsync(args.url, { clientId: `taproom-sim-${run}` }) : null;
  let published = 0;
  let sequence = 0;
  const send = async (message: Record<string, unknown>) => {
    const payload = JSON.stringify(message);
    await client!.publishAsync(topic, payload, { qos: 1 });
    published += 1;
    if (Math.random() < Number(args.duplicates)) {
      await client!.publishAsync(topic, payload, { qos: 1 });
      published += 1;
    }
  };
  const temps = new Map(sensors.map((sensor) => [sensor, 3 + Math.random()]));
  const end = Date.now() + (Number(args.seconds) * 1000) / speed;
  const timers: NodeJS.Timeout[] = [];
  for (const [index, sensor] of sensors.entries()) {
    const pour = () => {
      const volume = Math.round((pick() * (0.97 + Math.random() * 0.05) + Number.EPSILON) * 10) / 10;
      void send({ type: "pour", sensor, id: `${sensor}-${run}-${++sequence}`, volume, unit: "ml", at: new Date().toISOString() });
    };
    const temperature = () => {
      const warm = args.warm && index === 0;
      const next = warm ? temps.get(sensor)! + 0.8 : 3.5 + (temps.get(sensor)! - 3.5) * 0.8 + (Math.random() - 0.5) * 0.4;
      temps.set(sensor, next);
      void send({
        type: "temperature",
        sensor,
        id: `${sensor}-${run}-t${++sequence}`,
        celsius: Math.round(next * 100) / 100,
        at: new Date().toISOString(),
      });
    };
    const every = (Number(args["pour-every"]) * 1000) / speed;
    timers.push(setInterval(pour, every * (0.6 + Math.random() * 0.8)));
    timers.push(setInterval(temperature, (Number(args["temp-every"]) * 1000) / speed));
    temperature();
  }
  let driven = 0;
  const drive = async ({ url }: Kegtron, action: "pour" | "temperature", body: Record<string, unknown>) => {
    const answer = await fetch(`${url}/${action}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (answer.ok) driven += 1;
    else console.error(`${url}/${action} answered ${answer.status}`);
  };
  for (const [index, kegtron] of kegtrons.entries()) {
    let celsius = 3 + Math.random();
    const pour = () =>
      void drive(kegtron, "pour", { port: kegtron.port, ml: Math.round(pick() * (0.97 + Math.random() * 0.05) * 10) / 10 });
    const temperature = () => {
      celsius =
        args.warm && index === 0 && sensors.length === 0 ? celsius + 0.8 : 3.5 + (celsius - 3.5) * 0.8 + (Math.random() - 0.5) * 0.4;
      void drive(kegtron, "temperature", { celsius: Math.round(celsius * 100) / 100 });
    };
    const every = (Number(args["pour-every"]) * 1000) / speed;
    timers.push(setInterval(pour, every * (0.6 + Math.random() * 0.8)));
    timers.push(setInterval(temperature, (Number(args["temp-every"]) * 1000) / speed));
    temperature();
  }
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, end - Date.now())));
  for (const timer of timers) clearInterval(timer);
  await client?.endAsync();
  console.log(
    `published ${published} messages (${sensors.length} sensors) on ${topic}; ${driven} Kegtron sandbox calls (${kegtrons.length} ports)`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
