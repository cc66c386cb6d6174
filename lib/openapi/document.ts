import { z } from "zod";
import {
  bodyMediaType,
  declaredResponses,
  declaredSpec,
  offeredMethods,
  type DeclaredSpec,
  type Method,
  type RouteFn,
} from "@/lib/http/handler";
import { type BodyEnvelope, envelopeOf } from "@/lib/http/body";
import { problemResponse } from "@/lib/shared/schemas";
import { EXAMPLES } from "./examples";
import { PROBLEM_DESCRIPTIONS, problemStatuses } from "./problems";
import { V4_SCHEMAS, v4Paths } from "./v4";

// The OpenAPI 3.1 description of the API, generated from what every route declares: endpoint()'s
// params/query/body (declaredSpec) and success answers (declaredResponses), converted by zod's own
// z.toJSONSchema. The route modules are handed in by app/api/v1/openapi/ (lib never imports app/).

export type Json = Record<string, unknown>;
export type RouteModule = Partial<Record<string, RouteFn>>;
/** One route file: its OpenAPI path (`/api/v1/items/{id}`), its module, and a summary per verb. */
export type RouteEntry = { path: string; module: RouteModule; summaries?: Partial<Record<Method, string>> };
export type OpenApiDocument = Json & { openapi: string; paths: Record<string, Record<string, Json>> };

export const API_VERSION = "1.0.0";

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a request sends, or what an answer holds. */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  // `unrepresentable: "any"`: a refinement or a transform cannot be said in JSON Schema; the shape around it still is.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  return rest;
}

const header = (description: string, schema: Json = { type: "string" }) => ({ description, schema });
const REQUEST_ID = { "X-Request-Id": header("The request's id, also in problem bodies (`request_id`) and the log lines.") };
const PROBLEM_CONTENT = {
  "application/json": { schema: { $ref: "#/components/schemas/Problem" } },
  "application/problem+json": { schema: { $ref: "#/components/schemas/Problem" } },
};

function problemResponses(): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(PROBLEM_DESCRIPTIONS).map(([status, description]) => {
      const headers: Json = { ...REQUEST_ID };
      if (status === "401") headers["WWW-Authenticate"] = header("`Basic realm=…` (left out for page scripts).");
      if (status === "405") headers.Allow = header("The methods the path offers.");
      if (status === "429" || status === "503")
        headers["Retry-After"] = header("Seconds to wait before trying again.", { type: "integer" });
      return [`Problem${status}`, { description, headers, content: PROBLEM_CONTENT }];
    }),
  );
}

const operationId = (method: string, path: string) =>
  method.toLowerCase() +
  path
    .replace(/^\/api\/v1/, "")
    .split(/[/_.]/)
    .filter(Boolean)
    .map((part) => (part.startsWith("{") ? `By${part[1]!.toUpperCase()}${part.slice(2, -1)}` : part[0]!.toUpperCase() + part.slice(1)))
    .join("");

const tagOf = (path: string) => path.split("/")[3] ?? "api";

function objectParameters(schema: z.ZodType, where: "path" | "query"): Json[] {
  const js = jsonSchema(schema, "input");
  const properties = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property,
    ...(typeof property.description === "string" ? { description: property.description } : {}),
  }));
}

/** A body of one record is taken with or without its resource key (lib/http/body.ts): both forms are documented. */
function requestBody(body: z.ZodType, example: unknown): Json {
  const written = jsonSchema(body, "input");
  const envelope = envelopeOf(body);
  const schema = envelope ? { anyOf: [written, otherForm(written, envelope)] } : written;
  return {
    required: !body.safeParse(undefined).success,
    content: { [bodyMediaType(body)]: { schema, ...(example === undefined ? {} : { example }) } },
  };
}

