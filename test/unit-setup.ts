import "./env";
import { fileBoundary } from "./file-boundary";
import { installDatabase, type Database } from "@/lib/db/client";

fileBoundary();

// A `*.unit.test.ts` file tests code that never reaches the database: it runs once (the `unit`
// project), not on PGlite and again on PostgreSQL. Its database is one that refuses every use, so a file
// that does reach the database fails with this message instead of quietly opening one under DATA_DIR.
const refuse = (what: string): never => {
  throw new Error(`a *.unit.test.ts file has no database (it used ${what}): rename it to *.test.ts to run it on both databases`);
};
const db = new Proxy({} as Database["db"], {
  // `then` is read by `await getDb()`: answering undefined makes the proxy a plain value to await.
  get: (_target, property) => (property === "then" ? undefined : refuse(`db.${String(property)}`)),
});
installDatabase(
  new Proxy({ db, kind: "pglite" } as Database, {
    get: (target, property) =>
      property === "db" || property === "then" ? target[property as "db"] : refuse(`database.${String(property)}`),
  }),
);
