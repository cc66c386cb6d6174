/**
 * Keg-sensor benchmark (venue-operations §14, issue 53): --rate pour readings a second for --seconds
 * (1,000 and 60 by default) published through the MQTT broker at MQTT_URL (the local Mosquitto) on the
 * demo location's topic, as --sensors paired meters would, a --duplicates share of them published twice
 * (a flaky meter), and the app's own subscriber (lib/taps/sensors/mqtt.ts, in this process) counting
 * them into the database: an embedded PGlite in a temporary folder, or a fresh PostgreSQL database beside
 * DATABASE_URL. Halfway through, the subscriber disconnects for --outage seconds and comes back under the
 * same client id (its session kept at the broker), as after a restart.
 *
 * Prints: readings published, pours counted (none lost: every distinct reading once; none doubled: no
 * reading twice), each keg's level against the sum of its readings, the p50/p99/max from a reading's
 * time to its counting transaction (the pour row's `created_at` minus the reading's `at`), the rate kept
 * up, and the process's RSS. Figures only, no assertion.
 *
 *   npm run bench -- sensors
 *   npm run bench -- sensors --rate 1000 --seconds 60 --sensors 6 --outage 3 --consumers 16
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- sensors
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import mqtt from "mqtt";
import { installDatabase } from "@/lib/db/client";
import { kegs, locations, pours, taps, users } from "@/lib/db/schema";
import { DEMO, seedDemo } from "@/lib/demo/seed";
import { tapNewKeg } from "@/lib/taps/kegs";
import { pairSensor } from "@/lib/taps/sensors/sensors";
import { startSubscriber, type Subscriber } from "@/lib/taps/sensors/mqtt";
import { topicOf } from "@/lib/taps/sensors/sensors";
import { openBenchDatabase } from "./bench-database";

const { values: args } = parseArgs({
  options: {
    url: { type: "string", default: process.env.MQTT_URL ?? "mqtt://127.0.0.1:1883" },
    rate: { type: "string", default: "1000" },
    seconds: { type: "string", default: "60" },
    sensors: { type: "string", default: "6" },
    duplicates: { type: "string", default: "0.05" },
    outage: { type: "string", default: "3" },
    "drain-seconds": { type: "string", default: "300" },
    // The instance's connections keeping messages at once (MQTT_CONSUMERS, decisions 099 and 103).
    consumers: { type: "string", default: "16" },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const SENSORS = Number(args.sensors);
const DUPLICATES = Number(args.duplicates);
const OUTAGE_MS = Number(args.outage) * 1000;
const POUR_ML = 10;
const KEG_ML = 1_000_000;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const { database, close, where } = await openBenchDatabase("sensors");
  installDatabase(database);
  const db = database.db;
  const run = randomUUID().slice(0, 8);
  let rssMax = 0;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, process.memoryUsage().rss);
  }, 500);
  let subscriber: Subscriber | null = null;
  const publisher = await mqtt.connectAsync(args.url, { clientId: `taproom-bench-pub-${run}` });
  try {
    await seedDemo(db);
    const [owner] = await db.select().from(users).where(eq(users.email, DEMO.owner.email));
    const [location] = await db.select().from(locations).where(eq(locations.businessId, owner!.businessId)).orderBy(locations.id).limit(1);
    const tapRows = (await db.select().from(taps).where(eq(taps.locationId, location!.id)).orderBy(taps.number)).slice(0, SENSORS);
    if (tapRows.length < SENSORS) throw new Error(`The demo location has ${tapRows.length} taps; --sensors ${SENSORS} needs as many`);
    const devices: string[] = [];
    for (const tap of tapRows) {
      await tapNewKeg(db, { businessId: owner!.businessId, id: tap.id, input: { size_ml: KEG_ML } });
      const deviceId = `bench-${run}-${tap.number}`;
      await pairSensor(db, { location: location!, input: { tap_id: tap.id, kind: "mqtt", device_id: deviceId } });
      devices.push(deviceId);
    }
    const clientId = `taproom-bench-sub-${run}`;
    const subscribe = async () => {
      subscriber = await startSubscriber(db, { url: args.url, clientId, consumers: Number(args.consumers) });
      await subscriber.ready;
    };
    await subscribe();

    // Publishing: every 10 ms a tenth-of-a-hundredth of the rate, so the second is evenly filled.
    const topic = topicOf(location!.id);
    const perTick = RATE / 100;
    let published = 0;
    let distinct = 0;
    let owed = 0;
    const start = Date.now();
    let outage: Promise<void> | null = null;
    const tick = async (index: number) => {
      const count = Math.floor((index + 1) * perTick) - Math.floor(index * perTick);
      const sends: Promise<unknown>[] = [];
      for (let n = 0; n < count; n++) {
        const sensor = devices[distinct % devices.length]!;
        const payload = JSON.stringify({
          type: "pour",
          sensor,
          id: `${run}-${distinct}`,
          volume: POUR_ML,
          unit: "ml",
          at: new Date().toISOString(),
        });
        distinct += 1;
        sends.push(publisher.publishAsync(topic, payload, { qos: 1 }));
        published += 1;
        if (Math.random() < DUPLICATES) {
          sends.push(publisher.publishAsync(topic, payload, { qos: 1 }));
          published += 1;
        }
      }
      owed += sends.length;
      await Promise.all(sends);
      owed -= sends.length;
    };
    const ticks = SECONDS * 100;
    for (let index = 0; index < ticks; index++) {
      const due = start + index * 10;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      void tick(index);
      if (index === Math.floor(ticks / 2) && OUTAGE_MS > 0) {
        // The subscriber goes away (a restart) and comes back under the same client id.
        outage = (async () => {
          await subscriber!.stop();
          await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
          await subscribe();
        })();
      }
    }
    while (owed > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const publishSeconds = (Date.now() - start) / 1000;
    await outage;
    console.log(`${where}; MQTT at ${args.url}; ${SENSORS} meters, ${POUR_ML} ml a reading; ${args.consumers} consumers`);
    console.log(
      `published ${published.toLocaleString("en-US")} messages in ${publishSeconds.toFixed(1)} s (${distinct.toLocaleString("en-US")} distinct readings, ${(published - distinct).toLocaleString("en-US")} duplicates; a ${OUTAGE_MS / 1000} s subscriber outage halfway)`,
    );

    // Drain: until every distinct reading is counted, or the drain time is up.
    const tapIds = tapRows.map((tap) => tap.id);
    const counted = async () =>
      Number(
        (
          await db
            .select({ n: sql<number>`count(*)` })
            .from(pours)
            .where(and(inArray(pours.tapId, tapIds), sql`${pours.idempotencyKey} like ${"mqtt:%"}`))
        )[0]!.n,
      );
    const drainStart = Date.now();
    let have = await counted();
    while (have < distinct && Date.now() - drainStart < Number(args["drain-seconds"]) * 1000) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      have = await counted();
    }
    const [last] = await db
      .select({ at: sql<string>`max(${pours.createdAt})` })
      .from(pours)
      .where(and(inArray(pours.tapId, tapIds), sql`${pours.idempotencyKey} like ${"mqtt:%"}`));
    const doneSeconds = last?.at ? (new Date(last.at).getTime() - start) / 1000 : Number.NaN;
    const latencies = (
      await db
        .select({ ms: sql<number>`extract(epoch from (${pours.createdAt} - ${pours.at})) * 1000` })
        .from(pours)
        .where(and(inArray(pours.tapId, tapIds), sql`${pours.idempotencyKey} like ${"mqtt:%"}`))
    ).map((row) => Number(row.ms));
    // The pours' unique (tap, key) index makes a doubled reading impossible; counted here all the same.
    const doubled = Number(
      (
        await db
          .select({ n: sql<number>`count(*) - count(distinct (${pours.tapId}, ${pours.idempotencyKey}))` })
          .from(pours)
          .where(inArray(pours.tapId, tapIds))
      )[0]!.n,
    );
    const levels = await db
      .select({ tapId: kegs.tapId, remaining: kegs.remainingMl })
      .from(kegs)
      .where(and(inArray(kegs.tapId, tapIds), sql`${kegs.endedAt} is null`));
    const perTap = new Map<number, number>();
    for (const row of await db
      .select({ tapId: pours.tapId, ml: sql<number>`sum(${pours.volumeMl})` })
      .from(pours)
      .where(and(inArray(pours.tapId, tapIds), sql`${pours.idempotencyKey} like ${"mqtt:%"}`))
      .groupBy(pours.tapId))
      perTap.set(row.tapId, Number(row.ml));
    const levelsAgree = levels.every((keg) => Math.abs(KEG_ML - (perTap.get(keg.tapId) ?? 0) - Number(keg.remaining)) < 0.01);

    console.log(
      `counted ${have.toLocaleString("en-US")} of ${distinct.toLocaleString("en-US")} distinct readings (lost ${(distinct - have).toLocaleString("en-US")}), ${doubled} counted twice; the last counted ${doneSeconds.toFixed(1)} s after the first was published (${(have / doneSeconds).toFixed(0)} counted a second)`,
    );
    console.log(`keg levels equal ${KEG_ML / 1000} l less the sum of each tap's readings: ${levelsAgree ? "yes" : "NO"}`);
    console.log(
      `reading → counted: p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p99 ${quantile(latencies, 0.99).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
    );
    console.log(`RSS: max ${mb(rssMax)} (publisher, broker client, subscriber and ${where} in one process)`);
  } finally {
    clearInterval(sampler);
    await (subscriber as Subscriber | null)?.stop();
    await publisher.endAsync();
    // The run's persistent sessions are cleared at the broker (they would keep queueing the topic's messages).
    for (let index = 0; index < Number(args.consumers); index++) {
      const clear = await mqtt.connectAsync(args.url, { clientId: `taproom-bench-sub-${run}-${index}`, clean: true, reconnectPeriod: 0 });
      await clear.endAsync();
    }
    await close();
  }
}

await main();
process.exit(0);