/** The form of a body a client may send besides the one its schema is written in. */
function otherForm(written: Json, { key, form }: BodyEnvelope): Json {
  if (form === "bare") {
    return { type: "object", properties: { [key]: written }, required: [key], description: `The same fields under the \`${key}\` key.` };
  }
  const inner = (written.properties as Record<string, Json>)[key];
  return { ...inner, description: `The ${key}'s fields without the \`${key}\` key.` };
}

// Conditional reads (live-menus §2, lib/http/conditional.ts).
const CONDITIONAL_HEADERS = {
  ETag: header("Strong tag of this answer: the same stored data gives the same tag on every instance. Send it back in `If-None-Match`."),
  "Cache-Control": header("`private, no-cache`: keep the answer, but ask again (with `If-None-Match`) before each use."),
};
const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The `ETag` of an answer you keep: while it is still the current one, the answer is `304` without a body.",
  schema: { type: "string" },
};

function successHeaders(spec: DeclaredSpec): Json {
  if (!spec.deprecation) return REQUEST_ID;
  return {
    ...REQUEST_ID,
    Deprecation: header("RFC 9745: when the family was deprecated (`@<epoch seconds>`)."),
    Sunset: header(`RFC 8594: ${spec.deprecation.sunset}.`),
    ...(spec.deprecation.successor ? { Link: header(`\`<${spec.deprecation.successor}>; rel="successor-version"\``) } : {}),
  };
}

/** JSON, unless the schema names another media type (`.meta({ contentMediaType })`: the change stream's SSE). */
function mediaTypeOf(schema: z.ZodType): string {
  const meta = schema.meta() as { contentMediaType?: string } | undefined;
  return meta?.contentMediaType ?? "application/json";
}

function v1Operation(path: string, method: Method, route: RouteFn, summary: string | undefined): Json {
  const spec = declaredSpec(route)!;
  const declared = declaredResponses(route) ?? {};
  const examples = EXAMPLES[`${method} ${path}`];
  const responses: Json = {};
  for (const [status, schema] of Object.entries(declared)) {
    const example = examples?.responses?.[Number(status)];
    responses[status] = {
      description:
        status === "304" && spec.conditional
          ? "Not Modified: `If-None-Match` names the current tag; no body."
          : schema === null
            ? "Done; no body."
            : "Success.",
      headers: spec.conditional ? { ...successHeaders(spec), ...CONDITIONAL_HEADERS } : successHeaders(spec),
      ...(schema === null
        ? {}
        : { content: { [mediaTypeOf(schema)]: { schema: jsonSchema(schema, "output"), ...(example === undefined ? {} : { example }) } } }),
    };
  }
  for (const status of problemStatuses(method, spec)) responses[status] = { $ref: `#/components/responses/Problem${status}` };
  const deprecation = spec.deprecation;
  return {
    operationId: operationId(method, path),
    summary: summary ?? `${method} ${path}`,
    ...(deprecation
      ? {
          description: `Deprecated since ${deprecation.since}, removed from ${deprecation.sunset}${deprecation.successor ? `: use ${deprecation.successor}` : ""}.`,
          deprecated: true,
          "x-sunset": deprecation.sunset,
        }
      : {}),
    tags: [tagOf(path)],
    ...(spec.auth ? {} : { security: [] }),
    ...(spec.query || spec.conditional
      ? { parameters: [...(spec.query ? objectParameters(spec.query, "query") : []), ...(spec.conditional ? [IF_NONE_MATCH] : [])] }
      : {}),
    ...(spec.body ? { requestBody: requestBody(spec.body, examples?.request) } : {}),
    responses,
  };
}

