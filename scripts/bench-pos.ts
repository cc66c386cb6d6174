/**
 * POS benchmark (pos.md §6), against the Square sandbox built into the app, in this process (no HTTP, no
 * Next.js): the app's Square module over Square's SDK, the sandbox answering it, and the sandbox's signed
 * webhooks handed to the app's receiver, all on one database: an embedded PGlite in a temporary folder,
 * or, with DATABASE_URL, a fresh PostgreSQL database created beside it (dropped at the end).
 *
 * 1. Reconciliation: the till gets --items drinks of three sizes each (2,100 variations by default), the
 *    location the same drinks; the first whole sync (suggestions), every suggestion confirmed, then a
 *    whole sync with a tenth of the prices changed at the till, and a dry run: time and SQL statements
 *    (the in-process sandbox's own included: it reads each variation's count at both its locations).
 * 2. Webhooks: --rate inventory changes a second at the till for --seconds (50 and 60 by default), each
 *    selling out or restocking a matched drink: the p50/p99/max from the webhook's arrival to its change
 *    committed (what the board's stream is told on commit), and from the till's call to it; each one's
 *    86 or restore checked in the database at the end. Figures only, no assertion.
 *
 *   npm run bench -- pos
 *   npm run bench -- pos --items 700 --rate 50 --seconds 60
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench -- pos
 */
import { parseArgs } from "node:util";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { SquareClient } from "square";
import { actingAs } from "@/lib/db/actor";
import { installDatabase } from "@/lib/db/client";
import { containerSizes, containers, items, locations, posConnections, sections, users } from "@/lib/db/schema";
import { countStatements } from "@/lib/db/statement-count";
import { DEMO, seedDemo } from "@/lib/demo/seed";
import { createMenu } from "@/lib/menus/menus";
import { squareConfig } from "@/lib/pos/config";
import { finishPosConnect } from "@/lib/pos/connect-callback";
import { createConnection } from "@/lib/pos/connections";
import { listMappings, replaceMappings } from "@/lib/pos/mappings";
import { sandboxFetch, subscribeSandbox } from "@/lib/pos/square/transport";
import { receiveWebhook, syncWhole } from "@/lib/pos/webhook";
import { handleSquareSandbox } from "@/sandbox/square/server";
import { openBenchDatabase } from "./bench-database";
import { SANDBOX_LOCATIONS, SANDBOX_TILL_TOKEN } from "@/sandbox/square/seed";

