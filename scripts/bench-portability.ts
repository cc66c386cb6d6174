// npm run bench -- portability — figures for decision 060, printed (not asserted): the demo business's
// export (time, size) and its restore into a fresh in-memory install; then a backup of a seeded embedded
// database in a temporary directory (time, size) and its restore (time, checks included).
import os from "node:os";
import path from "node:path";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createUser } from "@/lib/auth/accounts";
import { restoreFrom } from "@/lib/backup/embedded";
import { openPglite } from "@/lib/db/client";
import { businesses } from "@/lib/db/schema";
import { seedDemo, seedIfEmpty, seedReferenceData } from "@/lib/demo/seed";
import { exportBusiness } from "@/lib/portability/export";
import { exportFile } from "@/lib/portability/format";
import { restoreBusiness } from "@/lib/portability/restore";

process.env.PASSWORD_HASH_COST ??= "15";
const ms = (start: number) => `${Math.round(performance.now() - start)} ms`;

const source = await openPglite("memory://");
await seedDemo(source.db);
let start = performance.now();
const file = await exportBusiness(source.db, 1);
const exportTime = ms(start);
const text = JSON.stringify(file);
console.log(
  `export of the demo business: ${exportTime}, ${(text.length / 1024).toFixed(0)} KiB, ${file.tables.menu_edits?.length} history rows`,
);

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
start = performance.now();
const parsed = exportFile.parse(JSON.parse(text));
const validateTime = ms(start);
start = performance.now();
const result = await restoreBusiness(target.db, user, parsed);
console.log(
  `restore into a fresh install: validation ${validateTime}, restore ${ms(start)} (${Object.values(result.counts).reduce((a, b) => a + b, 0)} rows)`,
);
await source.close();
await target.close();

const dir = mkdtempSync(path.join(os.tmpdir(), "taproom-bench-backup-"));
try {
  const live = await openPglite(path.join(dir, "pglite"));
  await seedIfEmpty(live.db);
  start = performance.now();
  const tarball = await live.dumpDataDir!();
  const bytes = new Uint8Array(await tarball.arrayBuffer());
  console.log(`backup of the seeded embedded database (demo + activity): ${ms(start)}, ${(bytes.byteLength / 1024 / 1024).toFixed(1)} MiB`);
  await live.close();
  writeFileSync(path.join(dir, "backup.tar.gz"), bytes);
  start = performance.now();
  await restoreFrom(path.join(dir, "backup.tar.gz"), path.join(dir, "restored"));
  console.log(`restore of that backup (unpack, migrate, checkIntegrity, rename): ${ms(start)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
