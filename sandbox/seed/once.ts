import type { Db } from "@/lib/db/client";

/**
 * Runs `seed` once per database in this process: every request awaits the same promise, and a failed
 * seed is forgotten so the next request tries again. The promises live on `globalThis` under
 * `taproom.<name>.seeded`, so every copy of the calling module (Next bundles it per route) shares them.
 * Across instances the seed itself serialises under its advisory lock.
 */
export function oncePerDatabase(name: string, seed: (db: Db) => Promise<void>): (db: Db) => Promise<void> {
  const slot = Symbol.for(`taproom.${name}.seeded`);
  const holder = globalThis as { [slot]?: WeakMap<Db, Promise<void>> };
  holder[slot] ??= new WeakMap();
  const seeded = holder[slot];
  return (db) => {
    let pending = seeded.get(db);
    if (!pending) {
      pending = seed(db).catch((error) => {
        seeded.delete(db);
        throw error;
      });
      seeded.set(db, pending);
    }
    return pending;
  };
}