const { values: args } = parseArgs({
  options: {
    items: { type: "string", default: "700" },
    rate: { type: "string", default: "50" },
    seconds: { type: "string", default: "60" },
  },
});
const ITEMS = Number(args.items);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const SIZES = [
  ["Pint", 700],
  ["Half", 400],
  ["Taster", 250],
] as const;
const ACTOR = { user_id: null, name: "bench", via: "system" as const };
const [downtown] = SANDBOX_LOCATIONS;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
};
const ms = (values: number[]) =>
  `p50 ${quantile(values, 0.5).toFixed(0)} ms, p99 ${quantile(values, 0.99).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;
const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const name = (index: number) => `Bench Ale ${String(index).padStart(4, "0")}`;

async function main() {
  const { database, close, where } = await openBenchDatabase("pos");
  installDatabase(database);
  const db = database.db;
  const till = new SquareClient({ token: SANDBOX_TILL_TOKEN, baseUrl: squareConfig().baseUrl, fetch: sandboxFetch, maxRetries: 0 });
  try {
    await seedDemo(db);
    const [owner] = await db.select().from(users).where(eq(users.email, DEMO.owner.email));
    const [location] = await db
      .select()
      .from(locations)
      .where(and(eq(locations.businessId, owner!.businessId), eq(locations.name, downtown.name)));
    if (!location) throw new Error(`The demo has no location named ${downtown.name}`);

    // The location's side: one menu of the same drinks, each in the three sizes.
    const sizes = await db.select().from(containerSizes);
    const sizeIds = SIZES.map(([size]) => sizes.find((each) => new RegExp(`\\b${size}\\b`, "i").test(each.name))?.id ?? null);
    const menu = await actingAs(ACTOR, () => createMenu(db, { location, fields: { name: "POS bench" } }));
    const [section] = await db.insert(sections).values({ menuId: menu.id, name: "Draft", position: 0 }).returning();
    for (let start = 0; start < ITEMS; start += 200) {
      const made = await db
        .insert(items)
        .values(
          Array.from({ length: Math.min(200, ITEMS - start) }, (_, offset) => ({
            sectionId: section!.id,
            position: start + offset,
            originalName: name(start + offset),
          })),
        )
        .returning({ id: items.id });
      await db.insert(containers).values(
        made.flatMap((item) =>
          SIZES.map(([size, cents], position) => ({
            itemId: item.id,
            containerSizeId: sizeIds[position],
            name: size,
            price: (cents / 100).toFixed(2),
            position,
          })),
        ),
      );
    }

    // The till's side: the same drinks in Square's catalogue, counted in stock.
    const objects = Array.from({ length: ITEMS }, (_, index) => ({
      type: "ITEM" as const,
      id: `#item-${index}`,
      presentAtAllLocations: true,
      itemData: {
        name: name(index),
        variations: SIZES.map(([size, cents]) => ({
          type: "ITEM_VARIATION" as const,
          id: `#var-${index}-${size}`,
          presentAtAllLocations: true,
          itemVariationData: {
            name: size,
            pricingType: "FIXED_PRICING" as const,
            priceMoney: { amount: BigInt(cents), currency: "USD" as const },
            trackInventory: true,
          },
        })),
      },
    }));
    const upserted = await till.catalog.batchUpsert({ idempotencyKey: `bench-${Date.now()}`, batches: [{ objects }] });
    const variationIds = (upserted.idMappings ?? [])
      .filter((mapping) => mapping.clientObjectId?.startsWith("#var-"))
      .map((mapping) => mapping.objectId!);
    // 100 of each in stock at Downtown, as the sandbox's own drinks are (a tracked variation never counted is sold out).
    for (let start = 0; start < variationIds.length; start += 100) {
      await till.inventory.batchCreateChanges({
        idempotencyKey: `bench-stock-${start}-${Date.now()}`,
        changes: variationIds.slice(start, start + 100).map((catalogObjectId) => ({
          type: "PHYSICAL_COUNT" as const,
          physicalCount: {
            catalogObjectId,
            locationId: downtown.id,
            state: "IN_STOCK" as const,
            quantity: "100",
            occurredAt: new Date().toISOString(),
          },
        })),
      });
    }

    // Connect through the consent page, as the browser would.
    const created = await createConnection(db, { location, input: { provider: "square" } });
    const consent = new URL(created.authorize_url!);
    const allowed = await handleSquareSandbox(
      new Request(consent, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "decision=allow" }),
    );
    const back = new URL(allowed.headers.get("location")!);
    await finishPosConnect(db, {
      providerName: "square",
      state: back.searchParams.get("state") ?? "",
      code: back.searchParams.get("code"),
    });
    const [connection] = await db.select().from(posConnections).where(eq(posConnections.id, created.id));
    if (connection?.status !== "connected") throw new Error(`The connection is ${connection?.status}: ${connection?.lastError}`);
    const scope = { businessId: owner!.businessId, id: connection.id };

    console.log(`${where}: ${ITEMS} drinks × ${SIZES.length} sizes = ${ITEMS * SIZES.length} variations at the till and on the menu`);
    const first = await countStatements(async () => {
      const start = process.hrtime.bigint();
      const report = await syncWhole(db, connection, {});
      return { report, elapsed: since(start) };
    });
    const { mappings } = await listMappings(db, scope);
    const suggested = mappings.filter((row) => row.status === "suggested" && row.item_id !== null && row.container_id !== null);
    console.log(
      `  first sync (suggestions): ${first.result.elapsed.toFixed(0)} ms, ${first.statements} statements; ${suggested.length} suggested of ${mappings.length}`,
    );
    const confirm = await countStatements(async () => {
      const start = process.hrtime.bigint();
      await replaceMappings(db, scope, {
        mappings: suggested.map((row) => ({
          pos_variation_id: row.pos_variation_id,
          item_id: row.item_id!,
          container_id: row.container_id!,
        })),
      });
      return since(start);
    });
    console.log(`  ${suggested.length} matches confirmed in one PUT: ${confirm.result.toFixed(0)} ms, ${confirm.statements} statements`);

    // A tenth of the prices changed at the till (in one batch, as a price list import would).
    const changedIds = suggested.filter((_, index) => index % 10 === 0).map((row) => row.pos_variation_id);
    for (let start = 0; start < changedIds.length; start += 500) {
      const got = {
        objects: await Promise.all(
          changedIds.slice(start, start + 500).map(async (objectId) => (await till.catalog.object.get({ objectId })).object!),
        ),
      };
      const upserts = (got.objects ?? []).flatMap((object) =>
        object.type === "ITEM_VARIATION"
          ? [
              {
                ...object,
                itemVariationData: {
                  ...object.itemVariationData,
                  priceMoney: { amount: BigInt(Number(object.itemVariationData?.priceMoney?.amount ?? 0) + 25), currency: "USD" as const },
                },
              },
            ]
          : [],
      );
      // Square's batch upsert writes without a webhook per object here: the reconciliation is what is timed.
      await till.catalog.batchUpsert({ idempotencyKey: `bench-prices-${start}-${Date.now()}`, batches: [{ objects: upserts }] });
    }
    const [fresh] = await db.select().from(posConnections).where(eq(posConnections.id, connection.id));
    for (const dryRun of [true, false]) {
      const pass = await countStatements(async () => {
        const start = process.hrtime.bigint();
        const report = await syncWhole(db, fresh!, { dryRun });
        return { report, elapsed: since(start) };
      });
      const { report } = pass.result;
      console.log(
        `  whole reconciliation${dryRun ? " (dry run)" : ""}: ${pass.result.elapsed.toFixed(0)} ms, ${pass.statements} statements; ` +
          `updated ${report.updated}, created ${report.created}, removed ${report.removed}, 86'd ${report.eighty_sixed}, errors ${report.errors.length}`,
      );
    }

    // Webhooks: RATE changes a second for SECONDS, each one drink sold out or back (its Pint alone is matched here).
    const single = new Map<number, string>();
    for (const row of suggested) if (row.pos_variation_name === "Pint") single.set(row.item_id!, row.pos_variation_id);
    await replaceMappings(db, scope, {
      mappings: suggested
        .filter((row) => row.pos_variation_name === "Pint")
        .map((row) => ({ pos_variation_id: row.pos_variation_id, item_id: row.item_id!, container_id: row.container_id! })),
    });
    const drinks = [...single.entries()];
    const config = squareConfig();
    const arrivals: number[] = [];
    const tillToBoard: number[] = [];
    subscribeSandbox({
      notificationUrl: config.notificationUrl,
      secret: config.signatureKey,
      deliver: async ({ body, headers }) => {
        const start = process.hrtime.bigint();
        const answer = await receiveWebhook(db, { rawBody: body, headers }, "square");
        arrivals.push(since(start));
        return answer;
      },
    });
    const state = new Map<number, boolean>(); // item → sold out at the till
    const total = RATE * SECONDS;
    const started = performance.now();
    const flights: Promise<void>[] = [];
    for (let index = 0; index < total; index++) {
      const due = started + (index * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const [itemId, variationId] = drinks[index % drinks.length]!;
      const out = !(state.get(itemId) ?? false);
      state.set(itemId, out);
      const start = process.hrtime.bigint();
      flights.push(
        till.inventory
          .batchCreateChanges({
            idempotencyKey: `bench-count-${index}-${Date.now()}`,
            changes: [
              {
                type: "PHYSICAL_COUNT",
                physicalCount: {
                  catalogObjectId: variationId,
                  locationId: downtown.id,
                  state: "IN_STOCK",
                  quantity: out ? "0" : "1000",
                  occurredAt: new Date().toISOString(),
                },
              },
            ],
          })
          .then(() => void tillToBoard.push(since(start))),
      );
    }
    await Promise.all(flights);
    const took = (performance.now() - started) / 1000;
    subscribeSandbox(null);
    const touched = [...state.keys()];
    const eightySixed = new Set(
      (
        await db
          .select({ id: items.id })
          .from(items)
          .where(and(inArray(items.id, touched), isNotNull(items.eightySixedAt)))
      ).map((row) => row.id),
    );
    const wrong = touched.filter((itemId) => state.get(itemId) !== eightySixed.has(itemId)).length;
    console.log(
      `  webhooks: ${total} till changes in ${took.toFixed(1)} s (${(total / took).toFixed(1)} a second), ${arrivals.length} delivered`,
    );
    console.log(`    webhook → committed (the board's stream is told on commit): ${ms(arrivals)}`);
    console.log(`    till's call → committed: ${ms(tillToBoard)}`);
    console.log(`    drinks whose 86 disagrees with the till at the end: ${wrong} of ${touched.length}`);
  } finally {
    subscribeSandbox(null);
    await close();
  }
}

await main();
