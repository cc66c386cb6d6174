// Empty on purpose. Without a hook of its own, Turbopack builds this app with the repository's
// instrumentation.ts (the root it resolves from), which would start Taproom's database and jobs here.
export function register() {}
