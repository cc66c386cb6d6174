// npm run backup -- FILE — the embedded database (DATA_DIR/pglite) as one gzipped tarball, consistent,
// also while the app runs (it is asked for the dump: lib/backup/embedded.ts). PostgreSQL: pg_dump (README).
import { backupTo } from "@/lib/backup/embedded";
import { embeddedDataDir } from "@/lib/db/client";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run backup -- FILE");
  process.exit(2);
}
const started = performance.now();
try {
  const result = await backupTo(file, embeddedDataDir());
  const ms = Math.round(performance.now() - started);
  console.log(`Backed up ${embeddedDataDir()} (via the ${result.via}) to ${file}: ${(result.bytes / 1024).toFixed(0)} KiB in ${ms} ms.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