function v1PathItem({ path, module, summaries }: RouteEntry): Json {
  const offered = offeredMethods(module);
  const withParams = offered.map((method) => declaredSpec(module[method]!)?.params).find(Boolean);
  const names = path.match(/\{(\w+)\}/g)?.map((name) => name.slice(1, -1)) ?? [];
  const parameters = withParams
    ? objectParameters(withParams, "path")
    : names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const allow = [...offered.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])), "OPTIONS"].join(", ");
  const item: Json = {
    description: `Offers ${allow}; any other method answers 405 (problem) with \`Allow: ${allow}\`. Also served with a \`.json\` suffix.`,
    ...(parameters.length ? { parameters } : {}),
  };
  for (const method of offered) item[method.toLowerCase()] = v1Operation(path, method, module[method]!, summaries?.[method]);
  item.options = {
    operationId: operationId("options", path),
    summary: "The methods this path offers",
    tags: [tagOf(path)],
    security: [],
    responses: { 204: { description: `\`Allow: ${allow}\`.`, headers: { ...REQUEST_ID, Allow: header("The methods the path offers.") } } },
  };
  return item;
}

const OTHER_PATHS: Record<string, Json> = {
  "/api/health": {
    get: {
      operationId: "getHealth",
      summary: "Liveness: the process answers (no database, no auth)",
      tags: ["operations"],
      security: [],
      responses: {
        200: {
          description: "Alive.",
          content: { "application/json": { schema: jsonSchema(z.strictObject({ status: z.literal("ok") }), "output") } },
        },
      },
    },
  },
  "/api/ready": {
    get: {
      operationId: "getReady",
      summary: "Readiness: the database answers",
      tags: ["operations"],
      security: [],
      responses: {
        200: {
          description: "Ready.",
          headers: REQUEST_ID,
          content: { "application/json": { schema: jsonSchema(z.strictObject({ status: z.literal("ready") }), "output") } },
        },
        503: { $ref: "#/components/responses/Problem503" },
      },
    },
  },
};

const DESCRIPTION = `The venue-management API (\`/api/v1\`) and the beer-platform forwarder (\`/api/v4\`), generated from the
same zod schemas the handlers parse and answer with.

**Authentication.** \`Authorization: Basic base64(email:token)\` with a token from \`POST /api/v1/sessions\`
(the read-write token, or the read-only one for reads), or the dashboard's session cookie.

**Errors.** \`/api/v1\` answers RFC 9457 problem details (\`application/problem+json\` when \`Accept\` names it,
otherwise the same body as \`application/json\`), with the \`error\` object beside them; \`/api/v4\` answers the
platform's error envelope.

**Paths.** Every \`/api/v1\` path also answers with a \`.json\` suffix (\`/api/v1/menus/1.json\`).`;

/** The whole document, from the route modules of /api/v1 (each with its OpenAPI path). */
export function buildDocument(routes: RouteEntry[]): OpenApiDocument {
  const v1 = Object.fromEntries(
    [...routes].sort((a, b) => a.path.localeCompare(b.path)).map((entry) => [entry.path, v1PathItem(entry)] as const),
  );
  const paths = { ...OTHER_PATHS, ...v1, ...v4Paths() } as OpenApiDocument["paths"];
  const tags = [
    ...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => (op as { tags?: string[] }).tags ?? []))),
  ];
  return {
    openapi: "3.1.0",
    info: { title: "Taproom API", version: API_VERSION, description: DESCRIPTION },
    servers: [{ url: "/", description: "This instance" }],
    security: [{ basic: [] }, { key: [] }, { session: [] }],
    tags: tags
      .sort()
      .map((name) => ({ name, description: name === "v4 forwarder" ? "The beer platform's v4 API, through this app." : `/${name}` })),
    paths,
    components: {
      securitySchemes: {
        basic: { type: "http", scheme: "basic", description: "email:token, the token from POST /api/v1/sessions." },
        key: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "tpk_…",
          description: "An integration key (POST /api/v1/api_keys): a verb outside its scopes is 403 forbidden_scope.",
        },
        session: { type: "apiKey", in: "cookie", name: "taproom_session", description: "The dashboard's session (POST /api/session)." },
      },
      schemas: { Problem: jsonSchema(problemResponse, "output"), ...V4_SCHEMAS },
      responses: problemResponses(),
    },
  };
}
