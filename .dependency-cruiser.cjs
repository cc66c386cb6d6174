// One-way layers, checked by `npm run lint:deps` (part of `npm run lint` and `npm test`).
// Paths are relative to the repository root; `@/…` imports are resolved through tsconfig.json.
// Type-only imports count everywhere (tsPreCompilationDeps): a type is still a dependency between layers.

/** Isomorphic helpers: no server module, no browser-only module; safe in components, lib/client and handlers. */
const PURE_HELPERS = ["^lib/format-price\\.ts$", "^lib/group-by\\.ts$", "^lib/zoned-time\\.ts$", "^lib/hours/open-now\\.ts$"];
/** What browser code (components/, lib/client/) may import from the repository. */
const CLIENT_SAFE = ["^components/", "^lib/client/", "^lib/schemas/", ...PURE_HELPERS];
/** Everything in the repository (as opposed to npm packages and Node built-ins). */
const OWN_CODE = "^(app|pages|components|lib|sandbox|scripts|test|e2e)/|^[^/]+\\.(ts|tsx|js|mjs|cjs)$";
/** Packages that only make sense on the server. */
const SERVER_PACKAGES = "(^|/)node_modules/(pg|pg-[^/]+|@electric-sql/pglite|drizzle-orm|drizzle-kit|server-only)/";

/** The deprecated custom-menus family: its own modules and its own routes. */
const CUSTOM_MENUS_FAMILY = ["^lib/custom-menus/", "^app/api/v1/custom_", "^app/api/v1/locations/[^/]+/custom_menus(/|$)"];
/** Consolidated routes that answer `include_legacy` through lib/custom-menus/include-legacy.ts. */
const CONSOLIDATED_ROUTES = "^app/api/v1/(menus|sections|items|containers|locations)/";

/**
 * Who may import the built-in sandbox (sandbox/): the app's one door, the beer-platform client's
 * transport seam; the sandbox's consent page for browsers (app/sandbox/); and the
 * demo data and scripts, which draw from the sandbox's seeded world so the demo's beers are its beers.
 */
const SANDBOX_DOOR = ["^lib/beer-platform/transport\\.ts$", "^app/sandbox/", "^lib/demo/", "^scripts/"];

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
      name: "db-not-to-domain",
      severity: "error",
      comment: "lib/db is the bottom layer: it imports only lib/db, lib/env.ts and lib/log.ts (and packages).",
      from: { path: "^lib/db/" },
      to: { path: OWN_CODE, pathNot: ["^lib/db/", "^lib/env\\.ts$", "^lib/log\\.ts$"] },
    },
    {
      name: "custom-menus-only-from-its-family",
      severity: "error",
      comment:
        "lib/custom-menus is a deprecated add-on: only its own modules, its routes, the consolidated routes (through include-legacy.ts, see next rule) and tests import it. This includes lib/menus.",
      from: { pathNot: [...CUSTOM_MENUS_FAMILY, CONSOLIDATED_ROUTES, "^test/"] },
      to: { path: "^lib/custom-menus/" },
    },
    {
      name: "consolidated-routes-only-include-legacy",
      severity: "error",
      comment: "Consolidated routes reach the deprecated family only through lib/custom-menus/include-legacy.ts.",
      from: { path: CONSOLIDATED_ROUTES, pathNot: CUSTOM_MENUS_FAMILY },
      to: { path: "^lib/custom-menus/", pathNot: "^lib/custom-menus/include-legacy\\.ts$" },
    },
    {
      name: "client-code-only-client-safe",
      severity: "error",
      comment:
        "components/ and lib/client/ run in the browser: they import only components/, lib/client/, lib/schemas/ and the pure helpers, never lib/db, lib/api, lib/auth, domain data modules or sandbox/.",
      from: { path: ["^components/", "^lib/client/"] },
      to: { path: OWN_CODE, pathNot: CLIENT_SAFE },
    },
    {
      name: "client-code-no-server-packages",
      severity: "error",
      comment: "Browser code imports no Node built-in and no database package.",
      from: { path: ["^components/", "^lib/client/", "^lib/schemas/", ...PURE_HELPERS] },
      to: { dependencyTypesNot: ["type-only"], path: SERVER_PACKAGES },
    },
    {
      name: "client-code-no-node-builtins",
      severity: "error",
      comment: "Browser code imports no Node built-in.",
      from: { path: ["^components/", "^lib/client/", "^lib/schemas/", ...PURE_HELPERS] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "schemas-isomorphic",
      severity: "error",
      comment: "lib/schemas is shared by handlers and forms: it imports only lib/schemas/ and the pure helpers (never lib/db).",
      from: { path: "^lib/schemas/" },
      to: { path: OWN_CODE, pathNot: ["^lib/schemas/", ...PURE_HELPERS] },
    },
    {
      name: "pure-helpers-stay-pure",
      severity: "error",
      comment: "The helpers browser code may import stay isomorphic: they import only each other and lib/schemas/.",
      from: { path: PURE_HELPERS },
      to: { path: OWN_CODE, pathNot: ["^lib/schemas/", ...PURE_HELPERS] },
    },
    {
      name: "lib-not-to-app",
      severity: "error",
      comment: "lib/ (the beer-platform integration included) and sandbox/ never import routes, pages or components.",
      from: { path: ["^lib/", "^sandbox/"] },
      to: { path: ["^app/", "^pages/", "^components/"] },
    },
    {
      name: "pages-only-serve-app-routes",
      severity: "error",
      comment:
        "pages/ holds only Pages Router API routes that serve an app route module's own verbs through lib/api/node-route.ts (next.config.ts rewrites to them): no logic, no other import.",
      from: { path: "^pages/" },
      to: { path: OWN_CODE, pathNot: ["^lib/api/node-route\\.ts$", "^app/api/v1/.+/route\\.ts$"] },
    },
    {
      name: "fast-path-only-from-instrumentation",
      severity: "error",
      comment:
        "lib/api/fast-path.ts answers requests before Next.js (server.mjs): only instrumentation.ts installs it, with the route it serves; nothing on the request path reaches it.",
      from: { pathNot: ["^instrumentation\\.ts$", "^lib/api/fast-path\\.ts$", "^test/"] },
      to: { path: "^lib/api/fast-path\\.ts$" },
    },
    {
      name: "instrumentation-binds-only-the-fast-path-route",
      severity: "error",
      comment: "instrumentation.ts may import one route module, the full menu's, to hand it to the fast path; no other.",
      from: { path: "^instrumentation\\.ts$" },
      to: { path: ["^app/", "^pages/", "^components/"], pathNot: "^app/api/v1/menus/\\[id\\]/route\\.ts$" },
    },
    {
      name: "pages-not-imported",
      severity: "error",
      comment: "pages/ files are entry points Next.js finds itself: nothing but their tests imports them.",
      from: { pathNot: "^test/" },
      to: { path: "^pages/" },
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
      to: { path: ["^lib/beer-platform/", "^lib/catalogue/", "^lib/demo/", "^lib/insights/"] },
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
      comment: "A module nothing imports and that imports nothing is dead (app/ and pages/ files are entry points Next.js finds itself).",
      from: {
        orphan: true,
        pathNot: ["\\.d\\.ts$", "(^|/)\\.[^/]+\\.(js|cjs|mjs|ts|json)$", "^[^/]+\\.config\\.(js|cjs|mjs|ts)$", "^app/", "^pages/"],
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
      from: { path: ["^app/", "^components/", "^lib/", "^sandbox/", "^instrumentation\\.ts$"] },
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
    exclude: { path: "^(\\.next|\\.next-[^/]+|\\.data|lib/db/migrations)/" },
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
