// npm run restore -- FILE — replaces the embedded database (DATA_DIR/pglite) with a backup of
// `npm run backup`, checked first; the current directory is kept beside it. Refuses while the app runs.
import { restoreFrom } from "@/lib/backup/embedded";
import { embeddedDataDir } from "@/lib/db/client";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run restore -- FILE");
  process.exit(2);
}
const started = performance.now();
try {
  const result = await restoreFrom(file, embeddedDataDir());
  const ms = Math.round(performance.now() - started);
  console.log(
    `Restored ${file} into ${result.dataDir} in ${ms} ms.${result.previous ? ` The previous data is kept in ${result.previous}.` : ""}`,
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
