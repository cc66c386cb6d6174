// One-way layers, checked by `npm run lint:deps` (part of `npm run lint` and `npm test`).
// Paths are relative to the repository root; `@/…` imports are resolved through tsconfig.json.
// Type-only imports count everywhere (tsPreCompilationDeps): a type is still a dependency between layers.

/** Isomorphic helpers: no server module, no browser-only module; safe in components, lib/client and handlers. */
const PURE_HELPERS = [
  "^lib/shared/",
  "^lib/hours/open-now\\.ts$",
  "^lib/menus/in-force\\.ts$",
  "^lib/schedules/evaluate\\.ts$",
  "^lib/schedules/describe\\.ts$",
  "^lib/boards/status\\.ts$",
  "^lib/schedules/days\\.ts$",
  "^lib/auth/password-rules\\.ts$",
  "^lib/locations/restore-window\\.ts$",
  "^lib/insights/num-days\\.ts$",
  "^lib/menus/display-options\\.ts$",
  "^lib/menus/csv/rows\\.ts$",
  "^lib/auth/permissions\\.ts$",
  "^lib/auth/scopes\\.ts$",
];
/**
 * Each feature's zod schemas (inputs and answers), shared by handlers and forms: `lib/<feature>/schemas.ts`
 * or `schemas/`, and a part's of a feature the same way (`lib/taps/reorder/schemas.ts`).
 */
const SCHEMAS = ["^lib/[^/]+/schemas(\\.ts$|/)", "^lib/[^/]+/[^/]+/schemas\\.ts$"];
/** What browser code (components/, lib/client/) may import from the repository. */
const CLIENT_SAFE = ["^components/", "^lib/client/", ...SCHEMAS, ...PURE_HELPERS];
/** Everything in the repository (as opposed to npm packages and Node built-ins). */
const OWN_CODE = "^(app|components|lib|sandbox|scripts|test|e2e)/|^[^/]+\\.(ts|tsx|js|mjs|cjs)$";
/** Packages that only make sense on the server. */
const SERVER_PACKAGES = "(^|/)node_modules/(pg|pg-[^/]+|@electric-sql/pglite|drizzle-orm|drizzle-kit|server-only)/";
/** The layers below the features: the database (with its rate-limit counters), the server's own plumbing, the isomorphic helpers. */
const BASE = ["^lib/db/", "^lib/server/", "^lib/shared/"];

/** The deprecated custom-menus family: its own modules and its own routes. */
const CUSTOM_MENUS_FAMILY = ["^lib/custom-menus/", "^app/api/v1/custom_", "^app/api/v1/locations/[^/]+/custom_menus(/|$)"];
/** Consolidated routes that answer `include_legacy` through lib/custom-menus/include-legacy.ts. */
const CONSOLIDATED_ROUTES = "^app/api/v1/(menus|sections|items|containers|locations)/";

/**
 * Who may import the built-in sandbox (sandbox/): the app's one door, the beer-platform client's
 * transport seam; the sandbox's consent page for browsers (app/sandbox/); and the
 * demo data and scripts, which draw from the sandbox's seeded world so the demo's beers are its beers.
 */
