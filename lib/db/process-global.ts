// State that must be one per process. Next.js bundles a module once per route (and once more for
// instrumentation.ts), so a module-level `new Map()` would be one per bundle: a cache per route, an
// AsyncLocalStorage the database's transaction stamping never sees. Such state lives on globalThis
// under a registered symbol instead, created by the first bundle that asks.
const holder = globalThis as { [key: symbol]: unknown };

export function processGlobal<T>(name: string, create: () => T): T {
  const slot = Symbol.for(`taproom.${name}`);
  if (!(slot in holder)) holder[slot] = create();
  return holder[slot] as T;
}
