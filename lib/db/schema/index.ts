// The app's tables, split by domain; `@/lib/db/schema` is every table of the app (the v4 sandbox
// keeps its own in sandbox/schema.ts). drizzle-kit reads these files and sandbox/schema.ts.
export * from "./venues";
export * from "./state";
export * from "./sessions";
export * from "./menus";
export * from "./custom-menus";
export * from "./beer-platform";
export * from "./insights";
export * from "./changes";
export * from "./webhooks";
export * from "./team";
export * from "./imports";
export * from "./taps";
export * from "./boards";
export * from "./pos";
export * from "./sensors";
export * from "./reorder";
