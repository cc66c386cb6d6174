/**
 * Pours benchmark (venue-operations §8): how many pours per second one app instance records on
 * PostgreSQL, and the p50/p99 of one pour: on one tap by default (the worst case: every pour waits for
 * the keg's row lock), or spread over --taps taps. Runs the lib function POST /taps/:id/pours calls (no HTTP, no Next.js) against a
 * fresh database created next to DATABASE_URL (dropped at the end), with --concurrency pours in flight
 * over a pool of --pool connections. Figures only, no assertion.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- pours
 *   DATABASE_URL=… npm run bench -- pours --pours 5000 --concurrency 32 --pool 10 --taps 12
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import pg from "pg";
import { actingAs } from "@/lib/db/actor";
import { openPostgres } from "@/lib/db/client";
import { items, kegs, locations, sections, taps, users } from "@/lib/db/schema";
import { DEMO, seedDemo } from "@/lib/demo/seed";
import { createMenu } from "@/lib/menus/menus";
import { tapNewKeg } from "@/lib/taps/kegs";
import { hoursOf, pourOnTap } from "@/lib/taps/pours";

const { values: args } = parseArgs({
  options: {
    pours: { type: "string", default: "3000" },
    concurrency: { type: "string", default: "16" },
    pool: { type: "string", default: "10" },
    taps: { type: "string", default: "1" },
  },
});
const total = Number(args.pours);
const concurrency = Number(args.concurrency);
const tapCount = Number(args.taps);
const ACTOR = { user_id: null, name: "bench", via: "system" as const };

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.log("DATABASE_URL is not set: this benchmark runs on PostgreSQL only.");
    process.exitCode = 1;
    return;
  }
  // The demo seed hashes passwords, which needs the instances' shared secret beside DATABASE_URL.
  process.env.APP_SECRET ??= `bench-pours-${randomBytes(24).toString("hex")}`;
  const name = `taproom_bench_pours_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString(), Number(args.pool));
  try {
    const db = database.db;
    await seedDemo(db);
    const [owner] = await db.select().from(users).where(eq(users.email, DEMO.owner.email));
    const [location] = await db.select().from(locations).where(eq(locations.businessId, owner!.businessId)).limit(1);
    const menu = await actingAs(ACTOR, () => createMenu(db, { location: location!, fields: { name: "Pours bench" } }));
    const [section] = await db.insert(sections).values({ menuId: menu.id, name: "Draft", position: 0 }).returning();
    const [item] = await db.insert(items).values({ sectionId: section!.id, position: 0, originalName: "Bench Lager" }).returning();
    const lines = await db
      .insert(taps)
      .values(Array.from({ length: tapCount }, (_, index) => ({ locationId: location!.id, number: index + 1, itemId: item!.id })))
      .returning();
    // Kegs that never run dry here, so every pour is the ordinary path (lock, count, forecast).
    for (const line of lines) await tapNewKeg(db, { businessId: owner!.businessId, id: line.id, input: { size_ml: 900_000_000 } });
    const hours = await hoursOf(db, location!, new Date());

    const latencies: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < total) {
        const index = next++;
        const start = process.hrtime.bigint();
        await pourOnTap(db, {
          tap: lines[index % lines.length]!,
          location: location!,
          input: { volume: 473, unit: "ml", idempotency_key: `bench-${index}` },
          hours,
        });
        latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: concurrency }, worker));
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const kept = await db.select({ remaining: kegs.remainingMl }).from(kegs);
    const left = kept.reduce((sum, keg) => sum + Number(keg.remaining), 0);
    const where = tapCount === 1 ? "one tap" : `${tapCount} taps`;
    console.log(`PostgreSQL, one instance, ${where}: ${total} pours, ${concurrency} in flight, pool ${args.pool}`);
    console.log(`  pours per second: ${(total / seconds).toFixed(0)}`);
    console.log(`  one pour: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms`);
    console.log(`  counted exactly: ${left === tapCount * 900_000_000 - total * 473 ? "yes" : "NO"}`);
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
