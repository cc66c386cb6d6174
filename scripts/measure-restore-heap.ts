/**
 * npm run bench -- restore-heap — how large a restore body (POST /api/v1/import) the embedded profile's
 * heap holds (decision 076). For each size it runs one child Node with the small-server profile's heap
 * (scripts/server-options.mjs: --max-old-space-size, 128 MiB unless SERVER_HEAP_MB) and a ballast of
 * live objects standing for the server's own live set (decision 069: 55–70 MiB under the soak), makes an
 * export of that size from the demo business (its history rows repeated), and does what the route does:
 * the body's bytes, its text, JSON.parse, the export's schema, the restore into an in-memory PGlite.
 * It prints, per size, whether the child lived and V8's heap after each step. It asserts nothing.
 *
 *   npm run bench -- restore-heap                       # 4, 8, 16, 32 and 58 MiB against a 64 MiB ballast
 *   npm run bench -- restore-heap --sizes 6,12 --ballast 70
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";
import { getHeapStatistics } from "node:v8";
import { serverNode } from "./server-options.mjs";

const { values: args } = parseArgs({
  options: {
    sizes: { type: "string", default: "4,8,16,32,58" },
    ballast: { type: "string", default: "64" },
    child: { type: "string" },
  },
});

const MiB = 1024 * 1024;
const heapMiB = () => (getHeapStatistics().used_heap_size / MiB).toFixed(0);

async function child(sizeMiB: number, ballastMiB: number) {
  process.env.PASSWORD_HASH_COST ??= "15";
  const { createUser } = await import("@/lib/auth/accounts");
  const { openPglite } = await import("@/lib/db/client");
  const { businesses } = await import("@/lib/db/schema");
  const { seedDemo, seedReferenceData } = await import("@/lib/demo/seed");
  const { exportBusiness } = await import("@/lib/portability/export");
  const { exportFile } = await import("@/lib/portability/format");
  const { restoreBusiness } = await import("@/lib/portability/restore");
  // Small objects, as the server's caches and module graph are: a few big strings would be cheaper.
  const ballast: { n: number; s: string }[] = [];
  while (getHeapStatistics().used_heap_size < ballastMiB * MiB) {
    for (let i = 0; i < 10_000; i++) ballast.push({ n: i, s: `ballast ${i} ${ballast.length}` });
  }
  const source = await openPglite("memory://");
  await seedDemo(source.db);
  const file = await exportBusiness(source.db, 1);
  await source.close();
  const edits = (file.tables.menu_edits ?? []) as Record<string, unknown>[];
  const template = JSON.stringify(edits[0] ?? {});
  let nextId = Math.max(...edits.map((row) => Number(row.id))) + 1;
  let text = JSON.stringify(file);
  const grown: Record<string, unknown>[] = [];
  while (text.length + grown.length * (template.length + 1) < sizeMiB * MiB) grown.push({ ...edits[0], id: nextId++ });
  file.tables.menu_edits = [...edits, ...grown] as never;
  text = JSON.stringify(file);
  const bytes = Buffer.from(text);
  text = "";
  grown.length = 0;
  global.gc?.();
  const steps: string[] = [`ballast ${heapMiB()} MiB, body ${(bytes.byteLength / MiB).toFixed(1)} MiB`];
  const body = bytes.toString("utf8");
  steps.push(`text ${heapMiB()}`);
  const raw = JSON.parse(body);
  steps.push(`JSON.parse ${heapMiB()}`);
  const parsed = exportFile.parse(raw);
  steps.push(`schema ${heapMiB()}`);
  const target = await openPglite("memory://");
  await seedReferenceData(target.db);
  const [business] = await target.db.insert(businesses).values({ name: "Fresh" }).returning();
  const { user } = await createUser(target.db, {
    businessId: business!.id,
    email: "owner@demo.test",
    name: "Owner",
    password: "a long enough passphrase",
    role: "owner",
    locationIds: null,
  });
  await restoreBusiness(target.db, user, parsed);
  steps.push(`restored ${heapMiB()}`);
  console.log(`${steps.join(", ")} (ballast kept: ${ballast.length})`);
  await target.close();
}

if (args.child) {
  const [size, ballast] = args.child.split(":").map(Number);
  await child(size!, ballast!);
} else {
  const node = serverNode(process.env);
  const heapFlag = node.args.find((arg) => arg.startsWith("--max-old-space-size")) ?? "--max-old-space-size=128";
  console.log(`heap: ${heapFlag}, ballast ${args.ballast} MiB`);
  for (const size of args.sizes.split(",").map(Number)) {
    const run = spawnSync(
      process.execPath,
      [heapFlag, "--max-semi-space-size=4", "--import", "tsx", process.argv[1]!, "--child", `${size}:${args.ballast}`],
      { encoding: "utf8", env: { ...node.env, NODE_OPTIONS: "" } },
    );
    const died = run.signal ?? (run.status !== 0 ? `exit ${run.status}` : null);
    const oom = /heap out of memory|Reached heap limit/.test(run.stderr) ? " (out of memory)" : "";
    console.log(`${size} MiB: ${died ? `died, ${died}${oom}` : `lived: ${run.stdout.trim()}`}`);
    if (died && !oom) console.log(run.stderr.split("\n").slice(-8).join("\n"));
  }
}
