import { hostname } from "node:os";
import mqtt from "mqtt";
import type { Database, Db } from "@/lib/db/client";
import { env } from "@/lib/server/env";
import type { Job } from "@/lib/server/jobs";
import { errorFields, log } from "@/lib/server/log";
import { keeper, startDrain } from "./inbox";
import { TOPIC_FILTER } from "./sensors";

// The MQTT subscriber (venue-operations §14, decisions 086, 099 and 103), a service of the one job list.
// Every instance subscribes (QoS 1, persistent sessions under its own client id) and keeps every
// message; the database makes each count once (the readings' keys), so two instances are exact and
// either can stop without a gap. A message is acknowledged only after it is committed, in the inbox
// (lib/taps/sensors/inbox.ts): one the instance did not keep (a crash, a restart, the database away) is
// delivered again by the broker, and a disconnected session's messages wait at the broker until it is
// back. The instance's drain counts the inbox in batches, one per tap.
//
// MQTT hands a connection its next message only after the last one's acknowledgement, so one
// connection keeps one message at a time. An instance therefore opens `consumers` connections
// (<id>-0 … <id>-N-1) in one shared subscription of its own (`$share/<id>/…`, decision 099): the
// broker gives each message of the topics to one of them, so an instance still hears every message
// once, N at a time. The group is the instance's, not the fleet's: every instance still hears every message.

/** How long to wait before trying to keep a message again while the database is away. */
const RETRY_MS = [250, 1000, 5000, 15_000] as const;

/** A running subscriber: `ready` settles once every connection has subscribed (the broker may be away at start). */
export type Subscriber = { stop: () => Promise<void>; clients: mqtt.MqttClient[]; ready: Promise<void> };

/** The topic filter of an instance's shared subscription: `$share/<group>/<filter>` (MQTT 5 §4.8.2; Mosquitto takes it from 3.1.1 clients too). */
export const sharedFilter = (group: string) => `$share/${group}/${TOPIC_FILTER}`;

/**
 * Connects `consumers` sessions to `url` as `clientId`-0… and counts every reading into `db` until
 * stopped; `onCounted` hears each message a connection kept and acknowledged.
 */
export async function startSubscriber(
  db: Db,
  {
    url,
    clientId,
    consumers = 1,
    now = () => new Date(),
    onCounted,
  }: { url: string; clientId: string; consumers?: number; now?: () => Date; onCounted?: (consumer: number) => void },
): Promise<Subscriber> {
  let stopping = false;
  const drain = startDrain(db, { now });
  const keep = keeper(db);
  const clients = Array.from({ length: consumers }, (_, index) => {
    const client = mqtt.connect(url, {
      clientId: `${clientId}-${index}`,
      clean: false,
      protocolVersion: 4,
      reconnectPeriod: 1000,
      connectTimeout: 10_000,
      manualConnect: true,
    });
    client.handleMessage = (packet, done) => {
      void (async () => {
        for (let attempt = 0; !stopping; attempt += 1) {
          try {
            const kept = await keep({ topic: packet.topic, payload: packet.payload as Uint8Array, receivedAt: now() });
            if (!kept) log().warn({ topic: packet.topic, reason: "invalid" }, "A sensor reading was not counted");
            onCounted?.(index);
            done();
            if (kept) drain.kick();
            return;
          } catch (error) {
            log().error({ ...errorFields(error), topic: packet.topic }, "A sensor reading could not be kept; trying again");
            await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]).unref());
          }
        }
        // Stopping with the message not kept: no acknowledgement, the broker sends it again.
      })();
    };
    client.on("error", (error) => log().warn(errorFields(error), "MQTT connection error"));
    return client;
  });
  const subscribed = clients.map(
    (client, index) =>
      new Promise<void>((resolve) => {
        client.on("connect", (ack) => {
          // A session the broker kept has the subscription already; subscribing again is harmless.
          client.subscribe(sharedFilter(clientId), { qos: 1 }, (error) => {
            if (error) log().warn(errorFields(error), "MQTT subscribe failed");
            else if (!ack.sessionPresent) log().info({ clientId: `${clientId}-${index}` }, "MQTT subscribed to the sensors' topics");
            resolve();
          });
        });
      }),
  );
  for (const client of clients) client.connect();
  return {
    clients,
    ready: Promise.all(subscribed).then(() => undefined),
    stop: async () => {
      stopping = true;
      await Promise.all(clients.map((client) => client.endAsync()));
      // What was kept and not yet counted waits in the inbox for the next drain (here or elsewhere).
      await drain.stop();
    },
  };
}

export const mqttClientId = () =>
  env().MQTT_CLIENT_ID ??
  `taproom-${hostname()
    .replace(/[^A-Za-z0-9._-]/g, "-")
    .slice(0, 40)}-${env().PORT}`;

export const mqttSensorJob: Job<Database> = {
  name: "mqtt-sensors",
  start: async (database) => {
    const url = env().MQTT_URL;
    if (!url) return async () => {};
    const subscriber = await startSubscriber(database.db, { url, clientId: mqttClientId(), consumers: env().MQTT_CONSUMERS });
    return subscriber.stop;
  },
};