const SANDBOX_DOOR = [
  "^lib/beer-platform/transport\\.ts$",
  "^lib/pos/square/transport\\.ts$",
  "^lib/pos/toast/transport\\.ts$",
  "^lib/taps/sensors/kegtron-transport\\.ts$",
  "^app/sandbox/",
  "^lib/demo/",
  "^scripts/",
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "No import cycles between files, type-only imports included.",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-framework-internals",
      severity: "error",
      comment:
        "Nothing imports Next.js's internals (next/dist/…): they change with any upgrade. Use the documented entry points (next, next/server, next/navigation, …).",
      from: {},
      // The package's own main entry (`import next from "next"`, `import type { Metadata } from "next"`) resolves there.
      to: { path: "(^|/)node_modules/next/dist/", pathNot: "(^|/)node_modules/next/dist/server/next\\.js$" },
    },
    {
      name: "print-worker-stands-alone",
      severity: "error",
      comment:
        "The print worker (pdf-worker.ts, pdf.ts and pdf-kit.ts) is compiled alone by `npm run build:server`, with no path aliases: it may import packages and the three of them, and nothing else of the app but types (an app import resolved in the build and in the tests, then answered 500 on every print on the built server).",
      from: { path: "^lib/menus/off-screen/pdf(-worker|-kit)?\\.ts$" },
      to: { path: OWN_CODE, pathNot: "^lib/menus/off-screen/pdf(-kit)?\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "db-not-to-domain",
      severity: "error",
      comment: "lib/db is the bottom layer: it imports only lib/db, lib/server/env.ts and lib/server/log.ts (and packages).",
      from: { path: "^lib/db/" },
      to: { path: OWN_CODE, pathNot: ["^lib/db/", "^lib/server/env\\.ts$", "^lib/server/log\\.ts$"] },
    },
    {
      name: "server-is-a-base-layer",
      severity: "error",
      comment:
        "lib/server (env, errors, log, scope, mail, the job runner) serves every feature and knows no table: it imports only lib/server and lib/shared.",
      from: { path: "^lib/server/" },
      to: { path: OWN_CODE, pathNot: ["^lib/server/", "^lib/shared/"] },
    },
    {
      name: "http-knows-no-feature",
      severity: "error",
      comment:
        "lib/http (the request wrapper, problem bodies, conditional answers) is generic: it imports the base layers, the caller, who-may and key-scope rules (lib/auth/caller.ts, permissions.ts, scopes.ts, location-of.ts) and the post-commit bus (lib/live/bus.ts), never a feature's rules or reads.",
      from: { path: "^lib/http/" },
      to: {
        path: OWN_CODE,
        pathNot: [...BASE, "^lib/http/", "^lib/auth/(caller|permissions|scopes|location-of)\\.ts$", "^lib/live/bus\\.ts$"],
      },
    },
    {
      name: "features-not-to-http",
      severity: "error",
      comment:
        "Features (lib/<feature>/) answer data, not HTTP: they do not import the request wrapper (lib/http/handler.ts, body.ts, responses.ts); they may tag answers with lib/http/conditional.ts.",
      // Exceptions: the v4 forwarder is an HTTP proxy, and the deprecated family's deprecation headers wrap its routes.
      from: { path: "^lib/", pathNot: ["^lib/http/", "^lib/openapi/", "^lib/beer-platform/", "^lib/custom-menus/deprecation\\.ts$"] },
      to: { path: "^lib/http/(handler|body|responses)\\.ts$" },
    },
    {
      name: "custom-menus-only-from-its-family",
      severity: "error",
      comment:
        "lib/custom-menus is a deprecated add-on: only its own modules, its routes, the consolidated routes (through include-legacy.ts, see next rule) and tests import it. This includes lib/menus.",
      from: { pathNot: [...CUSTOM_MENUS_FAMILY, CONSOLIDATED_ROUTES, "^test/"] },
      to: { path: "^lib/custom-menus/", pathNot: "^lib/custom-menus/schemas/" },
    },
    {
      name: "consolidated-routes-only-include-legacy",
      severity: "error",
      comment: "Consolidated routes reach the deprecated family only through lib/custom-menus/include-legacy.ts.",
      from: { path: CONSOLIDATED_ROUTES, pathNot: CUSTOM_MENUS_FAMILY },
      to: {
        path: "^lib/custom-menus/",
        pathNot: ["^lib/custom-menus/include-legacy\\.ts$", "^lib/custom-menus/schemas/include-legacy\\.ts$"],
      },
    },
    {
      name: "client-code-only-client-safe",
      severity: "error",
      comment:
        "components/ and lib/client/ run in the browser: they import only components/, lib/client/, the features' schemas and the pure helpers, never lib/db, lib/http, lib/auth, domain data modules or sandbox/.",
      from: { path: ["^components/", "^lib/client/"] },
      to: { path: OWN_CODE, pathNot: CLIENT_SAFE },
    },
    {
      name: "client-code-no-server-packages",
      severity: "error",
      comment: "Browser code imports no Node built-in and no database package.",
      from: { path: ["^components/", "^lib/client/", ...SCHEMAS, ...PURE_HELPERS] },
      to: { dependencyTypesNot: ["type-only"], path: SERVER_PACKAGES },
    },
    {
      name: "client-code-no-node-builtins",
      severity: "error",
      comment: "Browser code imports no Node built-in.",
      from: { path: ["^components/", "^lib/client/", ...SCHEMAS, ...PURE_HELPERS] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "schemas-isomorphic",
      severity: "error",
      comment:
        "The features' schemas are shared by handlers and forms: they import only other schemas and the pure helpers (never lib/db).",
      from: { path: SCHEMAS },
      to: { path: OWN_CODE, pathNot: [...SCHEMAS, ...PURE_HELPERS] },
    },
    {
      name: "pure-helpers-stay-pure",
      severity: "error",
      comment: "The helpers browser code may import stay isomorphic: they import only each other and the features' schemas.",
      from: { path: PURE_HELPERS },
      to: { path: OWN_CODE, pathNot: [...SCHEMAS, ...PURE_HELPERS] },
    },
    {
      name: "lib-not-to-app",
      severity: "error",
      comment: "lib/ (the beer-platform integration included) and sandbox/ never import routes, pages or components.",
      from: { path: ["^lib/", "^sandbox/"] },
      to: { path: ["^app/", "^components/"] },
    },
    {
      name: "sandbox-only-through-transport",
      severity: "error",
      comment:
        "The built-in upstream (sandbox/) is reached by the app only through the beer-platform client's transport seam (lib/beer-platform/transport.ts); its consent page's route, the demo data, scripts and its own suites in test/ may import it.",
      from: { path: OWN_CODE, pathNot: ["^sandbox/", ...SANDBOX_DOOR, "^test/"] },
      to: { path: "^sandbox/" },
    },
    {
      name: "sandbox-independent",
      severity: "error",
      comment: "The sandbox stands in for a third party: it does not import the integration that calls it, nor the demo generator.",
      from: { path: "^sandbox/" },
      to: { path: ["^lib/beer-platform/", "^lib/menus/catalogue\\.ts$", "^lib/demo/", "^lib/insights/"] },
    },
    {
      name: "openapi-only-from-its-route",
      severity: "error",
      comment:
        "lib/openapi builds the API description: only its route (app/api/v1/openapi/), the scripts that generate from it and tests import it; no handler depends on it.",
      from: { path: OWN_CODE, pathNot: ["^lib/openapi/", "^app/api/v1/openapi/", "^scripts/", "^test/"] },
      to: { path: "^lib/openapi/" },
    },
    {
      name: "demo-only-from-scripts-and-tests",
      severity: "error",
      comment: "lib/demo (seed data, activity generator) is imported only by scripts/, instrumentation.ts and tests.",
      from: { path: OWN_CODE, pathNot: ["^lib/demo/", "^scripts/", "^instrumentation\\.ts$", "^test/", "^e2e/"] },
      to: { path: "^lib/demo/" },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment:
        "A module nothing imports and that imports nothing is dead (app/ and pages/ files are entry points Next.js finds itself, as are those of the bench's floor app, scripts/bench-floor/app/).",
      from: {
        orphan: true,
        pathNot: [
          "\\.d\\.m?ts$",
          "(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$",
          "^[^/]+\\.config\\.(js|cjs|mjs|ts)$",
          "^app/",
          "^scripts/bench-floor/(app/|instrumentation\\.js$|next\\.config\\.mjs$)",
          "^server\\.ts$",
        ],
      },
      to: {},
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "Every import resolves (catches a path a file move left behind).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-non-package-json",
      severity: "error",
      comment: "Every package imported is declared in package.json (not merely present in node_modules).",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment: "Application code does not import devDependencies at run time (type-only imports are fine).",
      from: { path: ["^app/", "^components/", "^lib/", "^sandbox/", "^instrumentation\\.ts$", "^server\\.ts$"] },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"], pathNot: ["node_modules/@types/"] },
    },
    {
      name: "no-deprecated-core",
      severity: "error",
      comment: "No deprecated Node built-ins.",
      from: {},
      to: { dependencyTypes: ["core"], path: "^(punycode|domain|constants|sys|_linklist|_stream_wrap)$" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next|\\.next-[^/]+|\\.data|\\.server|lib/db/migrations|scripts/bench-floor/\\.next-[^/]+)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    moduleSystems: ["es6", "cjs"],
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
  },
};
